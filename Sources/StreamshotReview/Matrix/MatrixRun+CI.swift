import Foundation
public import StreamshotAnalysis

/// A matrix run in CI's own words: a JUnit suite per input with a test case per cell, and under
/// GitHub Actions an annotation per failing cell (pinned to its input file) and a job summary.
extension MatrixRun.Output {
    /// A suite per input, in the order given; a case per cell, failed with the rules that failed
    /// (or why it could not be rendered), its report and the command that renders it alone.
    public func junit(inputs: [String]) -> JUnitDocument {
        let suites = inputs.map { input in
            JUnitDocument.Suite(
                name: input,
                cases: rows.filter { $0.input == input }.map { row in
                    let outcome: JUnitDocument.Outcome =
                        row.passed
                        ? .passed(output: nil)
                        : .failed(message: Self.reason(row), type: row.error == nil ? "check" : "render", details: details(row))
                    return JUnitDocument.Case(
                        className: "streamshot.matrix." + (input as NSString).lastPathComponent, name: row.title,
                        seconds: (row.renderMs + row.reviewMs) / 1000, outcome: outcome)
                })
        }
        return JUnitDocument(name: "streamshot matrix", suites: suites)
    }

    /// An error annotation for each failing cell, on its input file.
    public func annotate(_ github: GitHubActions) {
        for row in failing {
            github.error(Self.reason(row) + " — report: " + reportPath(row), title: "streamshot matrix: \(row.title)", file: row.input)
        }
    }

    /// The job summary's section: the count, then a row for each failing cell.
    public func summaryMarkdown() -> String {
        var lines = ["### \(failing.isEmpty ? "✅" : "❌") streamshot matrix: \(rows.count) cells, \(failing.count) failing", ""]
        if !failing.isEmpty {
            lines += ["| Input | Cell | Why | Report |", "|---|---|---|---|"]
            for row in failing {
                lines.append(
                    "| \(GitHubActions.cell(row.input)) | \(GitHubActions.cell(row.title)) | \(GitHubActions.cell(Self.reason(row))) | "
                        + "`\(GitHubActions.cell(reportPath(row)))` |")
            }
            lines.append("")
        }
        lines.append("The whole matrix: `\(GitHubActions.cell(html))` (keep the folder as the job's artifact to open it).")
        return lines.joined(separator: "\n") + "\n"
    }

    static func reason(_ row: MatrixRow) -> String {
        row.error.map { "could not render: \($0)" } ?? "check failed: \(row.check.failing.joined(separator: ", ")) (\(row.check.findings) finding(s))"
    }

    /// A cell's report, beside the matrix's own files.
    func reportPath(_ row: MatrixRow) -> String {
        ((html as NSString).deletingLastPathComponent as NSString).appendingPathComponent(row.report)
    }

    private func details(_ row: MatrixRow) -> String {
        ["report: \(reportPath(row))", "alone: streamshot render \(([row.input] + row.arguments).joined(separator: " ")) --out OUT"]
            .joined(separator: "\n")
    }
}
