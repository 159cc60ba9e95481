import Foundation
import StreamshotGraphics
import StreamshotMath
import Testing

@Suite struct MathSheetTests {
    @Test func writesASheetWhenAsked() throws {
        guard let path = ProcessInfo.processInfo.environment["STREAMSHOT_MATH_SHEET"] else { return }
        let formulas = [
            #"R = 45{,}000{,}000 \times \frac{d}{n}"#, #"x^2 + y_1^2 = z_{ij}'"#, #"\sum_{i=1}^{n} i = \frac{n(n+1)}{2}"#,
            #"\int_0^\infty e^{-x^2}\,dx = \frac{\sqrt{\pi}}{2}"#, #"\sqrt[3]{x+1} \le \sqrt{\frac{a}{b}}"#,
            #"\left( \frac{a}{b} \right)^2 \cdot \left[ x \right]"#, #"\begin{pmatrix} a & b \\ c & d \end{pmatrix}"#,
            #"f(x) = \begin{cases} 0 & x < 0 \\ 1 & x \ge 0 \end{cases}"#, #"\lim_{x \to 0} \frac{\sin x}{x} = 1"#,
            #"\hat{x} + \bar{y} + \vec{v} + \tilde{n}"#, #"\alpha\beta\Gamma\Delta \in \mathbb{R}"#,
            #"\text{rent} = 1{,}200 \times 0.5\%"#, #"\text{اجاره} = \tfrac{d}{30}"#,
            #"\left(\begin{matrix} a \\ b \\ c \\ d \\ e \end{matrix}\right) \left[\begin{matrix} a \\ b \\ c \\ d \end{matrix}\right]"#,
            #"\big( x \big) \Big( x \Big) \bigg( x \bigg) \Bigg( x \Bigg)"#, #"\left\{ \frac{1}{n} \;\middle|\; n \in \mathbb{N} \right\}"#,
            #"\binom{n}{k} + \dbinom{n}{k}, \ldots, x_1 \cdots x_n, f'(x) + f''(x) + x^{\prime}"#,
            #"\hat{\theta} = \operatorname*{arg\,max}_{\theta} \boldsymbol{\mu}"#
        ]
        try MathFixture.sheet(formulas, display: true, to: path)
        try MathFixture.sheet(formulas, display: false, to: path.replacingOccurrences(of: ".png", with: "-inline.png"))
    }
}

@Suite struct MathLineBreakTests {
    @Test func aFormulaBreaksAfterItsTopLevelRelationsAndOperators() throws {
        let pieces = try TeXParser.parse(#"P = 0.04 \times 18{,}000 = -720 + \frac{a = b}{c}"#).lineBreakPieces
        #expect(pieces.count == 5)  // P = | 0.04 × | 18,000 = | −720 + | the fraction
        // Nothing inside braces or a fraction is a place to break; a sign after `=` is not an operator.
        #expect(try TeXParser.parse(#"\frac{a = b}{c + d}"#).lineBreakPieces.count == 1)
        #expect(try TeXParser.parse(#"x = -y"#).lineBreakPieces.count == 2)
    }
}

@Suite struct MathBadInputTests {
    @Test func deepNestingIsAnErrorNotACrash() {
        #expect(throws: MathError.self) { try TeXParser.parse(String(repeating: "{", count: 10_000) + "x") }
        #expect(throws: MathError.self) { try TeXParser.parse(String(repeating: "\\sqrt", count: 10_000) + "x") }
        #expect((try? TeXParser.parse(String(repeating: "{", count: 20) + "x" + String(repeating: "}", count: 20))) != nil)
    }
}
