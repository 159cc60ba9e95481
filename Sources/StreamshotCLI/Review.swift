import ArgumentParser
import Foundation
import Streamshot
import StreamshotGraphics
import StreamshotReview

extension StreamshotCommand {
    struct Review: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Review a render: a contact sheet of key frames, a timeline plot, an animated PNG at real speed (MP4/GIF when ffmpeg is installed) and RENDER_DIR/report.html.")

        @Argument(help: "A render folder (from `render`).")
        var renderDirectory: String

        @Option(name: .shortAndLong, help: "Output folder (default: RENDER_DIR/review).")
        var out: String?

        @Option(help: "Seconds between the contact sheet's timed frames.")
        var every: Double = 2

        @Option(name: .customLong("animation-scale"), help: "Size of the animation relative to the frames.")
        var animationScale: Double = 0.25

        @Option(help: "A folder of failed golden images (STREAMSHOT_ARTIFACTS) to show in the report with an expected/actual slider.")
        var artifacts: String?

        @Option(help: "Fonts folder for labels (default as for render).")
        var fonts: String?

        func run() throws {
            let render = try RenderDirectory(path: renderDirectory)
            let output = try StreamshotReview.Review(render: render, fonts: try FontLibrary(directory: try fontsDirectory(fonts)))
                .write(to: out ?? (renderDirectory as NSString).appendingPathComponent("review"), everyMs: every * 1000,
                       animationScale: animationScale, goldenArtifacts: artifacts)
            print("contact sheet: \(output.contactSheet)\ntimeline: \(output.timeline)\nanimation: \(output.animation)\nreport: \(output.report)")
            for file in output.video { print("video: \(file)") }
            if let note = output.videoNote { print("note: \(note)") }
        }
    }

    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Two renders of the same stream side by side, aligned by time, with a diff: a combined contact sheet and an A | B | diff animation.")

        @Argument(help: "Render A.")
        var a: String

        @Argument(help: "Render B.")
        var b: String

        @Option(name: .shortAndLong, help: "Output folder.")
        var out: String = "compare"

        @Option(help: "Seconds between the contact sheet's rows.")
        var every: Double = 1

        @Option(help: "Fonts folder for labels (default as for render).")
        var fonts: String?

        func run() throws {
            let result = try Comparison(a: try RenderDirectory(path: a), b: try RenderDirectory(path: b),
                                        fonts: try FontLibrary(directory: try fontsDirectory(fonts)))
                .write(to: out, everyMs: every * 1000)
            print("contact sheet: \(result.contactSheet)\nside by side: \(result.animation)")
        }
    }
}
