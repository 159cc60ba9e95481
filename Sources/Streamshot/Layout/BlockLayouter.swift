import StreamshotGraphics
import StreamshotHighlight

/// A horizontal band of the frame a block is laid out in, in pixels.
struct Box {
    var x: Double
    var width: Double
}

/// Lays out one block with Pango as the client model decided it (direction, alignment, pitch),
/// inside the box its containers leave (`ContainerFrame`), enforcing a uniform line pitch: every
/// line is placed on its own baseline at `pitch` intervals instead of trusting the font's line
/// height, which varies on lines where Latin falls back to another font.
struct BlockLayouter {
    let fonts: FontLibrary
    let theme: Theme
    /// Pixels per point.
    let scale: Double
    /// Frame width in pixels.
    let frameWidth: Double
    let bidiControls: BidiControlDisplay
    /// The device's safe area, in points: content starts below its top; the composer sits above its bottom.
    let safeArea: SafeArea
    /// Tables' rows as last laid out: a row is laid out again only when it changed.
    let tableRows = TableRowCache()
    /// Code's colours, line by line: a line is highlighted once per render, from the state the lines before it left.
    let codeColors = CodeHighlighter()
    /// Formulas, typeset once per render.
    let formulas: FormulaTypesetter
    /// The answer's pictures, decoded once per render.
    let pictures = PictureShelf()
    /// Counts what was laid out (tests; nil when nobody asks).
    var work: LayoutWork?

    init(
        fonts: FontLibrary, theme: Theme, scale: Double, frameWidth: Double, bidiControls: BidiControlDisplay = .show,
        safeArea: SafeArea = .zero
    ) {
        self.fonts = fonts
        self.theme = theme
        self.scale = scale
        self.frameWidth = frameWidth
        self.bidiControls = bidiControls
        self.safeArea = safeArea
        formulas = FormulaTypesetter(fontsDirectory: fonts.directory)
    }

    /// A layouter for a render with `options`.
    init(options: RenderOptions, fonts: FontLibrary) {
        self.init(
            fonts: fonts, theme: options.displayTheme, scale: options.scale, frameWidth: Double(options.widthPx),
            bidiControls: options.bidiControls, safeArea: options.safeArea)
    }

    /// The text Pango is given for `content`: bidi controls revealed (unless they are to be
    /// applied), code and addresses isolated.
    func layoutText(_ content: StyledText) -> StyledText {
        BidiIsolation.isolatingRuns(bidiControls == .show ? BidiControls.revealed(content) : content)
    }

    /// Where `layoutText(content)`'s bytes come from in `content`, the piece's text starting
    /// `base` scalars into its block's text.
    func source(of content: StyledText, base: Int) -> PieceSource {
        let revealed = bidiControls == .show ? BidiControls.revealed(content) : content
        return PieceSource(base: base, text: content.text, addedMarks: BidiIsolation.addedMarks(revealed.spans))
    }

    static let rtlFamilies = "Noto Naskh Arabic, Noto Sans, Noto Sans Hebrew"
    static let ltrFamilies = "Noto Sans, Noto Naskh Arabic, Noto Sans Hebrew"
    static let codeFamilies = "Noto Sans Mono, Noto Sans, Noto Naskh Arabic"
    /// Body text set monospaced (shared/seeds/003's `.monospaced()`): Latin in the mono face, Arabic
    /// and Hebrew fall back to their own (there is no monospaced Arabic).
    static let monospacedFamilies = "Noto Sans Mono, Noto Naskh Arabic, Noto Sans Hebrew"

    /// The left edge of the text column: the theme's margin, or more on a wide screen, where
    /// the column is centred at the theme's reading width.
    var margin: Double { max(theme.margin * scale, (frameWidth - theme.maxReadingWidth * scale) / 2) }
    var contentWidth: Double { frameWidth - 2 * margin }
    /// The space above the first block: the theme's margin below the safe area, however wide the screen.
    var topMargin: Double { (safeArea.top + theme.margin) * scale }
    /// The composer's band under the last block, in pixels (the safe area is below it).
    var composerInset: Double { theme.bottomInset * scale }
    /// A tool card's height: its label line, and the padding round it.
    var cardHeight: Double { (theme.labelSize * theme.textScale * 1.4).rounded() * scale + Self.cardPadding * scale }
    /// A tool card's padding round its label: across, on each side; down, in all (points).
    static let cardPadding = 6.0
    /// The room a card in the answer's flow keeps above and below it (points): as a line box keeps
    /// room round its ink, so a pinned view easing after a new card never has it past the frame's bottom.
    static let cardMargin = 4.0

    /// A tool card's room in the answer's flow: the card is an overlay, drawn there as its words change.
    func cardRoom(_ block: Block, decision: BlockDecision) -> LaidOutBlock {
        let margin = Self.cardMargin * scale
        let room = LaidOutBlock(
            blockId: block.id, kind: block.kind, direction: decision.direction, alignment: decision.alignment,
            fontSize: theme.bodySize * scale, linePitch: 0, height: cardHeight + 2 * margin, pieces: [],
            decorations: [], caret: nil, text: "")
        room.drawnRoom = margin...(margin + cardHeight)
        return room
    }
    /// The bottom safe area in pixels: the newest line never sinks into it.
    var bottomSafeArea: Double { safeArea.bottom * scale }

    /// - Parameters:
    ///   - block: the block as parsed, with its containers.
    ///   - decision: its direction, alignment and pitch, as the client model decided them.
    ///   - gapAbove: the space the document leaves above it (a quote's bar bridges it).
    func layout(_ block: Block, decision: BlockDecision, gapAbove: Double) throws -> LaidOutBlock {
        work?.countBlock()
        let frame = ContainerFrame(
            block.containers, direction: decision.containerDirection, markers: decision.markers,
            markerSize: theme.bodySize * scale * (block.footnote == nil ? 1 : theme.footnoteScale), layouter: self)
        let leaf = try layoutLeaf(block, decision: decision, box: frame.box)
        let dressed = try frame.dress(leaf, gapAbove: gapAbove)
        dressed.formulaErrors = block.content.formulaErrors + block.rows.joined().flatMap(\.formulaErrors)
        return dressed
    }

    private func layoutLeaf(_ block: Block, decision: BlockDecision, box: Box) throws -> LaidOutBlock {
        switch block.kind {
        case .paragraph, .heading, .html, .notice:
            if decision.bubble { return try layoutInBubble(block, decision: decision, box: box) }
            return try layoutProse(block, decision: decision, box: box)
        case .code:
            if decision.drawsDiagram, let diagram = try layoutDiagram(block, decision: decision, box: box) { return diagram }
            return try layoutCode(block, decision: decision, box: box)
        case .thematicBreak:
            let height = 20 * scale
            let rule = Decoration(x: box.x, y: height / 2 - scale / 2, width: box.width, height: scale, radius: 0, color: .rule)
            return LaidOutBlock(
                blockId: block.id, kind: block.kind, direction: decision.direction, alignment: decision.alignment,
                fontSize: theme.bodySize * scale, linePitch: 0, height: height, pieces: [],
                decorations: [rule], caret: nil, text: "")
        case .table:
            return try TableLayouter(base: self).layout(block, decision: decision, box: box)
        case .formula:
            return try layoutFormula(block, decision: decision, box: box)
        case .picture:
            return try layoutPictures(block, decision: decision, box: box)
        case .toolCard:
            return cardRoom(block, decision: decision)
        }
    }

    func layoutProse(_ block: Block, decision: BlockDecision, box: Box) throws -> LaidOutBlock {
        let direction = decision.direction
        let (size, bold, color) = proseLook(block, decision: decision)
        let textFont = font(direction: direction, size: size, bold: bold, monospaced: decision.monospaced)
        let pitch = self.pitch(decision.pitch, textFont)
        let styled = layoutText(block.content)
        let decided = decision.alignment.lines
        let startEdge: LineAlignment = direction == .rtl ? .right : .left
        // A growing last line is set at the start edge; the complete lines above are moved to the
        // decided alignment one by one (justified text already leaves its last line at start).
        let holdsAtStart = decision.growingLineAtStart && !decision.alignment.justify && decided != startEdge
        let alert = Self.alert(around: block)
        var palette = theme.spanPalette
        palette.accent = alert.map(theme.alerts.color)
        let layout = try TextLayout(
            library: fonts, text: styled.text, font: textFont, width: box.width,
            direction: direction, alignment: (holdsAtStart ? startEdge : decided),
            justify: decision.alignment.justify, spans: styled.spans, palette: palette,
            breaksAnywhere: decision.wordBreak == .breakAll,
            formulas: formulas.formulas(of: block.content, textSize: size, families: textFont.families, library: fonts))
        var main = piece(layout, x: box.x, top: 0, pitch: pitch, font: textFont, color: color, isContent: true)
        main.source = source(of: block.content, base: 0)
        if let windowed = try windowed(main, block, decision: decision, box: box, font: textFont, palette: palette) { return windowed }
        if holdsAtStart {
            main.lineShifts =
                layout.lines.dropLast().map { line in
                    Self.lineX(width: line.width, in: box.width, edge: decided) - line.x
                } + [0]
        }
        let icon = alert.flatMap { alertIcon($0, titling: block, in: main, direction: direction, size: size) }
        return LaidOutBlock(
            blockId: block.id, kind: block.kind, direction: direction, alignment: decision.alignment, fontSize: size,
            linePitch: pitch, height: main.height, pieces: [main], decorations: icon.map { [$0] } ?? [],
            caret: caret(in: main, size: size, direction: direction, box: box), text: block.content.text)
    }

    /// A prose block's text size, weight and colour: a heading's by its level, a footnote's
    /// smaller; a quote's words are muted, as GitHub sets them, and the footnotes; an alert's are
    /// not (GitHub draws its body in the text colour: it is a warning, not an aside).
    private func proseLook(_ block: Block, decision: BlockDecision) -> (size: Double, bold: Bool, color: ColorRole) {
        var size = theme.bodySize * scale
        var bold = false
        if case .heading(let level) = block.kind {
            size *= theme.headingScales[min(max(level, 1), 6) - 1]
            bold = true
        }
        if block.footnote != nil { size *= theme.footnoteScale }
        let inQuote = block.containers.contains { $0.kind == .blockQuote && $0.alert == nil }
        let themed: ColorRole = inQuote || block.footnote != nil ? .secondaryText : .text
        let color: ColorRole = block.kind == .notice ? .error : decision.textColor.map { .custom($0) } ?? themed
        return (size, bold, color)
    }

    /// Where a line `width` wide starts in a box `boxWidth` wide when set against `edge`.
    static func lineX(width: Double, in boxWidth: Double, edge: LineAlignment) -> Double {
        switch edge {
        case .left: return 0
        case .right: return boxWidth - width
        case .center: return (boxWidth - width) / 2
        }
    }

    /// The decided pitch in pixels for `font`: a multiple of its size (the rule), or of its height.
    func pitch(_ pitch: LinePitch, _ font: FontSpec) -> Double {
        switch pitch.mode {
        case .enforced: return pitch.factor * font.sizePx
        case .fontRelative:
            let metrics = fonts.metrics(of: font)
            return pitch.factor * (metrics.ascent + metrics.descent)
        }
    }

    func font(direction: WritingDirection, size: Double, bold: Bool, monospaced: Bool = false) -> FontSpec {
        FontSpec(
            families: monospaced ? Self.monospacedFamilies : direction == .rtl ? Self.rtlFamilies : Self.ltrFamilies, sizePx: size,
            bold: bold || theme.boldText)
    }

    /// Places a layout's lines on `pitch`, each baseline centred in its line box by the
    /// primary font's ascent and descent (half-leading above and below, as CSS does).
    func piece(_ layout: TextLayout, x: Double, top: Double, pitch: Double, font: FontSpec, color: ColorRole, isContent: Bool) -> TextPiece {
        let metrics = fonts.metrics(of: font)
        let baselineOffset = (pitch - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent
        return TextPiece(layout: layout, x: x, top: top, pitch: pitch, baselineOffset: baselineOffset, color: color, isContent: isContent)
    }

    /// A bar just past the logical end of the text's last visible character: right of it in
    /// LTR, left of it in RTL (a trailing space, which may hang past the text's edge, is skipped).
    func caret(in piece: TextPiece, size: Double, direction: WritingDirection, box: Box) -> Decoration {
        let text = piece.layout.text
        let visibleEnd = text.utf8.count - text.reversed().prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + $1.utf8.count }
        let end = piece.layout.caret(atByte: visibleEnd)
        let width = 2 * scale
        let gap = 1.5 * scale
        let height = size * 1.15
        // Beside the last glyph, never over it: at a full line's edge it stands in the margin
        // (a number ending an Arabic line would lose its first digit under it otherwise).
        let x = min(max(piece.x + end.x + (direction == .rtl ? -gap - width : gap), box.x - gap - width), box.x + box.width + gap)
        let top = piece.lineTop(end.line) + piece.baselineOffset - size * 0.9
        return Decoration(x: x, y: top, width: width, height: height, radius: scale, color: .text)
    }
}
