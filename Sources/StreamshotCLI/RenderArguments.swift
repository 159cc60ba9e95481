import ArgumentParser
import Foundation
import Streamshot

/// The options that decide what a render looks like, shared by `render` and `profile`. Every
/// default is the library's own (`RenderOptions()`), so the CLI and the library cannot drift.
struct RenderArguments: ParsableArguments {
    private static let defaults = RenderOptions()

    @Option(help: "Display buffer: smooth (steady words), batched (every 50 ms), raw (as it arrives).")
    var pacing: PacingPolicy = defaults.client.pacing

    @Option(name: .customLong("direction-rule"), help: "How a direction is read: seed (an RTL letter in the first 30 characters) or first-strong (Unicode P2/P3).")
    var directionRule: DirectionRule = defaults.client.direction.rule

    @Option(name: .customLong("block-direction"), help: "auto: each block decides its own direction; response: every block takes the response's.")
    var blockDirection: BlockDirectionMode = defaults.client.direction.blockMode

    @Option(name: .customLong("writing-direction"), help: "auto, or force ltr / rtl for the response and every block (code stays LTR).")
    var writingDirection = WritingDirectionOption(defaults.client.direction.forced)

    @Option(name: .customLong("text-align"), help: "Resolved against each block's direction, once.")
    var textAlign: TextAlign = defaults.client.alignment.textAlign

    @Option(name: .customLong("direction-lock"), help: "before-first-token (the rule), or none: re-read the direction from the shown text every frame, reproducing the direction-flip bug.")
    var directionLock: DirectionLock = defaults.client.direction.lock

    @Option(name: .customLong("align-resolution"), help: "css (the rule), or mirrored-twice: mirror RTL blocks again as Pango's auto-dir does, reproducing the double-mirroring bug.")
    var alignResolution: AlignmentResolution = defaults.client.alignment.resolution

    @Option(name: .customLong("line-pitch"), help: "enforced (1.8 x the font size for Arabic, the rule), or font-relative: 1.8 x the font's height as Pango's line spacing does, reproducing the bug.")
    var linePitch: LinePitchMode = defaults.client.pitch.mode

    @Option(name: .customLong("bidi-controls"), help: "show (the default): draw each bidi embedding, override or isolate control as a boxed abbreviation and do not apply it; apply: let it reorder the text, as an unsuspecting client does (Trojan Source). Either way each one is a warning.")
    var bidiControls: BidiControlDisplay = defaults.bidiControls

    @Option(name: .customLong("encoder-threads"), help: "Threads that encode PNGs (default: one per core); the output bytes do not depend on it.")
    var encoderThreads: Int = defaults.encoderThreads

    @Option(help: "Viewport in points, WIDTHxHEIGHT.")
    var size = Viewport(width: defaults.widthPt, height: defaults.heightPt)

    @Option(help: "Pixels per point.")
    var scale: Double = defaults.scale

    @Option(help: "Frames per second of the virtual clock.")
    var fps: Double = defaults.fps

    @Option(help: "Colours.")
    var theme: Theme = defaults.theme

    @Option(help: "Fonts folder (default: STREAMSHOT_FONTS, ./Fonts, or the Fonts/ beside the executable's checkout).")
    var fonts: String?

    func validate() throws {
        guard scale > 0, scale <= 4 else { throw ValidationError("--scale must be in (0, 4]") }
        guard size.width >= 100, size.height >= 100, size.width * scale <= 8192, size.height * scale <= 8192 else {
            throw ValidationError("--size must be WIDTHxHEIGHT in points, each at least 100 and at most 8192 pixels after --scale")
        }
        guard fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240") }
    }

    func fontsDirectory() throws -> String {
        try StreamshotCLI.fontsDirectory(fonts)
    }

    func renderOptions() -> RenderOptions {
        var options = RenderOptions()
        options.widthPt = size.width
        options.heightPt = size.height
        options.scale = scale
        options.fps = fps
        options.theme = theme
        options.bidiControls = bidiControls
        options.client.pacing = pacing
        options.client.alignment = AlignmentPolicy(textAlign: textAlign, resolution: alignResolution)
        options.client.direction = DirectionPolicy(rule: directionRule, blockMode: blockDirection,
                                                   forced: writingDirection.forced, lock: directionLock)
        options.client.pitch.mode = linePitch
        options.encoderThreads = encoderThreads
        return options
    }
}
