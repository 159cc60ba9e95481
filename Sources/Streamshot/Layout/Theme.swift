public import StreamshotGraphics

/// Colours and typographic metrics of a render. Sizes are in points; the renderer multiplies
/// them by the scale.
public struct Theme: Sendable {
    public var name: String
    public var background: Color
    public var text: Color
    public var secondaryText: Color
    public var codeBackground: Color
    public var rule: Color
    public var caret: Color
    public var accent: Color
    public var error: Color
    /// Link text (GitHub's link blues).
    public var link: Color
    /// The chip behind inline code, translucent so it reads on any background.
    public var codeChip: Color
    /// GitHub's alert colours (its Primer palette, light or dark).
    public var alerts = AlertColors.light
    /// Code's colours, token by token (a client that highlights code).
    public var syntax = SyntaxColors.light
    /// Status pills ("Reconnecting…"): a dark pill with white text stands out on a white page
    /// and on a black one (white on #3A3A3C is 11:1).
    public var pill = Color(hex: 0x3A3A3C)
    /// A chat bubble's fill: SwiftUI's `Color.gray.opacity(0.3)` (shared/seeds/003), in both themes.
    public var bubble = Color(hex: 0x8E8E93, alpha: 0.3)
    public var pillText = Color(hex: 0xFFFFFF)
    /// Buttons that act (Retry, Resume, Sign in): white on this blue is 6:1 (AA) in both themes.
    public var actionButton = Color(hex: 0x0058CC)
    /// A pill's height; it sits centred in the bottom inset, where the newest line never goes.
    public var pillHeight = 26.0

    public var bodySize = 17.0
    public var codeSize = 14.0
    /// A status pill's words (iOS's Footnote at the default text size), before they shrink to fit.
    public var labelSize = 13.0
    /// The caption under an answer ("typing…", iOS's Caption 1).
    public var captionSize = 12.0
    /// How much the text size setting enlarged body text (53/17 at AX5): the sizes drawn around
    /// text (list indents, task boxes, the dots) grow with it.
    public var textScale = 1.0
    /// The Bold Text accessibility setting: regular text is set bold (Fonts/ has Regular and Bold).
    public var boldText = false
    public var margin = 16.0
    /// The space pinned content keeps below its last line: a phone's composer sits there (a 44 pt
    /// text field, iOS's minimum touch target, with 6 pt above and below, rounded up to 56 pt, the
    /// height of Material's bottom bars), so the newest line stays clear of it and of the frame's edge.
    public var bottomInset = 56.0
    /// The widest a text column gets (about 75 characters of body text): on a tablet, lines of
    /// 120 characters are hard to follow, so the column stays this wide, centred.
    public var maxReadingWidth = 680.0
    public var blockSpacing = 12.0
    /// Above a heading (GitHub sets 24 px): clearly more than the gap between a heading's own
    /// lines, so a two-line Arabic heading at the 1.8x pitch never reads as two headings.
    public var headingSpacing = 24.0
    /// Between the items (and nested blocks) of a tight list.
    public var tightListSpacing = 4.0
    public var headingScales = [1.5, 1.3, 1.15, 1.05, 1.0, 1.0]
    /// The footnotes section's text and numbers, muted (GitHub: 12 px under a 16 px body).
    public var footnoteScale = 0.75

    public static let light = Theme(
        name: "light", background: Color(hex: 0xFFFFFF), text: Color(hex: 0x1C1C1E),
        secondaryText: Color(hex: 0x55555C), codeBackground: Color(hex: 0xF2F2F5), rule: Color(hex: 0xD1D1D6),
        caret: Color(hex: 0x0A84FF), accent: Color(hex: 0x8E8E93), error: Color(hex: 0xD70015),
        link: Color(hex: 0x0969DA), codeChip: Color(hex: 0xAFB8C1, alpha: 0.3))

    public static let dark = Theme(
        name: "dark", background: Color(hex: 0x000000), text: Color(hex: 0xF2F2F7),
        secondaryText: Color(hex: 0xAEAEB2), codeBackground: Color(hex: 0x1C1C1E), rule: Color(hex: 0x3A3A3C),
        caret: Color(hex: 0x0A84FF), accent: Color(hex: 0x8E8E93), error: Color(hex: 0xFF6961),
        link: Color(hex: 0x4493F8), codeChip: Color(hex: 0x656C76, alpha: 0.45), alerts: .dark, syntax: .dark)

    /// The colours inline styles are drawn with.
    public var spanPalette: SpanPalette { SpanPalette(link: link, chip: codeChip, citation: secondaryText) }

    public static let all: [Theme] = [.light, .dark]

    public static func named(_ name: String) -> Theme? {
        all.first { $0.name == name }
    }
}

/// The bar colours of GitHub's five alerts.
public struct AlertColors: Sendable {
    public var note, tip, important, warning, caution: Color

    public static let light = AlertColors(
        note: Color(hex: 0x0969DA), tip: Color(hex: 0x1A7F37), important: Color(hex: 0x8250DF),
        warning: Color(hex: 0x9A6700), caution: Color(hex: 0xD1242F))
    public static let dark = AlertColors(
        note: Color(hex: 0x4493F8), tip: Color(hex: 0x3FB950), important: Color(hex: 0xAB7DF8),
        warning: Color(hex: 0xD29922), caution: Color(hex: 0xF85149))

    func color(_ alert: Alert) -> Color {
        switch alert {
        case .note: return note
        case .tip: return tip
        case .important: return important
        case .warning: return warning
        case .caution: return caution
        }
    }
}
