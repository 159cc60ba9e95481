/// A GitHub alert's title, as layout draws it: the icon in the room the title keeps at its start
/// (`Alert.iconRoom`), the title in the alert's colour (the layout's accent).
extension BlockLayouter {
    /// The alert whose quote holds `block` directly, if any.
    static func alert(around block: Block) -> Alert? {
        guard let quote = block.containers.last, quote.kind == .blockQuote else { return nil }
        return quote.alert
    }

    /// The icon before the title, when `block` is the alert's titled first paragraph: one em
    /// square at the start edge of its first line, centred in the line's box.
    func alertIcon(_ alert: Alert, titling block: Block, in piece: TextPiece, direction: WritingDirection, size: Double) -> Decoration? {
        guard block.containers.last?.startsHere == true, block.content.text.hasPrefix(Alert.iconRoom),
            let line = piece.layout.lines.first
        else { return nil }
        let lineX = piece.x + (piece.lineShifts.first ?? 0) + line.x
        let x = direction == .rtl ? lineX + line.width - size : lineX
        return Decoration(
            x: x, y: piece.top + (piece.pitch - size) / 2, width: size, height: size, radius: 0,
            color: .alert(alert), shape: .alertIcon(alert))
    }
}
