import ArgumentParser
import Foundation
import Streamshot
import StreamshotAnalysis
import StreamshotReview

extension StreamshotCommand {
    struct Matrix: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Render every input on every combination of devices, text sizes, themes and clients; check each cell; write OUT/matrix.json and "
                + "OUT/matrix.html. Exit 1 naming the cells that fail.")

        /// The streams, as `render` takes them, and the options every cell shares.
        @OptionGroup var options: RenderArguments

        var inputs: [String] { (try? options.parsed().inputs) ?? [] }

        @Option(help: "Devices, comma-separated: \(DevicePreset.all.map(\.name).joined(separator: ", ")).")
        var devices: ListOption<DevicePreset>?

        @Option(name: .customLong("text-sizes"), help: "Text sizes, comma-separated: Dynamic Type sizes (large, AX3, …) or scale:F.")
        var textSizes: ListOption<TextSize>?

        @Option(help: "Themes, comma-separated: \(Theme.all.map(\.name).joined(separator: ", ")).")
        var themes: ListOption<Theme>?

        @Option(help: "Clients, comma-separated: \(ClientProfile.builtin.map(\.name).joined(separator: ", ")).")
        var clients: ListOption<ClientProfile>?

        @Option(name: .shortAndLong, help: "Output folder: OUT/<input>/<cell>/ for each cell, OUT/matrix.json, OUT/matrix.html.")
        var out: String

        @Option(help: ArgumentHelp("Also write the matrix as JUnit XML: a suite per input, a test case per cell.", valueName: "file"))
        var junit: String?

        @Option(parsing: .unconditional, help: "Cells rendered at once (default: one per core).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        func validate() throws {
            try requireOutputFolder(out)
            try OptionRange.require(jobs, in: 1...64, option: "--jobs")
            guard !inputs.isEmpty else { throw ValidationError("Missing expected argument '<input-and-options>': the streams") }
            for input in inputs where !FileManager.default.isReadableFile(atPath: input) {
                throw ValidationError("\(input): cannot read the file")
            }
            let cells = matrix.count * inputs.count
            guard cells <= 10_000 else { throw ValidationError("the matrix has \(cells) cells: at most 10000") }
        }

        var matrix: RenderMatrix {
            RenderMatrix(
                devices: devices?.values ?? [], textSizes: textSizes?.values ?? [], themes: themes?.values ?? [],
                clients: clients?.values ?? [], size: given.size, scale: given.scale)
        }

        func run() throws {
            try run(github: GitHubActions())
        }

        /// The matrix, with GitHub Actions' annotations and summary when `github` is given.
        func run(github: GitHubActions?) throws {
            let base = try options.settings()
            let total = matrix.count * inputs.count
            let counter = CellCounter()
            let run = MatrixRun(
                inputs: inputs, matrix: matrix, base: base, sharedArguments: sharedArguments,
                fontsDirectory: base.fonts ?? "", jobs: jobs)
            let output = try run.write(to: out) { row in
                let done = counter.next()
                guard isatty(STDERR_FILENO) == 1 else { return }
                FileHandle.standardError.write(Data("[\(done)/\(total)] \(row.folder): \(row.passed ? "pass" : "FAIL")\n".utf8))
            }
            try CIReports.writeJUnit(output.junit(inputs: inputs), to: junit)
            CIReports.github(github, annotate: output.annotate, summary: output.summaryMarkdown)
            print("\(output.rows.count) cells, \(output.failing.count) failing -> \(output.html)")
            guard output.failing.isEmpty else {
                for row in output.failing {
                    print("FAIL \(row.folder): \(row.error ?? "check: " + row.check.failing.joined(separator: ", "))")
                }
                throw ExitCode(1)
            }
        }

        /// The options every cell shares, as given (the matrix's own and the inputs left out).
        var sharedArguments: [String] {
            ((try? options.parsed().spec) ?? RenderSpec()).arguments(in: RenderSettings.descriptors)
        }

        /// The size and scale given on the command line (nil: each cell's device's, or the default).
        var given: (size: ViewportSize?, scale: Double?) {
            let spec = (try? options.parsed().spec) ?? RenderSpec()
            return (spec["size"].flatMap { try? ViewportSize(optionValue: $0, option: "size") }, spec["scale"]?.numeric)
        }
    }
}

/// Cells finished so far, counted from the matrix's threads.
private final class CellCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

/// `a,b,c`: a comma-separated list of values an option takes one of.
struct ListOption<Value: ExpressibleByArgument>: ExpressibleByArgument {
    let values: [Value]

    init?(argument: String) {
        var values: [Value] = []
        for item in argument.split(separator: ",", omittingEmptySubsequences: true) {
            guard let value = Value(argument: item.trimmingCharacters(in: .whitespaces)) else { return nil }
            values.append(value)
        }
        guard !values.isEmpty else { return nil }
        self.values = values
    }
}
