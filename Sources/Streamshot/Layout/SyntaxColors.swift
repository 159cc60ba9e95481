import StreamshotHighlight

/// Code's colours, token by token: GitHub's Primer syntax colours ("prettylights"), light and
/// dark, and their high-contrast themes' under Increase Contrast. Each reads at 4.5:1 or more on
/// its theme's code background (`SyntaxColorTests`). Markdown's emphasis keeps the text's colour.
public struct SyntaxColors: Sendable {
    public var comment, keyword, string, constant, entity, tag, variable, inserted, deleted: Color

    public static let light = SyntaxColors(
        comment: Color(hex: 0x59636E), keyword: Color(hex: 0xCF222E), string: Color(hex: 0x0A3069), constant: Color(hex: 0x0550AE),
        entity: Color(hex: 0x6639BA), tag: Color(hex: 0x116329), variable: Color(hex: 0x953800), inserted: Color(hex: 0x116329),
        deleted: Color(hex: 0x82071E))
    public static let dark = SyntaxColors(
        comment: Color(hex: 0x9198A1), keyword: Color(hex: 0xFF7B72), string: Color(hex: 0xA5D6FF), constant: Color(hex: 0x79C0FF),
        entity: Color(hex: 0xD2A8FF), tag: Color(hex: 0x7EE787), variable: Color(hex: 0xFFA657), inserted: Color(hex: 0xAFF5B4),
        deleted: Color(hex: 0xFFDCD7))
    public static let lightHighContrast = SyntaxColors(
        comment: Color(hex: 0x4C545E), keyword: Color(hex: 0xA0111F), string: Color(hex: 0x032563), constant: Color(hex: 0x023B95),
        entity: Color(hex: 0x622CBC), tag: Color(hex: 0x024C1A), variable: Color(hex: 0x702C00), inserted: Color(hex: 0x024C1A),
        deleted: Color(hex: 0x6E011A))
    public static let darkHighContrast = SyntaxColors(
        comment: Color(hex: 0xBDC4CC), keyword: Color(hex: 0xFF9492), string: Color(hex: 0xADDCFF), constant: Color(hex: 0x91CBFF),
        entity: Color(hex: 0xDBB7FF), tag: Color(hex: 0x72F088), variable: Color(hex: 0xFFB757), inserted: Color(hex: 0x72F088),
        deleted: Color(hex: 0xFFDCD7))

    /// The colour a kind of token is drawn in (nil: the text's own), and its weight or slant.
    func style(_ kind: TokenKind) -> (color: Color?, span: SpanStyle) {
        switch kind {
        case .comment: return (comment, [])
        case .keyword: return (keyword, [])
        case .string: return (string, [])
        case .constant: return (constant, [])
        case .entity: return (entity, [])
        case .tag: return (tag, [])
        case .variable: return (variable, [])
        case .heading: return (constant, .bold)
        case .emphasis: return (nil, .italic)
        case .strong: return (nil, .bold)
        case .inserted: return (inserted, [])
        case .deleted: return (deleted, [])
        }
    }

    /// Spans that colour `runs` (byte ranges of the code's text).
    func spans(_ runs: [TokenRun]) -> [TextSpan] {
        runs.map { run in
            let (color, span) = style(run.kind)
            return TextSpan(bytes: run.bytes, style: span, color: color)
        }
    }
}
