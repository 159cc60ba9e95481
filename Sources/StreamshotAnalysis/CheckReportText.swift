import Foundation
import StreamshotManifest

/// A check report for people (one line per detector, then its findings) and for machines (JSON).
public enum CheckReportText {
    /// At most this many findings are listed per detector; the count says how many there were.
    public static let listedPerDetector = 12

    public static func readable(_ report: CheckReport, manifestPath: String) -> String {
        var lines = ["streamshot check \(manifestPath): \(report.passed ? "PASS" : "FAIL")"]
        for detector in report.detectors {
            let score = detector.score.map { String(format: " (score %.4f)", $0) } ?? ""
            if let reason = detector.notJudged {
                lines.append("  --   \(detector.name): not judged (\(reason))")
                continue
            }
            lines.append("\(detector.passed ? "  ok  " : "  FAIL") \(detector.name): \(detector.findings.count) finding(s)\(score)")
            for finding in detector.findings.prefix(listedPerDetector) {
                lines.append("         " + CheckReport.line(finding))
            }
            if detector.findings.count > listedPerDetector {
                lines.append("         … and \(detector.findings.count - listedPerDetector) more (--json lists them all)")
            }
        }
        lines += noteLines(report)
        lines += (report.unjudged ?? []).map { "  note not judged: \($0)" }
        lines += warningLines(report)
        return lines.joined(separator: "\n")
    }

    /// For each kind of finding the client's product note implies, that it is the note's design:
    /// the client fails the rule as the note says it would, not a new fault of this render.
    static func noteLines(_ report: CheckReport) -> [String] {
        guard let client = report.client else { return [] }
        let kinds = Set(report.findings.map(\.kind))
        return NoteExpectations.expected(forClient: client).filter { kinds.contains($0.kind) }.map { expected in
            let count = report.findings.filter { $0.kind == expected.kind }.count
            return "  note \(expected.kind.rawValue) (\(count)): the \(client) client's note implies it — \(expected.why)"
        }
    }

    /// The render's warnings, after the detectors: under `--strict` they fail the check.
    static func warningLines(_ report: CheckReport) -> [String] {
        guard !report.warnings.isEmpty else { return [] }
        let verdict = report.failsOnWarnings ? "  FAIL" : "  note"
        var lines = [
            "\(verdict) warnings: \(report.warnings.count) from the "
                + "render\(report.strict ? " (--strict: they fail the check)" : " (--strict makes them fail the check)")"
        ]
        for warning in report.warnings.prefix(listedPerDetector) {
            let time = warning.timeMs.map { " (\(JSONText.number($0, places: 0)) ms)" } ?? ""
            lines.append("         \(warning.kind.rawValue)\(time): \(warning.message)")
        }
        if report.warnings.count > listedPerDetector {
            lines.append("         … and \(report.warnings.count - listedPerDetector) more (--json lists them all)")
        }
        return lines
    }

    public static func json(_ report: CheckReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        struct Output: Encodable {
            let passed: Bool
            let report: CheckReport
        }
        let data = (try? encoder.encode(Output(passed: report.passed, report: report))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
