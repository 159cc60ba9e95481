import ArgumentParser
import Foundation
import Streamshot

/// The options that decide what a render looks like, shared by `render` and `profile`.
struct RenderArguments: ParsableArguments {
    @Option(help: "Display buffer: smooth (steady words), batched (every 50 ms), raw (as it arrives).")
    var pacing: String = "smooth"

    @Option(name: .customLong("direction-rule"), help: "How a direction is read: seed (an RTL letter in the first 30 characters) or first-strong (Unicode P2/P3).")
    var directionRule: String = "seed"

    @Option(name: .customLong("block-direction"), help: "auto: each block decides its own direction; response: every block takes the response's.")
    var blockDirection: BlockDirectionMode = .auto

    @Option(name: .customLong("writing-direction"), help: "auto, or force ltr / rtl for the response and every block (code stays LTR).")
    var writingDirection: WritingDirectionOption = .auto

    @Option(name: .customLong("text-align"), help: "auto, start, end, left, right, center or justify (resolved against each block's direction, once).")
    var textAlign: TextAlign = .auto

    @Option(name: .customLong("direction-lock"), help: "before-first-token (the rule), or none: re-read the direction from the shown text every frame, reproducing the direction-flip bug.")
    var directionLock: DirectionLock = .beforeFirstToken

    @Option(name: .customLong("align-resolution"), help: "css (the rule), or mirrored-twice: mirror RTL blocks again as Pango's auto-dir does, reproducing the double-mirroring bug.")
    var alignResolution: AlignmentResolution = .css

    @Option(name: .customLong("line-pitch"), help: "enforced (1.8 x the font size for Arabic, the rule), or font-relative: 1.8 x the font's height as Pango's line spacing does, reproducing the bug.")
    var linePitch: LinePitchMode = .enforced

    @Option(name: .customLong("encoder-threads"), help: "Threads that encode PNGs (default: one per core); the output bytes do not depend on it.")
    var encoderThreads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Viewport in points, WIDTHxHEIGHT.")
    var size: String = "390x844"

    @Option(help: "Pixels per point.")
    var scale: Double = 3

    @Option(help: "Frames per second of the virtual clock.")
    var fps: Double = 60

    @Option(help: "light or dark.")
    var theme: String = "light"

    @Option(help: "Fonts folder (default: STREAMSHOT_FONTS, ./Fonts, or the Fonts/ beside the executable's checkout).")
    var fonts: String?

    func validate() throws {
        guard PacingPolicy.named(pacing) != nil else {
            throw ValidationError("unknown pacing '\(pacing)': expected smooth, batched or raw")
        }
        guard DirectionRule.named(directionRule) != nil else {
            throw ValidationError("unknown direction rule '\(directionRule)': expected seed or first-strong")
        }
        guard Theme.named(theme) != nil else { throw ValidationError("unknown theme '\(theme)': expected light or dark") }
        guard let viewport = Viewport(size), viewport.width >= 100, viewport.height >= 100,
              viewport.width * scale <= 8192, viewport.height * scale <= 8192 else {
            throw ValidationError("--size must be WIDTHxHEIGHT in points, each at least 100 and at most 8192 pixels after --scale")
        }
        guard scale > 0, scale <= 4 else { throw ValidationError("--scale must be in (0, 4]") }
        guard fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240") }
    }

    func fontsDirectory() throws -> String {
        try StreamshotCLI.fontsDirectory(fonts)
    }

    func renderOptions() -> RenderOptions {
        var options = RenderOptions()
        let viewport = Viewport(size)!
        options.widthPt = viewport.width
        options.heightPt = viewport.height
        options.scale = scale
        options.fps = fps
        options.theme = Theme.named(theme)!
        options.pacing = PacingPolicy.named(pacing)!
        options.textAlign = textAlign
        options.direction = DirectionPolicy(rule: DirectionRule.named(directionRule)!, blockMode: blockDirection,
                                            forced: writingDirection.forced, lock: directionLock)
        options.alignmentResolution = alignResolution
        options.linePitch = linePitch
        options.encoderThreads = encoderThreads
        return options
    }

}
