import StreamshotManifest

/// A check report in CI's own words: a JUnit suite with a test case per detector, and under
/// GitHub Actions an annotation per failing rule and a table in the job summary.
extension CheckReport {
    /// The suite for the render at `name` (its folder as given): a case per detector, failed with
    /// its first finding as the message and every finding (frame, time, words) as the text;
    /// skipped when the detector could not judge; and a case for the render's warnings.
    public func junitSuite(name: String) -> JUnitDocument.Suite {
        var cases = detectors.map { detector -> JUnitDocument.Case in
            let outcome: JUnitDocument.Outcome
            if let reason = detector.notJudged {
                outcome = .skipped(message: reason)
            } else if detector.passed {
                outcome = .passed(output: detector.findings.isEmpty ? nil : Self.lines(detector.findings))
            } else {
                outcome = .failed(
                    message: Self.headline(detector), type: detector.findings.first?.kind.rawValue ?? detector.name,
                    details: Self.lines(detector.findings))
            }
            return JUnitDocument.Case(className: "streamshot.check", name: detector.name, outcome: outcome)
        }
        if !warnings.isEmpty {
            let listed = warnings.map { "\($0.kind.rawValue): \($0.message)" }.joined(separator: "\n")
            cases.append(
                JUnitDocument.Case(
                    className: "streamshot.check", name: "warnings",
                    outcome: failsOnWarnings
                        ? .failed(message: "--strict: the render has \(warnings.count) warning(s)", type: "warnings", details: listed)
                        : .passed(output: listed)))
        }
        return JUnitDocument.Suite(name: name, cases: cases)
    }

    /// An error annotation for each failing rule, named by the render it judged.
    public func annotate(_ github: GitHubActions, render: String) {
        for detector in detectors where !detector.passed && detector.notJudged == nil {
            github.error(Self.headline(detector), title: "streamshot check \(render): \(detector.name)")
        }
        if failsOnWarnings {
            github.error(
                "\(warnings.count) warning(s), the first: \(warnings[0].kind.rawValue): \(warnings[0].message)",
                title: "streamshot check \(render): --strict")
        }
    }

    /// The job summary's section: the verdict, then a row for each rule that failed or was not judged.
    public func summaryMarkdown(render: String) -> String {
        var lines = ["### \(passed ? "✅" : "❌") streamshot check `\(GitHubActions.cell(render))`: \(passed ? "pass" : "FAIL")", ""]
        let listed = detectors.filter { !$0.passed || $0.notJudged != nil }
        if !listed.isEmpty {
            lines += ["| Detector | Result | Findings | First finding |", "|---|---|---|---|"]
            for detector in listed {
                let result = detector.notJudged.map { "not judged: \($0)" } ?? "fail"
                let first = detector.findings.first.map(Self.line) ?? ""
                lines.append("| \(detector.name) | \(GitHubActions.cell(result)) | \(detector.findings.count) | \(GitHubActions.cell(first)) |")
            }
            lines.append("")
        }
        let passing = detectors.filter { $0.passed && $0.notJudged == nil }.map(\.name)
        if !passing.isEmpty { lines.append("Passed: \(passing.joined(separator: ", ")).") }
        if !warnings.isEmpty {
            lines.append("Warnings from the render: \(warnings.count)\(failsOnWarnings ? " (--strict: they fail the check)" : "").")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `reveal-cadence: 3 finding(s); frame 198 (12345 ms): …`.
    static func headline(_ detector: DetectorResult) -> String {
        guard let first = detector.findings.first else { return "\(detector.name): failed" }
        return "\(detector.name): \(detector.findings.count) finding(s); \(line(first))"
    }

    static func line(_ finding: Finding) -> String {
        "frame \(finding.frameIndex) (\(JSONText.number(finding.timeMs, places: 0)) ms): \(finding.message)"
    }

    static func lines(_ findings: [Finding]) -> String { findings.map(line).joined(separator: "\n") }
}
