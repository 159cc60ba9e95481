extension FrameScene {
    /// This frame as the manifest records it, in frame pixels.
    func manifestFrame(file: String) -> Frame {
        var caret: Frame.Caret?
        let blocks = self.blocks.map { visible -> Frame.Block in
            let placed = visible.placed
            let block = placed.layout
            let dy = placed.top - scroll
            if block.blockId == caretBlockId, let box = block.caret {
                caret = Frame.Caret(blockId: block.blockId, x: box.x, y: box.y + dy, height: box.height)
            }
            return Frame.Block(
                id: block.blockId, kind: block.kind.name, direction: block.direction.rawValue, align: block.alignment.name,
                opacity: visible.opacity, fontSize: block.fontSize, linePitch: block.linePitch, top: dy, height: block.height,
                inkTop: dy + block.inkExtent.top, inkBottom: dy + block.inkExtent.bottom,
                lines: block.lines.map {
                    Frame.Line(x: $0.x, y: $0.y + dy, width: $0.width, height: $0.height, baseline: $0.baseline + dy)
                })
        }
        return Frame(index: index, timeMs: timeMs, file: file, revealedChars: revealedChars, bufferedChars: bufferedChars,
                     pendingChars: pendingChars, scroll: scroll, typingIndicator: showsTypingIndicator,
                     direction: responseDirection?.rawValue, ended: streamEnded, reconnecting: isReconnecting,
                     caret: caret, blocks: blocks, costMs: nil)
    }
}

extension PlacedBlock {
    /// The block as the manifest's `blocks` table records it.
    var manifestBlock: Manifest.Block {
        var entry = Manifest.Block(id: layout.blockId, kind: layout.kind.name, direction: layout.direction.rawValue,
                                   shownAtMs: decision.shownAtMs, text: layout.text)
        switch layout.kind {
        case .heading(let level): entry.level = level
        case .listItem(let number, let depth):
            entry.ordered = number != nil
            entry.depth = depth
        case .code(let language): entry.language = language
        default: break
        }
        return entry
    }
}
