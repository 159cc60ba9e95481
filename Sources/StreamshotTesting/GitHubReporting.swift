import Foundation
import StreamshotAnalysis

/// A failing assertion under GitHub Actions: an error annotation on the assertion's line (the
/// pull request shows it beside the code) and a section in the job summary with the cause, the
/// details and the command that accepts the change.
enum GitHubReporting {
    /// The run's GitHub Actions, when under it; a task may set its own (`$current.withValue`),
    /// as a harness that runs assertions on a team's behalf would.
    @TaskLocal static var current: GitHubActions? = GitHubActions()

    static func report(_ failure: SnapshotFailure, site: AssertionSite) {
        guard let github = current else { return }
        let test = site.identity.description + (site.cell.map { " · \($0)" } ?? "")
        github.error(
            ([failure.cause] + failure.details).joined(separator: "\n"), title: "\(test): \(failure.cause)",
            file: "\(site.filePath)", line: Int(site.line))
        let section = ["### ❌ \(test) (`\(site.place)`)", "", failure.cause, "", "```"] + failure.details + ["```", ""]
        do {
            try github.appendSummary(section.joined(separator: "\n"))
        } catch {
            site.note("could not write the job summary: \(error)")
        }
    }
}
