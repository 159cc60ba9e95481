/// Where a block's lines land, physically.
public struct ResolvedAlignment: Equatable, Sendable {
    /// The edge (or centre) lines are set against; for justified text, where the last line sits.
    public var lines: LineAlignment
    /// Lines are stretched to the full width, all but each paragraph's last.
    public var justify: Bool

    public init(lines: LineAlignment, justify: Bool) {
        self.lines = lines
        self.justify = justify
    }

    /// The manifest's name.
    public var physical: PhysicalAlignment {
        if justify { return .justify }
        switch lines {
        case .left: return .left
        case .right: return .right
        case .center: return .center
        }
    }

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

/// A client's alignment rule: the textAlign it asks for, and how that is resolved.
public struct AlignmentPolicy: Sendable {
    public var textAlign: TextAlign
    public var resolution: AlignmentResolution
    /// The line still being typed is set at the start edge until it is complete, whatever the
    /// alignment, as editors and streaming clients do: centred or end-aligned text then never
    /// slides under the reader as it grows. False reproduces the slide.
    public var holdsGrowingLineAtStart: Bool

    public init(textAlign: TextAlign = .auto, resolution: AlignmentResolution = .css, holdsGrowingLineAtStart: Bool = true) {
        self.textAlign = textAlign
        self.resolution = resolution
        self.holdsGrowingLineAtStart = holdsGrowingLineAtStart
    }

    /// A block's physical alignment. Code is always set flush left, as code views are.
    public func resolve(direction: WritingDirection, isCode: Bool) -> ResolvedAlignment {
        if isCode { return ResolvedAlignment(lines: .left, justify: false) }
        let resolved = ResolvedAlignment.resolve(textAlign, direction: direction)
        return resolution == .mirroredTwice ? resolved.mirroredForRTL(direction) : resolved
    }
}

extension AlignmentPolicy {
    /// A table cell's alignment. A column's delimiter row (`:--`, `--:`, `:-:`) names the
    /// column's start, end or centre in the table's direction: an RTL table mirrors its columns
    /// and their alignment together, as React Native swaps left and right under RTL (GitHub's
    /// literal `align="left"` would crowd an Arabic table's text into its middle). A cell
    /// without one sits at the table's start edge whatever its own direction (which it keeps for
    /// its words' order), so a column reads as one edge under its header.
    public func resolveCell(
        _ delimiter: ColumnAlignment?, direction: WritingDirection,
        tableDirection: WritingDirection
    ) -> ResolvedAlignment {
        let start: LineAlignment = tableDirection == .rtl ? .right : .left
        let end: LineAlignment = tableDirection == .rtl ? .left : .right
        switch delimiter {
        case .left: return ResolvedAlignment(lines: start, justify: false)
        case .right: return ResolvedAlignment(lines: end, justify: false)
        case .center: return ResolvedAlignment(lines: .center, justify: false)
        case nil:
            // A column without a delimiter sits at the table's start edge, as a browser sets a
            // table cell's text (its `start` is the table's direction): an English cell of an
            // Arabic table lines up with the Arabic ones instead of leaving the column ragged.
            return ResolvedAlignment(lines: start, justify: false)
        }
    }
}
