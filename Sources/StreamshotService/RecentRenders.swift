import Foundation
import StreamshotReview

/// The front page's list of recent renders and live sessions, newest first, each with its newest
/// frame and the links to follow it: shown only by a service without tokens, since the front page
/// is open to anyone who reaches it and a job's frames are its client's.
struct RecentRenders {
    /// How many the page lists.
    static let shown = 20

    let jobs: [RenderJobRecord]
    /// Whether a job is a live session still taking events.
    let isOpenSession: (String) -> Bool

    /// The newest `shown` of `jobs`.
    init(_ jobs: [RenderJobRecord], isOpenSession: @escaping (String) -> Bool) {
        self.jobs = Array(jobs.sorted { ($0.createdAtMs, $0.id) > ($1.createdAtMs, $1.id) }.prefix(Self.shown))
        self.isOpenSession = isOpenSession
    }

    /// The section: a table of renders, or a line saying there are none yet.
    var html: String {
        guard !jobs.isEmpty else { return "<h2>Recent renders</h2>\n<p>None yet: submit one (above), or open a live session.</p>" }
        return "<h2>Recent renders</h2>\n<table class=\"renders\">\n" + jobs.map(row).joined(separator: "\n") + "\n</table>"
    }

    private func row(_ job: RenderJobRecord) -> String {
        let base = "/v1/renders/\(job.id)"
        let hasFrame = job.status == .succeeded || (job.status == .running && job.framesDone > 0)
        let thumbnail = hasFrame ? "<img src=\"\(base)/frames/latest.png\" alt=\"its newest frame\" width=\"64\">" : ""
        let kind = isOpenSession(job.id) ? "live session, open" : job.input.rawValue
        var links = ["<a href=\"\(base)/watch\">watch</a>", "<a href=\"\(base)\">status</a>"]
        if job.status == .succeeded {
            links += ["<a href=\"\(base)/report.html\">report</a>", "<a href=\"\(base)/check\">check</a>", "<a href=\"\(base)/frames\">frames</a>"]
        }
        let frames = job.frames.map { "\($0) frames" } ?? "\(job.framesDone) frames so far"
        return "<tr><td>\(thumbnail)</td><td><code>\(escape(job.id.prefix(8)))</code> \(escape(kind))</td>"
            + "<td>\(escape(job.status.rawValue))\(job.ending.map { " (\(escape($0)))" } ?? ""), \(frames)</td><td>\(links.joined(separator: " · "))</td></tr>"
    }

    private func escape(_ text: some StringProtocol) -> String { HTMLReport.escape(String(text)) }
}
