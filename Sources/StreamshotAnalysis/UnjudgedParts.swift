import StreamshotManifest

/// What `check` could not judge in a render, said beside its verdict so that a pass is not read
/// as more than it is: the columns of a wide table that never came into view on this device (a
/// reader drags the table to see them; their cells were never on a frame, so no detector that
/// reads lines or pixels saw them).
final class UnjudgedParts: @unchecked Sendable {
    /// For each table block: the columns some frame listed, and how many it has.
    private var seen: [Int: (columns: Set<Int>, count: Int)] = [:]
    private var order: [Int] = []

    /// A pass over the frames (each frame that shows a new picture) that only gathers.
    var pass: FramePass {
        FramePass(visit: { [self] in visit($0) }, verdict: { Detector.Verdict(findings: [], score: nil, passed: true) }).onPictures
    }

    private func visit(_ frame: Frame) {
        for block in frame.blocks where block.kind == .table {
            guard let cells = block.cells, let count = block.tableColumns else { continue }
            if seen[block.id] == nil { order.append(block.id) }
            var entry = seen[block.id] ?? ([], count)
            entry.columns.formUnion(cells.map(\.column))
            entry.count = max(entry.count, count)
            seen[block.id] = entry
        }
    }

    /// One sentence per table with columns never in view, in the order the tables first showed.
    var notes: [String] {
        order.compactMap { id in
            guard let entry = seen[id] else { return nil }
            let unseen = (0..<entry.count).filter { !entry.columns.contains($0) }
            guard let first = unseen.first, let last = unseen.last else { return nil }
            let which = unseen.count == 1 ? "column \(first + 1)" : unseen.count == last - first + 1 ? "columns \(first + 1)-\(last + 1)"
                : "\(unseen.count) columns"
            return "table (block \(id)): \(which) of \(entry.count) never in view on this device (a reader drags the table to see " +
                "them): not judged"
        }
    }
}
