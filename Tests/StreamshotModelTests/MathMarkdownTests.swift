import StreamshotStyle
import Testing

@testable import StreamshotModel

/// Formulas in Markdown as GitHub reads them (and `\(…\)`, `\[…\]` as ChatGPT does), and how
/// they stream: never shown as `$` or raw TeX.
@Suite struct MathMarkdownTests {
    private func parse(_ text: String, ended: Bool = true) -> [Block] {
        var parser = BlockParser()
        parser.update(Array(text.unicodeScalars)[...], ended: ended)
        return parser.blocks
    }

    private func stream(_ text: String) -> [[Block]] {
        var parser = BlockParser()
        let scalars = Array(text.unicodeScalars)
        return (0...scalars.count).map { count in
            parser.update(scalars[..<count], ended: count == scalars.count)
            return parser.blocks
        }
    }

    @Test func inlineDollarsAreAFormulaThatIsOneObjectInTheText() throws {
        let block = try #require(parse("The rent $\\frac{R}{30}$ is due.").first)
        #expect(block.content.text == "The rent \u{FFFC} is due.")
        #expect(block.content.formulas.map(\.tex) == ["\\frac{R}{30}"])
        #expect(block.content.formulas.first?.written == "$\\frac{R}{30}$")
        let math = block.content.spans.filter { $0.style.contains(.math) }
        #expect(math.map(\.bytes) == [9..<12])
    }

    /// As KaTeX breaks an inline formula: after each top-level relation and operator, the
    /// pieces one left-to-right run with a zero-width space to break at between each two.
    @Test func anInlineFormulaIsSetAsPiecesALineMayBreakBetween() throws {
        let block = try #require(parse("The rent $R = 45{,}000{,}000 \\times \\frac{d}{n}$ is due.").first)
        #expect(block.content.text == "The rent \u{FFFC}\u{200B}\u{FFFC}\u{200B}\u{FFFC} is due.")
        #expect(block.content.formulas.map(\.piece) == [0, 1, 2])
        #expect(Set(block.content.formulas.map(\.written)) == ["$R = 45{,}000{,}000 \\times \\frac{d}{n}$"])
        let run = block.content.spans.filter { $0.style.contains(.leftToRight) }.map(\.bytes)
        #expect(run == [9..<24])
    }

    @Test func pricesAreNotFormulas() {
        for text in ["It costs $100 and more.", "from 50$ to 60$ a day", "pay $5, then $10.", "a lone $ sign"] {
            let block = parse(text).first
            #expect(block?.content.text == text, "\(text)")
            #expect(block?.content.formulas.isEmpty == true)
        }
    }

    @Test func underscoresAndBackslashesInsideAFormulaAreTeXNotMarkdown() throws {
        let block = try #require(parse("Set $a_1 + b_1 = \\{x\\}$ and *this* is emphasis.").first)
        #expect(Set(block.content.formulas.map(\.tex)) == ["a_1 + b_1 = \\{x\\}"])
        #expect(block.content.text == "Set \u{FFFC}\u{200B}\u{FFFC}\u{200B}\u{FFFC} and this is emphasis.")
        #expect(block.content.spans.contains { $0.style.contains(.italic) })
    }

    @Test func eachDelimiterReadsAsGitHubAndChatGPTReadThem() throws {
        let inline = try #require(parse("a \\(x^2\\) b $`y`$ c").first)
        #expect(inline.content.formulas.map(\.tex) == ["x^2", "y"])
        #expect(inline.content.formulas.allSatisfy { !$0.display })
        for display in ["$$\nA = \\frac{1}{2}\n$$", "\\[\nA = \\frac{1}{2}\n\\]", "```math\nA = \\frac{1}{2}\n```"] {
            let blocks = parse("Before.\n\n" + display + "\n\nAfter.")
            #expect(blocks.map(\.kind) == [.paragraph, .formula, .paragraph], "\(display)")
            #expect(blocks[1].content.formulas.map(\.tex) == ["A = \\frac{1}{2}"])
            #expect(blocks[1].content.formulas.first?.display == true)
        }
    }

    @Test func codeKeepsItsDollarsAsWritten() {
        let blocks = parse("Run `echo $HOME $PATH` now.\n\n```sh\nprice=$1 total=$2\n```")
        #expect(blocks[0].content.text == "Run echo $HOME $PATH now.")
        #expect(blocks[1].content.text == "price=$1 total=$2")
        #expect(blocks.allSatisfy { $0.content.formulas.isEmpty })
    }

    @Test func anEscapedDollarIsText() {
        #expect(parse("costs \\$5 and \\$6").first?.content.text == "costs $5 and $6")
    }

    @Test func aFormulaThatCannotBeReadShowsAsWrittenInCodeStyle() throws {
        let block = try #require(parse("See $\\frobnicate{x}$ here.").first)
        #expect(block.content.text == "See $\\frobnicate{x}$ here.")
        #expect(block.content.formulas.isEmpty)
        #expect(block.content.formulaErrors.map(\.written) == ["$\\frobnicate{x}$"])
        #expect(block.content.formulaErrors.first?.message.contains("\\frobnicate") == true)
        #expect(block.content.spans.contains { $0.style.contains(.monospace) })
    }

    @Test func whileStreamingNeitherDollarsNorTeXAreEverShown() {
        let answer = "الإيجار $R = 45{,}000{,}000 \\times \\frac{d}{n}$ ريال.\n\n$$\nA = R \\times \\frac{d}{n}\n$$\n\nثم \\(x_1\\) تم."
        for blocks in stream(answer) {
            for block in blocks {
                #expect(!block.content.text.contains("$"), "\(block.content.text)")
                #expect(!block.content.text.contains("\\"), "\(block.content.text)")
                #expect(!block.content.text.contains("frac"), "\(block.content.text)")
            }
        }
    }

    @Test func aFormulaShowsWholeOnceItsCloserArrives() {
        let frames = stream("Rent $R_d = \\frac{R}{30}$ per day.")
        let formulas = frames.compactMap { $0.first?.content.formulas.first?.tex }
        #expect(Set(formulas) == ["R_d = \\frac{R}{30}"])
    }

    @Test func aPriceStreamsWithoutBeingHeldBack() {
        var parser = BlockParser()
        let text = Array("It costs $100 a month".unicodeScalars)
        parser.update(text[...], ended: false)
        #expect(parser.blocks.first?.content.text.hasPrefix("It costs $100 a") == true)
    }

    @Test func aFootnoteReferenceBesideAFormulaKeepsTheFormula() throws {
        let block = try #require(parse("Rent $\\frac{R}{30}$ a day[^1].\n\n[^1]: As agreed.").first)
        #expect(block.content.formulas.map(\.tex) == ["\\frac{R}{30}"])
        #expect(block.content.text == "Rent \u{FFFC} a day1.")
        #expect(block.content.spans.contains { $0.style.contains(.math) && $0.bytes == 5..<8 })
    }

    @Test func anAlertsFirstParagraphKeepsItsFormulas() throws {
        let block = try #require(parse("> [!NOTE]\n> The rate is $\\tfrac{R}{30}$ a day.").first)
        #expect(block.content.formulas.map(\.tex) == ["\\tfrac{R}{30}"])
        #expect(block.content.text.contains("\u{FFFC}"))
    }
}
