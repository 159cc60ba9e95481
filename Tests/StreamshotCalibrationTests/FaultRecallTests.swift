import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

@testable import StreamshotCalibration

/// The judge's recall in the suite: every fault class planted in clean traces of two Arabic
/// answers, a Hebrew one and two English ones is named by the detector for it; the clean traces themselves pass.
/// `streamshot-bench judge` plants them in five answers on three devices.
@Suite struct FaultRecallTests {
    static let root = CleanMatrixTests.root
    static let fonts = root + "/Fonts"

    @Test(arguments: ["ar-lease.md", "he-answer.md", "en-answer.md", "ar-nda-draft.md", "en-obligations.md"])
    func everyPlantedFaultIsNamed(_ base: String) throws {
        let trace = try CleanTrace(input: Self.root + "/Examples/" + base, fontsDirectory: Self.fonts)
        let clean = try FaultRecall.check(trace, device: "iphone-14", fontsDirectory: Self.fonts)
        #expect(clean.findings.isEmpty, "\(base) clean: \(clean.findings.map(\.message))")
        // Contrast, judged only from pixels, passes the clean trace too (the planted pale text is found by it).
        let pixels = try FaultRecall.check(trace, device: "iphone-14", fontsDirectory: Self.fonts, pixels: true)
        #expect(
            pixels.detectors.first { $0.name == "contrast" }.map { $0.notJudged == nil && $0.findings.isEmpty } == true,
            "\(base) clean: \(pixels.findings.map(\.message))")
        for fault in FaultClass.allCases {
            guard let outcome = try FaultRecall.judge(fault, in: trace, base: base, device: "iphone-14", fontsDirectory: Self.fonts) else {
                // Pitch is Arabic's rule (not Hebrew's); a snap, or a view that stops following, needs an answer taller
                // than the screen (the long draft is); columns need a table whose columns change as it streams (the obligations table's do);
                // broken words a paragraph of three lines (the English answers' paragraphs have two at most).
                #expect(
                    (fault == .wrongPitch && !trace.arabic) || ([.scrollSnap, .caretHidden].contains(fault) && base != "ar-nda-draft.md")
                        || (fault == .columnsJump && base != "en-obligations.md")
                        || (fault == .brokenWords && ["en-obligations.md", "en-answer.md"].contains(base))
                        || Self.lacks(fault.rawKind, base),
                    "\(fault) could not be planted in \(base)")
                continue
            }
            #expect(outcome.found, "\(fault) in \(base) was not named")
        }
    }

    /// The kinds of syntax each answer holds none of (no HTML or fences in any of them; no bullets
    /// in the lease, the NDA draft or the obligations; no table in the lease or the draft; no
    /// emphasis in the lease or the obligations, whose one heading is a table's). Math, footnotes
    /// and a closed `<details>` the planter adds to any answer.
    private static func lacks(_ kind: RawSyntaxKind?, _ base: String) -> Bool {
        guard let kind else { return false }
        switch kind {
        case .tag, .fence: return true
        case .listMarker: return ["ar-lease.md", "ar-nda-draft.md", "en-obligations.md", "he-answer.md"].contains(base)
        case .tablePipes: return ["ar-lease.md", "ar-nda-draft.md"].contains(base)
        case .emphasis: return ["ar-lease.md", "en-obligations.md"].contains(base)
        case .heading: return base == "en-obligations.md"
        case .math, .footnote, .details: return false  // added to any answer
        }
    }
}
