import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis
@testable import StreamshotModel

/// `table-columns`: columns that move under the reader while a table streams, whichever way —
/// narrowing, widening, pushed along or coming back — are caught, but for a column a word wider
/// than it forced open (a word is never cut): that one, and the columns it pushes, are not judged.
@Suite struct TableColumnsTests {
    /// Every cell on one line on a phone: a browser widens a column at once as a longer cell arrives.
    static let roomy = """
        خلاصه تعهدات طرفین:

        | طرف | تعهد | مهلت |
        |---|---|---|
        | موجر | تحویل | ۱ مهر |
        | مستأجر | پرداخت اجاره ماهانه | پنجم هر ماه |
        | موجر | بیمه | سالانه |

        پایان.

        """
    /// Every cell one word: each column that widens does so to take a word wider than it.
    static let words = """
        Case numbers:

        | # | Reference | Filed |
        |---|---|---|
        | 1 | A-1 | 2026 |
        | 2 | RDC-2026-0004417 | 2026-01-15 |
        | 3 | KE-2026-11883 | 2026-02-01 |

        """

    private static func render(_ text: String, columns: ColumnRule) throws -> Manifest {
        var settings = try RenderSettings(arguments: "--network 3g --seed 2 --device iphone-se")
        settings.fonts = Fixtures.fontsDirectory
        var options = try settings.renderOptions()
        options.encodesFrames = false
        options.client.tableColumns = columns
        return try RenderJob(input: .text(text), options: options, fontsDirectory: Fixtures.fontsDirectory).render { _, _ in }
    }

    private static func findings(_ manifest: Manifest) -> [Finding] {
        Detector.check(manifest).detectors.first { $0.name == "table-columns" }!.findings
    }

    @Test func columnsThatWidenAtOnceAsRowsArriveAreCaught() throws {
        let jumps = Self.findings(try Self.render(Self.roomy, columns: .auto))
        #expect(jumps.contains { $0.kind == .columnJumped && $0.message.contains("«مهلت»") }, "\(jumps.map(\.message))")
    }

    @Test func theReferencesTableIsQuiet() throws {
        for text in [Self.roomy, Self.words] {
            #expect(Self.findings(try Self.render(text, columns: .settled)).isEmpty)
        }
    }

    @Test func aColumnAWordForcesWiderAndTheColumnsItPushesAreNotJudged() throws {
        let manifest = try Self.render(Self.words, columns: .auto)
        // The reference column did widen at once for a case number, pushing the date along.
        let widths = manifest.frames.compactMap { frame in frame.blocks.first { $0.kind == .table }?.cells?.first { $0.column == 1 }?.width }
        #expect(Set(widths).count > 1, "no column widened: the test shows nothing")
        #expect(Self.findings(manifest).isEmpty, "\(Self.findings(manifest).map(\.message))")
    }
}
