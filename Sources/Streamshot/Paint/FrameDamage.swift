/// What must be painted to turn the previous frame's pixels into this frame's: move the picture
/// by the change in scroll (whole rows, since scroll is snapped to device pixels), then paint the
/// rows whose entries changed. Found by comparing the two frames' display lists, so it is exact
/// by construction: an entry whose key is unchanged draws the same pixels, moved with the page.
struct FrameDamage: Equatable {
    /// Rows the picture moves up (down when negative) before painting.
    let shift: Int
    /// Rows to paint again, sorted, disjoint and not touching.
    let rows: [Range<Int>]

    /// Nothing changed: the frame is the previous one.
    var isEmpty: Bool { shift == 0 && rows.isEmpty }

    /// Every row painted, nothing kept.
    static func full(height: Int) -> FrameDamage { FrameDamage(shift: 0, rows: [0..<height]) }

    /// The damage from `old`'s frame to `new`'s; everything when there is no old frame or the
    /// scroll moved by a fraction of a pixel or a whole screen.
    static func between(_ old: DisplayList?, _ new: DisplayList, height: Int) -> FrameDamage {
        guard let old else { return full(height: height) }
        let moved = new.scroll - old.scroll
        guard moved == moved.rounded(), abs(moved) < Double(height) else { return full(height: height) }
        let shift = Int(moved)
        var damaged: [Range<Int>] = []
        // Rows that scroll into view.
        if shift > 0 { damaged.append((height - shift)..<height) }
        if shift < 0 { damaged.append(0..<(-shift)) }
        let matched = matches(old, new, shift: shift)
        for (index, entry) in new.entries.enumerated() where matched.new[index] == nil { damaged.append(entry.rows) }
        for (index, entry) in old.entries.enumerated() where !matched.old.contains(index) {
            let rows = (entry.rows.lowerBound - shift)..<(entry.rows.upperBound - shift)
            damaged.append(rows.clamped(to: 0..<height))
        }
        return FrameDamage(shift: shift, rows: merged(damaged))
    }

    /// Entries that draw the same pixels in both frames (a page entry moved by `shift`, a screen
    /// entry only when nothing scrolled), in the same order: `new[i]` is the old index it matches.
    private static func matches(_ old: DisplayList, _ new: DisplayList, shift: Int) -> (new: [Int?], old: Set<Int>) {
        var oldIndices: [DisplayList.Key: [Int]] = [:]
        for (index, entry) in old.entries.enumerated() { oldIndices[entry.key, default: []].append(index) }
        var matchedNew: [Int?] = Array(repeating: nil, count: new.entries.count)
        var matchedOld = Set<Int>()
        var lastOld = -1
        for (index, entry) in new.entries.enumerated() where entry.key.movesWithPage || shift == 0 {
            // The first unused old entry with this key after the last one matched: entries that
            // keep their keys but swap their order draw differently where they overlap.
            guard let candidate = oldIndices[entry.key]?.first(where: { $0 > lastOld && !matchedOld.contains($0) }) else { continue }
            matchedNew[index] = candidate
            matchedOld.insert(candidate)
            lastOld = candidate
        }
        return (matchedNew, matchedOld)
    }

    /// `ranges` sorted and merged where they overlap or touch; empty ones dropped.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// Whether `rows` meets any damaged row.
    func touches(_ rows: Range<Int>) -> Bool {
        self.rows.contains { $0.overlaps(rows) }
    }
}
