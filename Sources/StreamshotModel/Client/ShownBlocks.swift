/// Which of the parse's blocks a client shows this frame: every finished block (it is what the
/// author wrote), then the open blocks up to the first that has nothing to show yet. A block
/// appears with its first text, so no empty heading, quote bar, list marker or code box fades in
/// ahead of it; blocks are shown in order, so one held block holds the ones after it.
struct ShownBlocks {
    /// How many blocks, from the document's start, are shown.
    package let count: Int
    /// The last of them with text to end at: where the caret stands while the text streams (a
    /// thematic break has none, so the caret stays after the text above it).
    let caretBlock: Block?
    /// The last shown open block at or before the one being typed into (nil when none is open).
    let growingBlock: Block?

    /// - Parameter growingId: the block being typed into: the caret stays at or before it (the
    ///   footnotes section after it is not where the text streams, unless it is typed there).
    package init(finished: [Block], open: [Block], growingId: Int? = nil) {
        let shownOpen = open.prefix { $0.hasSomethingToShow }
        count = finished.count + shownOpen.count
        let hasText = { (block: Block) in block.kind != .thematicBreak }
        // The block typed into; else the last of the answer's (the footnotes section is not where text streams).
        let typedThrough =
            growingId.flatMap { id in shownOpen.firstIndex { $0.id == id } }
            ?? shownOpen.lastIndex { $0.footnote == nil } ?? -1
        caretBlock = shownOpen[...typedThrough].last(where: hasText) ?? finished.last(where: hasText)
        growingBlock = typedThrough >= 0 ? shownOpen[typedThrough] : nil
    }
}

extension Block {
    /// Whether the block has content of its own on screen: a character other than white space
    /// (a code block's box comes with its first character of code, not with its fence), any
    /// cell's for a table; a thematic break is its own content.
    var hasSomethingToShow: Bool {
        switch kind {
        case .thematicBreak: return true
        case .table: return rows.contains { row in row.contains { $0.text.contains { !$0.isWhitespace } } }
        default: return content.text.contains { !$0.isWhitespace }
        }
    }
}
