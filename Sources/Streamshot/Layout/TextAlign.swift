import StreamshotGraphics

/// The textAlign option, as CSS and React Native name it.
public enum TextAlign: String, Sendable, CaseIterable {
    case auto, start, end, left, right, center, justify
}

/// Where a block's lines land, physically.
public struct ResolvedAlignment: Equatable, Sendable {
    public var lines: LineAlignment
    /// Lines are stretched to the full width, all but each paragraph's last.
    public var justify: Bool

    /// The manifest's name: "left", "right", "center" or "justify".
    public var name: String { justify ? "justify" : lines.rawValue }

    /// Resolves textAlign against the block's direction exactly once, as CSS does: auto and
    /// start are the start edge (right in RTL), end the other edge, left/right are physical
    /// and never mirrored again, justify fills lines and sets the last one at start.
    public static func resolve(_ align: TextAlign, direction: WritingDirection) -> ResolvedAlignment {
        let start: LineAlignment = direction == .rtl ? .right : .left
        let end: LineAlignment = direction == .rtl ? .left : .right
        switch align {
        case .auto, .start: return ResolvedAlignment(lines: start, justify: false)
        case .end: return ResolvedAlignment(lines: end, justify: false)
        case .left: return ResolvedAlignment(lines: .left, justify: false)
        case .right: return ResolvedAlignment(lines: .right, justify: false)
        case .center: return ResolvedAlignment(lines: .center, justify: false)
        case .justify: return ResolvedAlignment(lines: start, justify: true)
        }
    }
}

/// How textAlign becomes a physical alignment.
public enum AlignmentResolution: String, Sendable, CaseIterable {
    /// Resolved once against the block's direction, as CSS does (the rule).
    case css
    /// Resolved, then mirrored again for RTL blocks, as Pango does with auto-dir on over an LTR
    /// context: reproduces the double-mirroring bug on purpose.
    case mirroredTwice = "mirrored-twice"
}

/// How a line pitch is computed.
public enum LinePitchMode: String, Sendable, CaseIterable {
    /// Exactly the factor x the font size on every line (the rule).
    case enforced
    /// The factor x the font's height (ascent + descent), as Pango's line spacing does:
    /// reproduces the "1.8 is not 1.8" bug on purpose.
    case fontRelative = "font-relative"
}

extension ResolvedAlignment {
    /// The alignment mirrored as Pango's auto-dir does for a paragraph against an LTR base.
    func mirroredForRTL(_ direction: WritingDirection) -> ResolvedAlignment {
        guard direction == .rtl else { return self }
        switch lines {
        case .left: return ResolvedAlignment(lines: .right, justify: justify)
        case .right: return ResolvedAlignment(lines: .left, justify: justify)
        case .center: return self
        }
    }
}

extension WritingDirection {
    /// The graphics layer's name for the same direction.
    var textDirection: TextDirection { self == .rtl ? .rtl : .ltr }
}
