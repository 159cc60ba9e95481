import StreamshotManifest

extension Detector {
    /// A table's columns moving under the reader while it streams: a column that jumps (an edge
    /// moves more than 2 pt, nine tenths of it within 50 ms: no ease a reader can follow), or
    /// one shown on a frame and pushed out of view on the next, with no reader action. A table
    /// that eases its widths as it grows (200 ms, as the reference) passes; a browser's
    /// automatic table layout, measuring every cell again as its text arrives, does not.
    /// A column may widen at once to take a word wider than it (a word is never cut, nor run
    /// over another cell's text), pushing the columns after it along (out of view too): that is
    /// not judged. A column that narrows or comes back at once was moved by a layout measuring
    /// every cell again, as a browser's automatic table layout does when a squeezed table's
    /// rows share its width out anew.
    public static let tableColumns = Detector(
        name: "table-columns",
        formula: "per table column (its cells' x and x + width, moved by tableScroll back to the table's own frame), each frame's unforced " +
                 "motion: how much it narrows plus how far its start edge comes back toward the table's start (a word wider than its column " +
                 "widens it at once and pushes the rest along, in any client: not counted); over runs of consecutive frames with unforced " +
                 "motion > 0.5 px: jumped when the run's motion is > 2 pt and 90% of it comes within 50 ms of the frame before it (an ease of " +
                 "100 ms or more never does; at 10 fps or slower a frame is too long to tell); left the view when a column listed on one frame " +
                 "is not on the next while another of its columns is, and no column before it widened on that frame; no reader action in " +
                 "between, no rewrite; consecutive jumps of one column are one finding"
    ) { manifest, _ in
        let judge = TableColumnJudge(manifest: manifest)
        // Every frame, repeats too: a frame on which nothing moved ends a run of motion.
        return FramePass.pairs({ judge.visit($0, $1) }, finish: {
            let findings = judge.finish()
            return (findings, nil, findings.isEmpty)
        })
    }
}

/// The table-columns detector's memory: each column's edges as last seen, and its run of motion.
final class TableColumnJudge {
    private struct Key: Hashable { let block: Int, column: Int }
    /// A run of consecutive frames on which a column narrows or comes back.
    private struct Run {
        let startMs: Double
        var steps: [(timeMs: Double, amount: Double, frame: Int)] = []
    }
    private struct Jumps {
        var first: Int, last: Int, count: Int, largestPt: Double, timeMs: Double
    }

    private let manifest: Manifest
    private let scale: Double
    private var runs: [Key: Run] = [:]
    private var jumps: [Key: Jumps] = [:]
    private var order: [Key] = []
    private var findings: [Finding] = []
    private lazy var texts = manifest.blocksById.mapValues(\.text)

    init(manifest: Manifest) {
        self.manifest = manifest
        scale = manifest.viewport.scale
    }

    func visit(_ previous: Frame, _ frame: Frame) {
        let undisturbed = manifest.readerActions(after: previous.timeMs, upTo: frame.timeMs).isEmpty
            && !manifest.rewrote(after: previous.timeMs, upTo: frame.timeMs)
        for block in frame.blocks where block.kind == .table {
            guard let before = previous.block(block.id), let cells = block.cells, let cellsBefore = before.cells else { continue }
            let now = Self.edges(cells, block), then = Self.edges(cellsBefore, before)
            for (column, edges) in now.sorted(by: { $0.key < $1.key }) {
                let key = Key(block: block.id, column: column)
                guard undisturbed, let old = then[column] else { close(key); continue }
                follow(key, from: old, to: edges, rtl: block.direction == .rtl, previous: previous, frame: frame)
            }
            guard undisturbed, !now.isEmpty else { continue }
            // A column pushed out by one before it that widened: as a word that needs room does.
            let widened = now.keys.filter { column in then[column].map { (now[column]!.1 - now[column]!.0) - ($0.1 - $0.0) > 0.5 } ?? false }
            for column in then.keys.sorted() where now[column] == nil && !widened.contains(where: { $0 < column }) {
                findings.append(left(column, block: block.id, previous: previous, frame: frame))
            }
        }
    }

    func finish() -> [Finding] {
        for key in runs.keys.sorted(by: { ($0.block, $0.column) < ($1.block, $1.column) }) { close(key) }
        return findings + order.compactMap { key in jumps[key].map { jumpFinding(key, $0) } }
    }

    /// Each listed column's edges in the table's own frame (a reader's sideways drag taken out).
    private static func edges(_ cells: [Frame.Cell], _ block: Frame.Block) -> [Int: (Double, Double)] {
        let shift = (block.tableScroll ?? 0) * (block.direction == .rtl ? -1 : 1)
        var edges: [Int: (Double, Double)] = [:]
        for cell in cells where edges[cell.column] == nil { edges[cell.column] = (cell.x + shift, cell.x + cell.width + shift) }
        return edges
    }

    /// One frame's motion of a column: how much of it no word forces (the column narrowing, or
    /// its start edge coming back toward the table's start) joins the column's run; a frame
    /// without such motion ends it.
    private func follow(_ key: Key, from old: (Double, Double), to edges: (Double, Double), rtl: Bool, previous: Frame, frame: Frame) {
        let narrowed = max(0, (old.1 - old.0) - (edges.1 - edges.0))
        let back = max(0, rtl ? edges.1 - old.1 : old.0 - edges.0)
        guard narrowed + back > 0.5 else { close(key); return }
        var run = runs[key] ?? Run(startMs: previous.timeMs)
        run.steps.append((frame.timeMs, narrowed + back, frame.index))
        runs[key] = run
    }

    /// A run ended: was it a jump (nine tenths of it within 50 ms)?
    private func close(_ key: Key) {
        guard let run = runs.removeValue(forKey: key) else { return }
        let total = run.steps.reduce(0) { $0 + $1.amount }
        var sum = 0.0
        guard total > 2 * scale, let arrived = run.steps.first(where: { sum += $0.amount; return sum >= 0.9 * total }),
              arrived.timeMs - run.startMs <= 50 else { return }
        if jumps[key] == nil { order.append(key) }
        var entry = jumps[key] ?? Jumps(first: arrived.frame, last: arrived.frame, count: 0, largestPt: 0, timeMs: arrived.timeMs)
        entry.last = arrived.frame
        entry.count += 1
        entry.largestPt = max(entry.largestPt, total / scale)
        jumps[key] = entry
    }

    private func jumpFinding(_ key: Key, _ jumps: Jumps) -> Finding {
        let frames = jumps.first == jumps.last ? "on frame \(jumps.first)" : "\(jumps.count) times on frames \(jumps.first)-\(jumps.last)"
        return Finding(.columnJumped, frameIndex: jumps.first, timeMs: jumps.timeMs, blockId: key.block,
                       message: "table (block \(key.block)): column \(key.column + 1)\(header(key)) jumped \(frames), up to " +
                                "\(jumps.largestPt.rounded2) pt at once, with no reader action: a column the reader sees narrows or comes back " +
                                "under their eyes (a careful client eases it over 100 ms or more)",
                       values: ["column": Double(key.column), "jumps": Double(jumps.count), "largestPt": jumps.largestPt])
    }

    private func left(_ column: Int, block: Int, previous: Frame, frame: Frame) -> Finding {
        Finding(.columnLeftView, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block,
                message: "table (block \(block)): column \(column + 1)\(header(Key(block: block, column: column))), shown on frame " +
                         "\(previous.index), is pushed out of view on frame \(frame.index) with no reader action",
                values: ["column": Double(column)])
    }

    /// The column's header, quoted (its first row's cell in the table's tab-joined text).
    private func header(_ key: Key) -> String {
        guard let text = texts[key.block] else { return "" }
        let cells = text.prefix { $0 != "\n" }.split(separator: "\t", omittingEmptySubsequences: false)
        guard key.column < cells.count, !cells[key.column].isEmpty else { return "" }
        return " «\(ContentDirectionJudge.excerpt(cells[key.column]))»"
    }
}
