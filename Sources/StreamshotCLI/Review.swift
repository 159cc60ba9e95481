import ArgumentParser
import Foundation
import Streamshot
import StreamshotGraphics
import StreamshotReview

extension StreamshotCommand {
    struct Review: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Review a render: a contact sheet of key frames, a timeline plot, an animated PNG at real speed (MP4/GIF when ffmpeg is installed) and "
                + "RENDER_DIR/report.html.")

        @Argument(help: "A render folder (from `render`).")
        var renderDirectory: String

        @Option(name: .shortAndLong, help: "Output folder (default: RENDER_DIR/review).")
        var out: String?

        @Option(parsing: .unconditional, help: "Seconds between the contact sheet's timed frames (0.05 to 3600).")
        var every: Double = 2

        @Option(name: .customLong("animation-scale"), parsing: .unconditional, help: "Size of the animation relative to the frames (0.05 to 1).")
        var animationScale: Double = 0.25

        @Option(help: "A folder of failed golden images (STREAMSHOT_ARTIFACTS) to show in the report with an expected/actual slider.")
        var artifacts: String?

        @Option(help: "Fonts folder for labels (default as for render).")
        var fonts: String?

        @Flag(help: "Also write side-by-side.png: A | B | diff as an animation at a quarter size, 10 pictures a second (at most 150).")
        var animation = false

        func validate() throws {
            try OptionRange.require(every, in: 0.05...3600, option: "--every", unit: " seconds")
            try OptionRange.require(animationScale, in: 0.05...1, option: "--animation-scale")
            if let out { try requireOutputFolder(out) }
        }

        /// On a terminal, what is being made now (a long render's animation takes a while); nothing in logs and pipes.
        static func sayWriting(_ what: String) {
            guard isatty(STDERR_FILENO) == 1 else { return }
            FileHandle.standardError.write(Data("writing \(what)…\n".utf8))
        }

        func run() throws {
            let render = try RenderDirectory(path: renderDirectory)
            try OptionRange.requireSteps(everySeconds: every, durationMs: render.durationMs, limit: Self.maxTimedFrames)
            let output = try StreamshotReview.Review(render: render, fonts: try FontLibrary(directory: try fontsDirectory(fonts)))
                .write(
                    to: out ?? (renderDirectory as NSString).appendingPathComponent("review"), everyMs: every * 1000,
                    animationScale: animationScale, goldenArtifacts: artifacts, writing: Self.sayWriting)
            print("contact sheet: \(output.contactSheet)\ntimeline: \(output.timeline)\nanimation: \(output.animation)\nreport: \(output.report)")
            for file in output.video { print("video: \(file)") }
            if let note = output.videoNote { print("note: \(note)") }
        }

        /// Timed frames the contact sheet is asked for at most (it shows the last 48 key frames;
        /// choosing among more only costs time).
        static let maxTimedFrames = 10_000
    }

    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Two renders of the same stream side by side, aligned by time, with a diff: a combined contact sheet; with --animation, an A | B "
                + "| diff animation too.")

        @Argument(help: "Render A.")
        var a: String

        @Argument(help: "Render B.")
        var b: String

        @Option(name: .shortAndLong, help: "Output folder.")
        var out: String = "compare"

        @Option(parsing: .unconditional, help: "Seconds between the contact sheet's rows (0.05 to 3600; at most 200 rows).")
        var every: Double = 1

        @Option(help: "Fonts folder for labels (default as for render).")
        var fonts: String?

        @Flag(help: "Also write side-by-side.png: A | B | diff as an animation at a quarter size, 10 pictures a second (at most 150).")
        var animation = false

        func validate() throws {
            try OptionRange.require(every, in: 0.05...3600, option: "--every", unit: " seconds")
            try requireOutputFolder(out)
        }

        func run() throws {
            let (renderA, renderB) = try RenderDirectory.both(a, b)
            // Each row holds three full-size frames in memory: the row count is what bounds it.
            try OptionRange.requireSteps(everySeconds: every, durationMs: max(renderA.durationMs, renderB.durationMs), limit: 200)
            var bar: ProgressBar?
            let result = try Comparison(a: renderA, b: renderB, fonts: try FontLibrary(directory: try fontsDirectory(fonts)))
                .write(to: out, everyMs: every * 1000, animation: animation) { done, total in
                    bar = bar ?? ProgressBar(expectedFrames: total, verb: "comparing", unit: "pictures")
                    bar?.update(framesDone: done)
                }
            bar?.finish()
            print("contact sheet: \(result.contactSheet)" + (result.animation.map { "\nside by side: \($0)" } ?? ""))
        }
    }
}
