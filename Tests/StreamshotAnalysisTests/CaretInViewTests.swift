import Foundation
import Streamshot
import StreamshotManifest
import Testing

@testable import StreamshotAnalysis

/// `caret-in-view`: the place the answer is being written stays on screen while the view is the
/// client's to move. Proven both ways on the render a reader of hidden renders called broken
/// (a Persian paragraph at AX3 on an iPhone SE over 3g, typed for 1.6 s below the screen while
/// the view glided after it at a third of a line a frame): the reference now keeps up, and the
/// view that did not is written back into its manifest and found.
@Suite struct CaretInViewTests {
    static let paragraph = """
        شهر اصفهان در دوران صفویه، به‌ویژه پس از آن‌که شاه عباس اول در سال ۱۰۰۶ هجری قمری پایتخت را از قزوین به این شهر منتقل کرد، به یکی از شکوهمندترین مراکز شهری جهان اسلام تبدیل شد؛ میدان نقش جهان با ابعادی نزدیک به ۵۶۰ متر در ۱۶۰ متر، که در آن زمان از بزرگ‌ترین میدان‌های شهری دنیا بود، هسته‌ی این طرح تازه را می‌ساخت و چهار بنای اصلی یعنی مسجد شاه، مسجد شیخ لطف‌الله، کاخ عالی‌قاپو و سردر بازار قیصریه را در چهار سوی خود جای داده بود، به‌گونه‌ای که قدرت سیاسی، دین، تجارت و زندگی روزمره‌ی مردم در یک فضای واحد به هم می‌پیوستند؛ خیابان چهارباغ با ردیف‌های چنار و جوی‌های آب و باغ‌های سلطنتی دو سوی آن، شهر قدیم را به زاینده‌رود و پل‌های باشکوهی چون سی‌وسه‌پل و بعدها پل خواجو وصل می‌کرد، و بازرگانان ارمنی که به فرمان شاه در محله‌ی جلفای نو ساکن شده بودند، شبکه‌ای از تجارت ابریشم را از هند تا ونیز و آمستردام اداره می‌کردند که ثروت آن به رونق معماری و هنر شهر کمک فراوانی کرد؛ سیاحان اروپایی مانند ژان شاردن و پیترو دلاواله در سفرنامه‌های خود از جمعیت چندصدهزارنفری، کاروانسراهای بی‌شمار، حمام‌ها، مدرسه‌ها و کاشی‌کاری‌های فیروزه‌ای اصفهان با شگفتی یاد کرده‌اند، و همین توصیف‌ها بود که عبارت مشهور «اصفهان نصف جهان» را در ذهن خوانندگان اروپایی نیز ماندگار کرد، هرچند که این شهر پس از حمله‌ی افغان‌ها در سال ۱۱۳۵ هجری قمری آسیب سختی دید و دیگر هرگز جایگاه پیشین خود را به‌عنوان پایتخت بازنیافت.
        """

    /// The render, without its pictures.
    static let manifest: Manifest = {
        let path = Fixtures.temporaryDirectory("caret") + "/isfahan.md"
        try! paragraph.write(toFile: path, atomically: true, encoding: .utf8)
        var settings = try! RenderSettings(arguments: ["--network", "3g", "--seed", "6", "--device", "iphone-se", "--text-size", "AX3"])
        settings.fonts = Fixtures.fontsDirectory
        return try! settings.job(input: .file(path)).render(into: FrameRecords())
    }()

    static func result(_ manifest: Manifest) -> CheckReport.DetectorResult {
        Detector.check(manifest).detectors.first { $0.name == Detector.caretInView.name }!
    }

    /// The text grows faster than a third of a line a frame, and the view follows it: the caret
    /// is never below the screen for as long as a stall.
    @Test func theReferenceKeepsTheCaretInViewWhenTextOutrunsTheGlide() throws {
        let manifest = Self.manifest
        let pitch = try #require(manifest.frames.flatMap(\.blocks).map(\.linePitch).max())
        let steps = zip(manifest.frames, manifest.frames.dropFirst()).map { $1.scroll - $0.scroll }
        #expect(steps.contains { $0 > pitch / 3 + 1 }, "the text never outran the glide: the test needs it to")
        let result = Self.result(manifest)
        #expect(result.passed, "\(result.findings.map(\.message))")
    }

    /// The caret held 750 ms below the screen, as a view that stopped following would leave it.
    static func hiddenForThreeQuartersOfASecond(from manifest: Manifest) throws -> (Manifest, first: Int) {
        var edited = manifest
        let first = try #require(edited.frames.firstIndex { $0.caret != nil && $0.timeMs > 2000 })
        for index in first..<(first + 45) {
            edited.frames[index].caret?.y = Double(edited.viewport.height) + 40
        }
        return (edited, first)
    }

    @Test func aCaretLeftBelowTheScreenIsFound() throws {
        let (edited, first) = try Self.hiddenForThreeQuartersOfASecond(from: Self.manifest)
        let result = Self.result(edited)
        let finding = try #require(result.findings.first)
        #expect(!result.passed && finding.kind == .caretOutOfView && finding.frameIndex == first)
        #expect(
            finding.values["durationMs"].map { $0 >= 749 } == true && finding.values["belowPx"] == 40 + (edited.frames[first].caret?.height ?? 0) / 2)
    }

    /// Below the screen because the reader scrolled up, or on the way down a trip they asked
    /// for: not the client's; nor text that arrived whole and slides up into view. A client
    /// trace is judged only where it says it is pinned.
    @Test func theReadersOwnScrollAndATracesUnpinnedFramesAreNotJudged() throws {
        var (edited, first) = try Self.hiddenForThreeQuartersOfASecond(from: Self.manifest)
        var dragged = edited
        dragged.interactions = [Manifest.Interaction(timeMs: dragged.frames[first].timeMs, action: "scroll", by: -400)]
        #expect(Self.result(dragged).passed)
        var tapped = edited
        tapped.interactions = [Manifest.Interaction(timeMs: tapped.frames[first].timeMs, action: "tap-new-content")]
        #expect(Self.result(tapped).passed)
        // A block that landed whole and slides into view: nothing is written while it is below.
        var landedWhole = edited
        for index in first..<(first + 45) { landedWhole.frames[index].revealedChars = landedWhole.frames[first].revealedChars }
        #expect(Self.result(landedWhole).passed)
        edited.options.client = .trace
        for index in first..<(first + 45) { edited.frames[index].pinned = false }
        #expect(Self.result(edited).passed)
        for index in first..<(first + 45) { edited.frames[index].pinned = true }
        #expect(!Self.result(edited).passed)
    }

    /// A team's client that draws no caret, as its trace shows it, at AX3 on an iPhone SE: one
    /// that says its view follows the answer's end (`pinned` true) but never scrolls writes the
    /// answer below the screen, found by where its newest text ends. Following the end passes;
    /// so does standing still while saying it does not follow (`pinned` false, or not said: its
    /// reader's view, which a trace does not record).
    @Test func aTraceThatSaysItFollowsButStandsStillIsFound() throws {
        func render(_ scroll: String?) throws -> CheckReport.DetectorResult {
            var lines = [
                #"{"t":0,"type":"start","version":1,"platform":"css"}"#,
                #"{"t":0,"type":"style","direction":"rtl","lineHeight":1.8}"#
            ]
            if let scroll { lines.append(#"{"t":0,"type":"scroll",\#(scroll)}"#) }
            let words = Self.paragraph.split(separator: " ")
            for (index, word) in words.enumerated() {
                lines.append(#"{"t":\#(100 + index * 40),"type":"show","append":"\#(index == 0 ? "" : " ")\#(word)"}"#)
            }
            lines.append(#"{"t":\#(140 + words.count * 40),"type":"end","kind":"done"}"#)
            let path = Fixtures.temporaryDirectory("caret-trace") + "/trace.jsonl"
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            var settings = try RenderSettings(arguments: ["--device", "iphone-se", "--text-size", "AX3"])
            settings.fonts = Fixtures.fontsDirectory
            var job = try settings.job(input: .file(path))
            job.options.encodesFrames = false
            let manifest = try job.render { _, _ in }
            #expect(manifest.warnings.isEmpty && !manifest.frames.contains { $0.caret != nil })
            return Self.result(manifest)
        }
        let stood = try render(#""offset":0,"pinned":true"#)
        let finding = try #require(stood.findings.first, "a view that says it follows and stands still passed")
        #expect(finding.kind == .caretOutOfView && finding.values["written"].map { $0 > 500 } == true, "\(finding.message)")
        #expect(try render(#""offset":1000000,"pinned":true"#).passed)
        #expect(try render(#""offset":0,"pinned":false"#).passed)
        #expect(try render(nil).passed)
    }
}
