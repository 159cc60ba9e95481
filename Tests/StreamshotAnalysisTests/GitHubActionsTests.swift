import Foundation
import Testing

@testable import StreamshotAnalysis

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Workflow commands as the runner reads them, and the job summary a step appends to.
@Suite struct GitHubActionsTests {
    @Test func onlyUnderGitHubActions() {
        #expect(GitHubActions(environment: [:]) == nil)
        #expect(GitHubActions(environment: ["GITHUB_ACTIONS": "false"]) == nil)
        #expect(GitHubActions(environment: ["GITHUB_ACTIONS": "true"]) != nil)
    }

    /// A message keeps its lines (as %0A) and its percent signs; a property cannot end early at a
    /// colon or a comma in a file name or title.
    @Test func annotationsEscapeWhatTheRunnerWouldReadAsSyntax() {
        let lines = Lines()
        var github = GitHubActions(environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/w/repo"])!
        github.emit = { line in lines.append(line) }
        github.error("50% done\nnext: line", title: "check a,b: c", file: "/w/repo/Tests/A.swift", line: 12)
        github.error("no file", title: "t", file: nil, line: 3)
        #expect(
            lines.all == [
                "::error file=Tests/A.swift,line=12,title=check a%2Cb%3A c::50%25 done%0Anext: line",
                "::error title=t::no file"
            ])
    }

    @Test func theSummaryIsAppendedNotReplaced() throws {
        let path = NSTemporaryDirectory() + "summary-\(UUID().uuidString).md"
        let github = GitHubActions(environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": path])!
        try github.appendSummary("one")
        try github.appendSummary("two\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\n")
        #expect(GitHubActions.cell("a|b\nc") == "a\\|b c")
    }

    /// The markup characters and the control characters XML 1.0 cannot hold, from a stream's
    /// words, leave the document well formed; Arabic is kept as it is.
    @Test func junitTextIsEscapedForXML() throws {
        let document = JUnitDocument(
            name: "n",
            suites: [
                .init(
                    name: "s",
                    cases: [
                        .init(
                            className: "c", name: "«بند» <1> & \"q\" 'a'", outcome: .failed(message: "bell\u{7} ok", type: "t", details: "x\u{0}y\nz")
                        )
                    ])
            ])
        let parsed = try XMLDocument(data: Data(document.xml.utf8))
        let testCase = try #require(try parsed.nodes(forXPath: "//testcase").first as? XMLElement)
        #expect(testCase.attribute(forName: "name")?.stringValue == "«بند» <1> & \"q\" 'a'")
        let failure = try #require(testCase.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "bell\u{FFFD} ok")
        #expect(failure.stringValue == "x\u{FFFD}y\nz")
    }
}

private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
