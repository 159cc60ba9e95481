import ArgumentParser
import Foundation
import Streamshot

extension StreamshotCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay a stream on a virtual frame clock; write OUT/frames/NNNNNN.png and OUT/manifest.json.")

        @OptionGroup var source: InputOptions

        @Option(name: .shortAndLong, help: "Output folder (created; stale frames in it are removed).")
        var out: String

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
            return options
        }

        func run() throws {
            // InputError and GraphicsError describe themselves; ArgumentParser prints them and exits 1.
            let transcript = try source.loadTranscript()
            guard let fontsDirectory = fonts ?? FontLocator.defaultDirectory() else {
                throw ValidationError("cannot find the Fonts/ folder: pass --fonts DIR or set STREAMSHOT_FONTS")
            }
            let renderer = try Renderer(fontsDirectory: fontsDirectory)
            let result = try renderer.render(transcript, options: renderOptions(), to: out,
                                             extraOptions: ["network": source.network, "seed": String(source.seed)])
            for warning in result.warnings {
                FileHandle.standardError.write(Data("warning: \(warning.message)\n".utf8))
            }
            print("\(result.frameCount) frames (\(result.distinctFrames) distinct), direction \(result.direction?.rawValue ?? "undecided"), \(result.warnings.count) warning(s) -> \(result.manifestPath)")
        }
    }
}
