import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// `raw-syntax`: syntax GitHub would have drawn, left visible, found in the shown text by the
/// judge's own patterns.
@Suite struct RawSyntaxTests {
    static let source = """
        ## البند الأول

        يدفع المستأجر **١٢٬٥٠٠ درهم** شهريًا[^1] وفق [القانون](https://example.org/law)، ويُكتب الأمر `**not bold**` هكذا.

        [^1]: المادة ٤٩٠.

        """

    /// The reference render of `source`, and the same with block `index`'s text replaced by
    /// `text` (what a client that draws the Markdown raw would show).
    private static func manifests(replacing index: Int? = nil, with text: String = "") throws -> Manifest {
        var options = Fixtures.smallOptions()
        options.encodesFrames = false
        var manifest = try Fixtures.job(source, network: .instant, options: options).render { _, _ in }
        if let index { manifest.blocks[index].text = text }
        return manifest
    }

    private static func findings(_ manifest: Manifest) -> [Finding] {
        Detector.check(manifest).detectors.first { $0.name == "raw-syntax" }!.findings
    }

    @Test func theReferenceShowsNoSyntax() throws {
        let manifest = try Self.manifests()
        #expect(Self.findings(manifest).isEmpty, "\(Self.findings(manifest).map(\.message))")
        // The code span's `**not bold**` is shown, on purpose, and is not counted.
        #expect(manifest.blocks.contains { $0.text.contains("**not bold**") })
    }

    /// A client that shows the answer's Markdown as it came: each piece of syntax is named.
    @Test func markdownDrawnRawIsCaught() throws {
        let raw = "يدفع المستأجر **١٢٬٥٠٠ درهم** شهريًا[^1] وفق [القانون](https://example.org/law) و<b>نهائيًا</b>"
        let findings = Self.findings(try Self.manifests(replacing: 1, with: raw))
        #expect(
            findings.map(\.message) == [
                "block 1 (paragraph) shows emphasis markers as text: a reader sees \"**١٢٬٥٠٠ درهم**\" where GitHub draws it",
                "block 1 (paragraph) shows link brackets as text: a reader sees \"[القانون](https://example.org/law)\" where GitHub draws it",
                "block 1 (paragraph) shows a footnote reference as text: a reader sees \"[^1]\" where GitHub draws it",
                "block 1 (paragraph) shows an HTML tag as text: a reader sees \"<b>\" where GitHub draws it",
                "block 1 (paragraph) shows an HTML tag as text: a reader sees \"</b>\" where GitHub draws it"
            ])
        #expect(findings.allSatisfy { $0.blockId == 1 && $0.frameIndex > 0 })
        // The block kind is not trusted: a heading whose text still has its hashes is caught.
        let heading = Self.findings(try Self.manifests(replacing: 0, with: "## البند الأول"))
        #expect(heading.first?.message.contains("shows heading hashes as text") == true)
        let bullet = Self.findings(try Self.manifests(replacing: 1, with: "- أولًا\n- ثانيًا"))
        #expect(bullet.count == 2 && bullet.first?.message.contains("a list marker as text") == true)
        // A code block drawn as a paragraph: its fences show, backticks or tildes, up to three spaces in.
        for fence in ["```swift\nlet rent = 12_500\n```", "   ~~~\nrent()\n~~~"] {
            let findings = Self.findings(try Self.manifests(replacing: 1, with: fence))
            #expect(findings.first?.message.contains("shows a code fence as text") == true, "\(fence): \(findings.map(\.message))")
        }
    }

    /// What GitHub itself shows as text is not counted.
    @Test func whatGitHubShowsRawIsNotCounted() throws {
        for text in [
            "2 * 3 * 4 = 24", "مبلغ ودیعه* پس از تخلیه", "snake_case_name and foo_bar", "مرجع [^2] غير معرّف",
            "<script>alert(1)</script> <title>x</title>", "a ** b ** c", "[bracketed] (aside)", "#hashtag and 1 # 2",
            "القيمة **not bold** في الشيفرة",
            "```inline code``` in a line", "    ```indented four: code, not a fence", "`` ` `` and ~~ two"
        ] {
            let findings = Self.findings(try Self.manifests(replacing: 1, with: text))
            #expect(findings.isEmpty, "\(text): \(findings.map(\.message))")
        }
    }

    /// A quote's marker and an alert's, drawn as text, are named; a comparison at a line's start is not.
    @Test func quoteAndAlertMarkersAreCaught() throws {
        let cases = [
            ("> يلتزم المستأجر بالدفع", "a quote marker as text"), ("> [!WARNING]", "an alert marker as text"),
            ("[!note] Read the whole clause", "an alert marker as text")
        ]
        for (text, what) in cases {
            let findings = Self.findings(try Self.manifests(replacing: 1, with: text))
            #expect(findings.contains { $0.message.contains("shows \(what)") }, "\(text): \(findings.map(\.message))")
        }
        for text in ["> 5 days after notice", ">= 10% of the rent", "the rate > the cap"] {
            let findings = Self.findings(try Self.manifests(replacing: 1, with: text))
            #expect(findings.isEmpty, "\(text): \(findings.map(\.message))")
        }
    }

    /// Raw TeX is what the reader of a Persian answer about pro-rata rent saw: display and inline
    /// math, and TeX commands whatever their delimiters, are caught; dollars GitHub shows as text
    /// are not.
    @Test func rawMathIsCaught() throws {
        let cases = [
            ("اجاره روزانه $$R = \\frac{45{,}000{,}000}{30}$$ است", "display math as TeX"),
            ("جریمه $0.5\\%$ در روز", "inline math as TeX"),
            ("المبلغ \\(a \\times \\tfrac{d}{n}\\) يوميًا", "a TeX command as text")
        ]
        for (text, what) in cases {
            let findings = Self.findings(try Self.manifests(replacing: 1, with: text))
            #expect(findings.contains { $0.message.contains("shows \(what)") }, "\(text): \(findings.map(\.message))")
        }
        for text in ["costs $100 a day", "between 50$ to 60$ each", "a price of $5 and $6", "the path C:\\temp is code-free"] {
            let findings = Self.findings(try Self.manifests(replacing: 1, with: text))
            #expect(findings.isEmpty, "\(text): \(findings.map(\.message))")
        }
    }
}

/// Emphasis markers a reader saw while the block streamed, then saw vanish with the words kept.
@Suite struct StreamedEmphasisTests {
    @Test func markersThatVanishedWithTheWordsKeptAreNamed() {
        #expect(RawSyntax.vanishedEmphasis(shown: "المطالبة بـ*ضمان العيوب", next: "المطالبة بـضمان العيوب الخفية") == "المطالبة بـ*ضمان العيوب")
        #expect(RawSyntax.vanishedEmphasis(shown: "The **tenant", next: "The tenant pays") == "The **tenant")
        // Text that only grew, a product kept, a marker that stayed: nothing vanished.
        #expect(RawSyntax.vanishedEmphasis(shown: "The tenant", next: "The tenant pays") == nil)
        #expect(RawSyntax.vanishedEmphasis(shown: "costs 2*3", next: "costs 2*3 = 6") == nil)
        #expect(RawSyntax.vanishedEmphasis(shown: "a snake_case name", next: "a snake_case name here") == nil)
    }

    /// The reference opens emphasis after a tatweel while it streams: the reader never sees the
    /// markers of «بـ*ضمان العيوب*» or «بـ**ضمان**» (it saw the first until this was fixed).
    @Test func theReferenceNeverShowsEmphasisMarkersAfterATatweel() throws {
        let text = "يحق لك المطالبة بـ*ضمان العيوب الخفية* خلال سنة من التسليم، وبـ**ضمان الصلاحية** كذلك.\n"
        let manifest = try Fixtures.job(text).render { _, _ in }
        let findings = Detector.check(manifest).detectors.flatMap(\.findings).filter { $0.kind == .rawSyntax }
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }
}

/// The body of a closed `<details>`, shown: GitHub draws the summary alone until it is tapped.
@Suite struct ClosedDetailsTests {
    static let source = """
        يستحق المبلغ خلال ثلاثين يومًا من تاريخ الإخطار.

        <details>
        <summary>طريقة الحساب</summary>

        يحسب المبلغ **المستحق** بحسب عدد الأيام المتبقية من مدة العقد.

        </details>

        """

    private static func findings(_ manifest: Manifest) -> [Finding] {
        Detector.check(manifest).detectors.first { $0.name == "raw-syntax" }!.findings
    }

    private static func render(_ source: String) throws -> Manifest {
        var options = Fixtures.smallOptions()
        options.encodesFrames = false
        return try Fixtures.job(source, network: .instant, options: options).render { _, _ in }
    }

    @Test func theReferenceHidesTheBodyAndPasses() throws {
        let manifest = try Self.render(Self.source)
        #expect(!manifest.blocks.contains { $0.text.contains("الأيام المتبقية") })
        #expect(Self.findings(manifest).isEmpty, "\(Self.findings(manifest).map(\.message))")
    }

    /// A client that draws the body anyway is named, with the summary and the words.
    @Test func aShownBodyIsNamed() throws {
        var manifest = try Self.render(Self.source)
        let index = try #require(manifest.blocks.firstIndex { $0.text.contains("طريقة الحساب") })
        manifest.blocks[index].text += "\nيحسب المبلغ المستحق بحسب عدد الأيام المتبقية من مدة العقد."
        let findings = Self.findings(manifest)
        #expect(
            findings.count == 1 && findings[0].message.contains("shows the body of a closed <details> «طريقة الحساب»")
                && findings[0].message.contains("يحسب المبلغ المستحق بحسب عدد"), "\(findings.map(\.message))")
    }

    /// Quiet where the body may show: an `open` one, words the answer also says outside it, a
    /// `<details>` inside code, and lines too short to tell apart.
    @Test func whatMayShowIsNotCalled() {
        let open = "<details open>\n<summary>S</summary>\n\nThe amount due is prorated daily.\n\n</details>\n"
        #expect(ClosedDetails(source: open).bodies.isEmpty)
        let repeated = "The amount due is prorated daily.\n\n<details>\n<summary>S</summary>\n\nThe amount due is prorated daily.\n\n</details>\n"
        #expect(ClosedDetails(source: repeated).bodies.isEmpty)
        let code = "```html\n<details>\n<summary>S</summary>\nThe amount due is prorated daily.\n</details>\n```\n"
        #expect(ClosedDetails(source: code).bodies.isEmpty)
        let short = "<details>\n<summary>S</summary>\n\nSee above.\n\n</details>\n"
        #expect(ClosedDetails(source: short).bodies.isEmpty)
        // Nested inside a closed one: one body, the outer one's, holding both.
        let nested =
            "<details><summary>A</summary>\n\nThe outer body has words enough.\n\n<details><summary>B</summary>\n\n"
            + "The inner body has words enough.\n\n</details>\n</details>\n"
        let bodies = ClosedDetails(source: nested).bodies
        #expect(bodies.count == 1 && bodies[0].summary == "a" && bodies[0].probes.count == 2, "\(bodies)")
    }
}
