/// How far the reader has dragged tables sideways, as a phone's table scrolls in its own
/// horizontal scroll view: a `scroll-table` action drags the last table shown (the one a reader
/// pinned to the answer's end has in view), from its start edge, never past either end.
package struct TableScrolls {
    /// Each dragged table's offset from its start edge, in pixels.
    private var offsets: [Int: Double] = [:]
    /// The last table shown.
    package private(set) var lastTable: Int?

    /// The offset decided for table `id`.
    package func offset(of id: Int) -> Double { offsets[id] ?? 0 }

    /// A block is being decided: a table becomes the one a drag moves.
    package mutating func noteShown(_ block: Block) {
        if block.kind == .table, block.id >= (lastTable ?? 0) { lastTable = block.id }
    }

    /// Drags the last table shown by `pixels` (positive: toward its end), as far as `document`
    /// (the last frame's layout) lets it scroll.
    /// - Returns: the table whose offset changed, if one did.
    package mutating func drag(by pixels: Double, in document: (any ScrollContent)?) -> Int? {
        guard pixels != 0, let id = lastTable, let document else { return nil }
        let moved = min(max(offset(of: id) + pixels, 0), document.sidewaysRoom(ofBlock: id))
        guard moved != offset(of: id) else { return nil }
        offsets[id] = moved
        return id
    }
}
