import ArgumentParser
import StreamshotReview

extension StreamshotCommand {
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One offline HTML page of a test run's failing golden assertions (ARTIFACTS_DIR/report.html).",
            discussion: """
                For each failing assertion: expected, actual and diff of each differing moment with a slider, the stream's \
                timeline with the first diverging frame marked, the words that changed, and the command that accepts the change.
                """)

        @Argument(help: "The artifacts folder the golden tests wrote (default in a package: .build/streamshot-artifacts, or $STREAMSHOT_ARTIFACTS).")
        var artifactsDirectory: String

        @Option(name: .shortAndLong, help: "The page to write (default: ARTIFACTS_DIR/report.html). Its images are linked by relative path.")
        var output: String?

        func validate() throws {
            if let output, output.hasSuffix("/") { throw ValidationError("--output \(output): expected a file name, not a folder") }
        }

        func run() throws {
            let (path, contents) = try RunReport.write(artifacts: artifactsDirectory, to: output)
            let count = contents.entries.count
            print(count == 0 ? "no failing golden assertions in \(artifactsDirectory)" : "\(count) failing assertion(s)")
            for problem in contents.unreadable { print("skipped: \(problem)") }
            print("report: \(path)")
        }
    }
}
