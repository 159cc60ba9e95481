import Foundation
import Streamshot
import StreamshotAnalysis

/// What a command leaves for CI: the JUnit file `--junit` asks for, and under GitHub Actions its
/// annotations and job summary (a command's verdict never depends on either being written).
enum CIReports {
    /// Writes `document` to `path` (its folder made if missing), naming the path when it cannot.
    static func writeJUnit(_ document: JUnitDocument, to path: String?) throws {
        guard let path else { return }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(document.xml.utf8).write(to: url)
        } catch {
            throw InputError("--junit \(path): cannot write the report (\(error.localizedDescription))")
        }
    }

    /// Annotates and summarises under GitHub Actions; a summary that cannot be written is said on
    /// standard error and does not change the command's result.
    static func github(_ github: GitHubActions?, annotate: (GitHubActions) -> Void, summary: () -> String) {
        guard let github else { return }
        annotate(github)
        do {
            try github.appendSummary(summary())
        } catch {
            FileHandle.standardError.write(Data("note: \(error)\n".utf8))
        }
    }
}
