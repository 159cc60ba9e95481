import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

@testable import StreamshotCalibration

/// The judge's precision in the suite: a pairwise-covering subset of the clean matrix (six
/// inputs — Arabic, Persian with GitHub's extras, English, code, a reasoning capture, a chat
/// capture — by every client, device, text size, theme, ending and reader action) must draw no
/// finding but what each client's note implies. `streamshot-bench judge` runs the whole matrix.
@Suite struct CleanMatrixTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let inputs = [
        "ar-lease.md", "fa-github-extras.md", "en-answer.md", "ar-code.md",
        "providers/anthropic-thinking-ar.sse", "providers/openai-chat-en.sse"
    ].map { root + "/Examples/" + $0 }

    @Test func aCleanMatrixDrawsNoFalseAlarm() throws {
        let matrix = CleanMatrix(inputs: Self.inputs)
        let cells = matrix.cells()
        #expect(cells.count >= 42 && cells.count <= 80, "\(cells.count) cells")
        var seen: [String: Set<Finding.Kind>] = [:]
        for cell in cells {
            let outcome = try matrix.judge(cell, fontsDirectory: Self.root + "/Fonts")
            #expect(outcome.falseAlarms.isEmpty, "\(cell): \(outcome.falseAlarms.map { "\($0.detector) frame \($0.frameIndex): \($0.message)" })")
            seen[cell.client, default: []].formUnion(outcome.findings.map(\.kind))
        }
        // The notes' faults show here too: a profile that stopped showing its note's rule (or a
        // detector that stopped seeing it) is a regression. The whole list is the benchmark's.
        #expect(seen["reference"] == [])
        for client in ["lume-polling", "cloude", "swiftui"] {
            let expected = Set(NoteExpectations.expected(forClient: client).map(\.kind))
            #expect(!(seen[client] ?? []).isDisjoint(with: expected), "\(client): \(seen[client] ?? [])")
        }
        #expect(seen["swiftui"]?.contains(.rawSyntax) == true)
        #expect(seen["cloude"]?.contains(.partialWord) == true)
    }

    /// Cells the whole matrix once called broken, clean now: a Hebrew table cell set against its
    /// column's left edge (`:--`) moves with that edge while the column eases, which is not a
    /// line sliding as it grows (`line-slid` measured it from the cell's right edge); a reader
    /// who stops mid-word sees the words before it, not «Cons|ider» (`partial-word`).
    @Test(arguments: [
        CleanMatrix.Cell(
            input: root + "/Examples/he-answer.md", client: "haqq-mobile", device: "iphone-14", textSize: "AX3", theme: "dark",
            ending: .error, reader: .dragTable),
        CleanMatrix.Cell(
            input: root + "/Examples/en-ar-mixed.md", client: "reference", device: "android-compact", textSize: "large",
            theme: "light", ending: .done, reader: .stop)
    ])
    func aCellTheMatrixOnceFlaggedIsClean(_ cell: CleanMatrix.Cell) throws {
        let outcome = try CleanMatrix(inputs: [cell.input]).judge(cell, fontsDirectory: Self.root + "/Fonts")
        #expect(outcome.falseAlarms.isEmpty, "\(outcome.falseAlarms.map { "\($0.detector) frame \($0.frameIndex): \($0.message)" })")
    }

    /// Each ending plan ends the render the way it says, and keeps the text before its cut.
    @Test(arguments: EndingPlan.allCases)
    func anEndingPlanEndsTheStreamAsNamed(_ plan: EndingPlan) throws {
        let matrix = CleanMatrix(inputs: [Self.inputs[0]])
        let cell = CleanMatrix.Cell(
            input: Self.inputs[0], client: "reference", device: "iphone-14", textSize: "large", theme: "light",
            ending: plan, reader: .none)
        var settings = try RenderSettings(arguments: matrix.baseArguments)
        settings.fonts = Self.root + "/Fonts"
        let transcript = plan.apply(to: try settings.job(input: .file(cell.input)).transcript())
        let texts = transcript.events.compactMap { if case .delta(let text) = $0.kind { return text } else { return nil } }.joined()
        let full = try String(contentsOfFile: cell.input, encoding: .utf8)
        #expect(full.hasPrefix(texts))
        if plan == .done || plan == .reconnectThenResume {
            #expect(texts == full)
        } else {
            #expect(texts.count * 10 >= full.count * 6 && texts.count < full.count)
        }
        let outcome = try matrix.judge(cell, fontsDirectory: Self.root + "/Fonts")
        #expect(outcome.falseAlarms.isEmpty, "\(outcome.falseAlarms.map(\.message))")
    }
}
