import StreamshotGraphics

extension BlockLayouter {
    /// A text block in a box of `window.maxLines` lines that scrolls inside itself (the opened
    /// reasoning): the whole lines from `window.scrolled` on, never past the last ones, set again
    /// on their own (Pango breaks a run of whole lines where it broke them in the whole), with a
    /// fade where more lies below or above. Nil when every line fits.
    func windowed(
        _ whole: TextPiece, _ block: Block, decision: BlockDecision, box: Box, font: FontSpec, palette: SpanPalette
    ) throws -> LaidOutBlock? {
        guard let window = decision.window, whole.layout.lines.count > window.maxLines, let source = whole.source else { return nil }
        let lines = whole.layout.lines
        let ranges = source.scalarRanges(ofLayoutBytes: lines.map { $0.startByte..<($0.startByte + $0.byteCount) })
        let lastFirst = lines.count - window.maxLines
        let first = min(max(Int((window.scrolled / whole.pitch).rounded()), 0), lastFirst)
        let shown = ranges[first].lowerBound..<ranges[first + window.maxLines - 1].upperBound
        let slice = block.content.slice(scalars: shown)
        let styled = layoutText(slice)
        let layout = try TextLayout(
            library: fonts, text: styled.text, font: font, width: box.width, direction: decision.direction,
            alignment: decision.alignment.lines, justify: decision.alignment.justify, spans: styled.spans, palette: palette)
        var piece = self.piece(layout, x: box.x, top: 0, pitch: whole.pitch, font: font, color: whole.color, isContent: true)
        piece.source = self.source(of: slice, base: shown.lowerBound)
        let fadeHeight = whole.pitch * 1.2
        var fades: [Decoration] = []
        if first < lastFirst {
            fades.append(
                Decoration(
                    x: box.x, y: piece.height - fadeHeight, width: box.width, height: fadeHeight, radius: 0, color: .background,
                    shape: .verticalFade(fromTop: true)))
        }
        if first > 0 {
            fades.append(
                Decoration(x: box.x, y: 0, width: box.width, height: fadeHeight, radius: 0, color: .background, shape: .verticalFade(fromTop: false)))
        }
        let laidOut = LaidOutBlock(
            blockId: block.id, kind: block.kind, direction: decision.direction, alignment: decision.alignment, fontSize: font.sizePx,
            linePitch: whole.pitch, height: piece.height, pieces: [piece], decorations: fades, caret: nil, text: block.content.text)
        laidOut.innerRoom = Double(lastFirst) * whole.pitch
        laidOut.hiddenLines = (first, lastFirst - first)
        return laidOut
    }
}

extension StyledText {
    /// The text of Unicode scalars `scalars`, with the spans that reach into it cut to it.
    func slice(scalars: Range<Int>) -> StyledText {
        let all = Array(text.unicodeScalars)
        let bytesBefore = { (count: Int) in all.prefix(count).reduce(0) { $0 + String($1).utf8.count } }
        let (start, end) = (bytesBefore(scalars.lowerBound), bytesBefore(scalars.upperBound))
        let sliced = String(String.UnicodeScalarView(all[scalars]))
        let kept = spans.compactMap { span -> TextSpan? in
            let bytes = max(span.bytes.lowerBound, start)..<min(span.bytes.upperBound, end)
            return bytes.isEmpty
                ? nil : TextSpan(bytes: (bytes.lowerBound - start)..<(bytes.upperBound - start), style: span.style, color: span.color)
        }
        return StyledText(sliced, spans: kept)
    }
}
