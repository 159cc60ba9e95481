import StreamshotManifest

/// What `check` could not judge in a render, said beside its verdict so that a pass is not read
/// as more than it is: the columns of a wide table that never came into view on this device (a
/// reader drags the table to see them; their cells were never on a frame, or only a sliver of
/// them under the fade at the table's edge, so no detector that reads lines or pixels saw them).
final class UnjudgedParts: @unchecked Sendable {
    /// For each table block: the columns some frame showed, and how many it has.
    private var seen: [Int: (columns: Set<Int>, count: Int)] = [:]
    private var order: [Int] = []
    /// The frame's width, and how much of a cell must be on it to count as seen: the whole cell,
    /// or twice the 28 pt fade a table's continuing edge has (a reader sees 28 pt clear of it).
    private let frameWidth: Double
    private let enough: Double

    init(viewport: Manifest.Viewport) {
        frameWidth = Double(viewport.width)
        enough = 2 * 28 * viewport.scale
    }

    /// A pass over the frames (each frame that shows a new picture) that only gathers.
    var pass: FramePass {
        FramePass(visit: { [self] in visit($0) }, verdict: { Detector.Verdict(findings: [], score: nil, passed: true) }).onPictures
    }

    private func visit(_ frame: Frame) {
        for block in frame.blocks where block.kind == .table {
            guard let cells = block.cells, let count = block.tableColumns else { continue }
            if seen[block.id] == nil { order.append(block.id) }
            var entry = seen[block.id] ?? ([], count)
            entry.columns.formUnion(cells.filter(isSeen).map(\.column))
            entry.count = max(entry.count, count)
            seen[block.id] = entry
        }
    }

    /// Whether enough of a cell is on the frame for a reader to read it.
    private func isSeen(_ cell: Frame.Cell) -> Bool {
        let visible = min(cell.x + cell.width, frameWidth) - max(cell.x, 0)
        return visible >= min(cell.width, enough) - 0.5
    }

    /// One sentence per table with columns never in view, in the order the tables first showed.
    var notes: [String] {
        order.compactMap { id in
            guard let entry = seen[id] else { return nil }
            let unseen = (0..<entry.count).filter { !entry.columns.contains($0) }
            guard let first = unseen.first, let last = unseen.last else { return nil }
            let which =
                unseen.count == 1
                ? "column \(first + 1)"
                : unseen.count == last - first + 1
                    ? "columns \(first + 1)-\(last + 1)"
                    : "\(unseen.count) columns"
            return "table (block \(id)): \(which) of \(entry.count) never in view on this device (a reader drags the table to see "
                + "them): not judged"
        }
    }
}
