import StreamshotManifest

/// A JUnit XML report, as CI systems read one (Jenkins, GitLab, Buildkite, GitHub's test-report
/// actions): suites of test cases, each passed, failed with a message and details, or skipped.
/// Written by `check --junit` (a case per detector) and `matrix --junit` (a case per cell).
public struct JUnitDocument: Equatable, Sendable {
    public var name: String
    public var suites: [Suite]

    public init(name: String, suites: [Suite]) {
        self.name = name
        self.suites = suites
    }

    public struct Suite: Equatable, Sendable {
        public var name: String
        public var cases: [Case]

        public init(name: String, cases: [Case]) {
            self.name = name
            self.cases = cases
        }

        var failures: Int { cases.filter(\.outcome.isFailure).count }
        var skipped: Int { cases.filter(\.outcome.isSkipped).count }
    }

    public struct Case: Equatable, Sendable {
        public var className: String
        public var name: String
        public var seconds: Double?
        public var outcome: Outcome

        public init(className: String, name: String, seconds: Double? = nil, outcome: Outcome) {
            self.className = className
            self.name = name
            self.seconds = seconds
            self.outcome = outcome
        }
    }

    public enum Outcome: Equatable, Sendable {
        case passed(output: String? = nil)
        /// `type` names the kind of failure (a finding's kind); `details` is the element's text.
        case failed(message: String, type: String, details: String)
        case skipped(message: String)

        var isFailure: Bool { if case .failed = self { return true } else { return false } }
        var isSkipped: Bool { if case .skipped = self { return true } else { return false } }
    }

    public var xml: String {
        let cases = suites.flatMap(\.cases)
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"\(Self.escaped(name))\" tests=\"\(cases.count)\" "
                + "failures=\"\(suites.map(\.failures).reduce(0, +))\" errors=\"0\" skipped=\"\(suites.map(\.skipped).reduce(0, +))\">"
        ]
        for suite in suites {
            lines.append(
                "  <testsuite name=\"\(Self.escaped(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suite.failures)\" "
                    + "errors=\"0\" skipped=\"\(suite.skipped)\">")
            lines += suite.cases.map(Self.element)
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func element(_ testCase: Case) -> String {
        let time = testCase.seconds.map { " time=\"\(JSONText.number($0, places: 3))\"" } ?? ""
        let open = "    <testcase classname=\"\(escaped(testCase.className))\" name=\"\(escaped(testCase.name))\"\(time)"
        switch testCase.outcome {
        case .passed(nil):
            return open + "/>"
        case .passed(let output?):
            return open + ">\n      <system-out>\(escaped(output))</system-out>\n    </testcase>"
        case .failed(let message, let type, let details):
            return open + ">\n      <failure message=\"\(escaped(message))\" type=\"\(escaped(type))\">\(escaped(details))</failure>\n    </testcase>"
        case .skipped(let message):
            return open + ">\n      <skipped message=\"\(escaped(message))\"/>\n    </testcase>"
        }
    }

    /// Text safe in an attribute or an element: the five markup characters escaped, and the
    /// characters XML 1.0 cannot hold at all (C0 controls but tab, line feed and carriage return;
    /// U+FFFE, U+FFFF) replaced by U+FFFD, so a stream's stray control byte cannot make the
    /// report unreadable. Line breaks in attributes are kept as character references.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
