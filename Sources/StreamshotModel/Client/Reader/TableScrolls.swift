/// How far the reader has dragged tables and code blocks sideways, as a phone's table or code
/// block scrolls in its own horizontal scroll view: a `scroll-table` action drags the last one
/// shown that is wider than the column (the one a reader pinned to the answer's end has in
/// view), from its start edge, never past either end.
struct TableScrolls {
    /// Each dragged block's offset from its start edge, in pixels.
    private var offsets: [Int: Double] = [:]
    /// The tables and code blocks shown, newest last.
    private var scrollable: [Int] = []

    /// The offset decided for block `id`.
    package func offset(of id: Int) -> Double { offsets[id] ?? 0 }

    /// A block is being decided: a table or code block becomes one a drag may move.
    mutating func noteShown(_ block: Block) {
        guard block.kind == .table || block.kind.isCode, block.id > (scrollable.last ?? -1) else { return }
        scrollable.append(block.id)
    }

    /// Drags the last table or code block shown that `document` (the last frame's layout) lets
    /// scroll by `pixels` (positive: toward its end), as far as it lets it.
    /// - Returns: the block whose offset changed, if one did.
    package mutating func drag(by pixels: Double, in document: (any ScrollContent)?) -> Int? {
        guard pixels != 0, let document,
            let id = scrollable.last(where: { document.sidewaysRoom(ofBlock: $0) > 0 || offset(of: $0) > 0 })
        else { return nil }
        let moved = min(max(offset(of: id) + pixels, 0), document.sidewaysRoom(ofBlock: id))
        guard moved != offset(of: id) else { return nil }
        offsets[id] = moved
        return id
    }
}
