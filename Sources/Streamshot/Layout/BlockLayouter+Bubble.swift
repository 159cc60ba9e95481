extension BlockLayouter {
    /// SwiftUI's default `.padding()`, and the bubble's corner radius (shared/seeds/003), in points.
    static let bubblePaddingPt = 16.0
    static let bubbleRadiusPt = 16.0

    /// A block in a chat bubble, as the client decided (`BlockDecision.bubble`): the text inside
    /// the padding, the bubble as wide as its widest line plus the padding (the note's bubble sits
    /// in an `HStack` with a `Spacer`, so it hugs its text) at the column's left — the leading
    /// edge of the note's left-to-right app — and its lines aligned within it.
    func layoutInBubble(_ block: Block, decision: BlockDecision, box: Box) throws -> LaidOutBlock {
        let pad = Self.bubblePaddingPt * scale
        let inner = Box(x: box.x + pad, width: max(scale, box.width - 2 * pad))
        var text = try layoutProse(block, decision: decision, box: inner)
        let widest = text.pieces.flatMap { $0.layout.lines.map(\.width) }.max() ?? 0
        // Set again at its own width, so lines aligned to the far side stay inside the bubble.
        if widest.rounded(.up) < inner.width {
            text = try layoutProse(block, decision: decision, box: Box(x: inner.x, width: max(scale, widest.rounded(.up))))
        }
        let pieces = text.pieces.map { piece in
            TextPiece(
                layout: piece.layout, x: piece.x, top: piece.top + pad, pitch: piece.pitch, baselineOffset: piece.baselineOffset,
                color: piece.color, isContent: piece.isContent, visibleX: piece.visibleX, lineClips: piece.lineClips, lineShifts: piece.lineShifts)
        }
        let height = text.height + 2 * pad
        let fill = Decoration(
            x: box.x, y: 0, width: min(box.width, widest + 2 * pad), height: height,
            radius: Self.bubbleRadiusPt * scale, color: .bubble)
        let caret = text.caret.map { Decoration(x: $0.x, y: $0.y + pad, width: $0.width, height: $0.height, radius: $0.radius, color: $0.color) }
        return LaidOutBlock(
            blockId: text.blockId, kind: text.kind, direction: text.direction, alignment: text.alignment,
            fontSize: text.fontSize, linePitch: text.linePitch, height: height, pieces: pieces,
            decorations: [fill] + text.decorations, caret: caret, text: text.text)
    }
}
