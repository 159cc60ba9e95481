import StreamshotGraphics

/// Lays out one block with Pango as the client model decided it (direction, alignment, pitch),
/// enforcing a uniform line pitch: every line is placed on its own baseline at `pitch` intervals
/// instead of trusting the font's line height, which varies on lines where Latin falls back to
/// another font.
struct BlockLayouter {
    let fonts: FontLibrary
    let theme: Theme
    /// Pixels per point.
    let scale: Double
    /// Frame width in pixels.
    let frameWidth: Double

    init(fonts: FontLibrary, theme: Theme, scale: Double, frameWidth: Double) {
        self.fonts = fonts
        self.theme = theme
        self.scale = scale
        self.frameWidth = frameWidth
    }

    /// A layouter for a render with `options`.
    init(options: RenderOptions, fonts: FontLibrary) {
        self.init(fonts: fonts, theme: options.theme, scale: options.scale, frameWidth: Double(options.widthPx))
    }

    static let rtlFamilies = "Noto Naskh Arabic, Noto Sans, Noto Sans Hebrew"
    static let ltrFamilies = "Noto Sans, Noto Naskh Arabic, Noto Sans Hebrew"
    static let codeFamilies = "Noto Sans Mono, Noto Sans, Noto Naskh Arabic"

    var margin: Double { theme.margin * scale }
    var contentWidth: Double { frameWidth - 2 * margin }

    /// - Parameters:
    ///   - block: the block as parsed.
    ///   - decision: its direction, alignment and pitch, as the client model decided them.
    func layout(_ block: Block, decision: BlockDecision) throws -> LaidOutBlock {
        let direction = decision.direction
        let alignment = decision.alignment
        let decided = decision.pitch
        let isOpen = !block.isFinished
        switch block.kind {
        case .paragraph, .heading, .blockQuote, .listItem, .notice:
            return try layoutProse(block, direction: direction, pitch: decided, alignment: alignment, isOpen: isOpen)
        case .code:
            return try layoutCode(block, direction: direction, pitch: decided, alignment: alignment)
        case .thematicBreak:
            let height = 20 * scale
            let rule = Decoration(x: margin, y: height / 2 - scale / 2, width: contentWidth, height: scale, radius: 0, color: .rule)
            return LaidOutBlock(blockId: block.id, kind: block.kind, direction: direction, alignment: alignment,
                                fontSize: theme.bodySize * scale, linePitch: 0, height: height, pieces: [],
                                decorations: [rule], caret: nil, text: "")
        case .table:
            return try TableLayouter(base: self).layout(block, direction: direction, pitch: decided, alignment: alignment)
        }
    }

    private func layoutProse(_ block: Block, direction: WritingDirection, pitch decided: LinePitch, alignment: ResolvedAlignment,
                             isOpen: Bool) throws -> LaidOutBlock {
        var size = theme.bodySize * scale
        var bold = false
        var x = margin
        var width = contentWidth
        var color = ColorRole.text
        var decorations: [Decoration] = []
        var extraPieces: [TextPiece] = []
        let pitch: Double
        let (text, spans) = InlineMarkdown.render(block.content, isOpen: isOpen)

        switch block.kind {
        case .heading(let level):
            size *= theme.headingScales[min(max(level, 1), 6) - 1]
            bold = true
            pitch = self.pitch(decided, font(direction: direction, size: size, bold: true))
        case .blockQuote:
            pitch = self.pitch(decided, font(direction: direction, size: size, bold: false))
            let indent = 14 * scale
            width -= indent
            if direction == .ltr { x += indent }
            color = .secondaryText
        case .notice:
            pitch = self.pitch(decided, font(direction: direction, size: size, bold: false))
            color = .error
        case .listItem(let number, let depth):
            pitch = self.pitch(decided, font(direction: direction, size: size, bold: false))
            let indent = (24 + Double(depth) * 20) * scale
            width -= indent
            if direction == .ltr { x += indent }
            let gap = 6 * scale
            let marker = number.map { "\($0)." } ?? "•"
            let markerFont = font(direction: direction, size: size, bold: false)
            let markerLayout = try TextLayout(library: fonts, text: marker, font: markerFont, width: indent - gap,
                                              direction: direction.textDirection, alignment: direction == .rtl ? .left : .right)
            let markerX = direction == .rtl ? x + width + gap : x - indent
            extraPieces.append(piece(markerLayout, x: markerX, top: 0, pitch: pitch, font: markerFont, color: .accent, isContent: false))
        default:
            pitch = self.pitch(decided, font(direction: direction, size: size, bold: false))
        }

        let textFont = font(direction: direction, size: size, bold: bold)
        let layout = try TextLayout(library: fonts, text: text, font: textFont, width: width, direction: direction.textDirection,
                                    alignment: alignment.lines.lineAlignment, justify: alignment.justify, spans: spans)
        let main = piece(layout, x: x, top: 0, pitch: pitch, font: textFont, color: color, isContent: true)
        let height = main.height
        if case .blockQuote = block.kind {
            let barX = direction == .rtl ? margin + contentWidth - 3 * scale : margin
            decorations.append(Decoration(x: barX, y: 0, width: 3 * scale, height: height, radius: 1.5 * scale, color: .rule))
        }
        return LaidOutBlock(blockId: block.id, kind: block.kind, direction: direction, alignment: alignment, fontSize: size,
                            linePitch: pitch, height: height, pieces: [main] + extraPieces, decorations: decorations,
                            caret: caret(in: main, size: size, direction: direction), text: text)
    }

    private func layoutCode(_ block: Block, direction: WritingDirection, pitch decided: LinePitch,
                            alignment: ResolvedAlignment) throws -> LaidOutBlock {
        let size = theme.codeSize * scale
        let pad = 12 * scale
        let codeFont = FontSpec(families: Self.codeFamilies, sizePx: size)
        let pitch = self.pitch(decided, codeFont)
        let layout = try TextLayout(library: fonts, text: block.content, font: codeFont, width: contentWidth - 2 * pad,
                                    direction: direction.textDirection, alignment: alignment.lines.lineAlignment)
        let main = piece(layout, x: margin + pad, top: pad, pitch: pitch, font: codeFont, color: .text, isContent: true)
        let height = main.height + 2 * pad
        let background = Decoration(x: margin, y: 0, width: contentWidth, height: height, radius: 8 * scale, color: .codeBackground)
        return LaidOutBlock(blockId: block.id, kind: block.kind, direction: direction,
                            alignment: alignment, fontSize: size, linePitch: pitch,
                            height: height, pieces: [main], decorations: [background],
                            caret: caret(in: main, size: size, direction: direction), text: block.content)
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

    func font(direction: WritingDirection, size: Double, bold: Bool) -> FontSpec {
        FontSpec(families: direction == .rtl ? Self.rtlFamilies : Self.ltrFamilies, sizePx: size, bold: bold)
    }

    /// Places a layout's lines on `pitch`, each baseline centred in its line box by the
    /// primary font's ascent and descent (half-leading above and below, as CSS does).
    func piece(_ layout: TextLayout, x: Double, top: Double, pitch: Double, font: FontSpec, color: ColorRole, isContent: Bool) -> TextPiece {
        let metrics = fonts.metrics(of: font)
        let baselineOffset = (pitch - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent
        return TextPiece(layout: layout, x: x, top: top, pitch: pitch, baselineOffset: baselineOffset, color: color, isContent: isContent)
    }

    /// A bar just past the logical end of the text: right of it in LTR, left of it in RTL.
    private func caret(in piece: TextPiece, size: Double, direction: WritingDirection) -> Decoration {
        let end = piece.layout.caret(atByte: piece.layout.text.utf8.count)
        let width = 2 * scale
        let gap = 1.5 * scale
        let height = size * 1.15
        let x = piece.x + end.x + (direction == .rtl ? -gap - width : gap)
        let top = piece.lineTop(end.line) + piece.baselineOffset - size * 0.9
        return Decoration(x: x, y: top, width: width, height: height, radius: scale, color: .text)
    }
}
