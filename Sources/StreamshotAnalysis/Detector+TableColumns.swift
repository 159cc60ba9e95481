import StreamshotManifest

extension Detector {
    /// A table's columns moving under the reader while it streams: a column that jumps (an edge
    /// moves more than 2 pt, nine tenths of it within 50 ms: no ease a reader can follow), or
    /// one shown on a frame and pushed out of view on the next, with no reader action. A table
    /// that eases its widths as it grows (200 ms, as the reference) passes; a browser's
    /// automatic table layout, measuring every cell again as its text arrives, does not, whether
    /// a squeezed table's rows share its width out anew (columns narrow) or a roomy table's
    /// columns widen at once as rows arrive (the columns after them pushed along).
    /// A column may widen at once to take a word wider than it (a word is never cut, nor run
    /// over another cell's text), pushing the columns after it along (out of view too): a line
    /// in it with no space that could not fit its width before (`ForcedWidening`) is not judged.
    public static let tableColumns = Detector(
        name: "table-columns",
        formula: "per table column (its cells' x and x + width, moved by tableScroll back to the table's own frame), each frame's unforced "
            + "motion: how much it narrows, how far its start edge comes back toward the table's start, how much it widens and how far "
            + "its start edge is pushed away from the table's start, less what a word forces (a column holding a line with no space "
            + "wider than the column was, padding included, widens at once and pushes the rest along, in any client: not counted); "
            + "over runs of frames with unforced motion > 0.5 px (a run ends when the column stands still for more than 50 ms): jumped "
            + "when the run's motion is > 2 pt and 90% of it comes within 50 ms of the frame before it (an ease of 100 ms or more never "
            + "does; at 10 fps or slower a frame is too long to tell; a run cut short by the column leaving the view, a reader's action, "
            + "a rewrite, frames off screen or the render's end is not judged); left the view when a column shown on one frame (more "
            + "of it in the window than its 28 pt edge fade) is not listed on the next while another of its columns is, and no column "
            + "before it shows, on that frame or within 400 ms (a row held while the columns open for it), a word wider than it was "
            + "before; no reader action in between, no rewrite; consecutive jumps of one column are one finding"
    ) { manifest, _ in
        let judge = TableColumnJudge(manifest: manifest)
        // Every frame, repeats too: a frame on which nothing moved ends a run of motion.
        return FramePass.pairs(
            { judge.visit($0, $1) },
            finish: {
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

    /// How long a column stands still before its run of motion is over.
    private static let stillMs = 50.0
    /// How long a column pushed out of view waits for the word that forced it (a held row is
    /// shown once its 200 ms ease is over).
    private static let leaveWaitMs = 400.0
    /// A column pushed out of view, not yet excused by a word that needed the room.
    private struct Leaving {
        let block: Int, column: Int, previous: Frame, frame: Frame
        /// The widths of the columns before it, on the frame before it left.
        let widthsBefore: [Int: Double]
    }
    private var leavings: [Leaving] = []
    private let manifest: Manifest
    private let scale: Double
    private var runs: [Key: Run] = [:]
    private var jumps: [Key: Jumps] = [:]
    private var order: [Key] = []
    private var findings: [Finding] = []
    private lazy var texts = manifest.blocksById.mapValues(\.text)
    private var scalarTexts: [Int: [Unicode.Scalar]] = [:]

    init(manifest: Manifest) {
        self.manifest = manifest
        scale = manifest.viewport.scale
    }

    func visit(_ previous: Frame, _ frame: Frame) {
        // Off screen (the app away, another conversation) nothing moves under the reader's eyes,
        // and a run the reader left mid-way was not seen to its end.
        guard frame.isOnScreen else { return runs.removeAll() }
        let undisturbed =
            manifest.readerActions(after: previous.timeMs, upTo: frame.timeMs).isEmpty
            && !manifest.rewrote(after: previous.timeMs, upTo: frame.timeMs)
        for block in frame.blocks where block.kind == .table {
            guard let before = previous.block(block.id), let cells = block.cells, let cellsBefore = before.cells else { continue }
            let now = Self.edges(cells, block)
            let then = Self.edges(cellsBefore, before)
            let forced = undisturbed ? ForcedWidening.read(block, before: then, now: now, text: scalars(of: block.id)) : [:]
            for (column, edges) in now.sorted(by: { $0.key < $1.key }) {
                let key = Key(block: block.id, column: column)
                // A reader's action or a rewrite cuts the run short: what moved before it is not judged.
                guard undisturbed, let old = then[column] else {
                    runs[key] = nil
                    continue
                }
                let room = Motion.Room(own: forced[column] ?? 0, before: forced.filter { $0.key < column }.values.reduce(0, +))
                follow(key, Motion(from: old, to: edges, rtl: block.direction == .rtl, room: room), previous: previous, frame: frame)
            }
            // A column gone from view mid-run was not seen to the end of its motion: not judged.
            for column in then.keys where now[column] == nil { runs[Key(block: block.id, column: column)] = nil }
            guard undisturbed, !now.isEmpty else { continue }
            // A column pushed out by one before it that a word forced wider, or that was no more
            // than a sliver under the edge's fade, was not read leaving. Words that force it may
            // come a moment later (a client that opens the columns for a row before showing it):
            // the push waits for them (`settleLeavings`).
            for column in then.keys.sorted()
            where now[column] == nil && !forced.keys.contains(where: { $0 < column })
                && Self.legible(column, in: cellsBefore, of: before, viewportWidth: Double(manifest.viewport.width), scale: scale)
            {
                leavings.append(
                    Leaving(
                        block: block.id, column: column, previous: previous, frame: frame,
                        widthsBefore: then.filter { $0.key < column }.mapValues { $0.1 - $0.0 }))
            }
            settleLeavings(block, at: frame)
        }
    }

    func finish() -> [Finding] {
        // A run still moving when the render ends (or since its frames went off screen) was not seen to its end.
        runs.removeAll()
        findings += leavings.map { left($0.column, block: $0.block, previous: $0.previous, frame: $0.frame) }
        return findings + order.compactMap { key in jumps[key].map { jumpFinding(key, $0) } }
    }

    /// Columns pushed out of view are excused once a column before them shows a word wider than
    /// it was before the push; one still unexcused `leaveWaitMs` later is a finding.
    private func settleLeavings(_ block: Frame.Block, at frame: Frame) {
        guard leavings.contains(where: { $0.block == block.id }) else { return }
        let needs = ForcedWidening.wordNeeds(block, text: scalars(of: block.id))
        leavings.removeAll { leaving in
            guard leaving.block == block.id else { return false }
            if leaving.widthsBefore.contains(where: { column, width in (needs[column] ?? 0) > width + 0.5 }) { return true }
            guard frame.timeMs - leaving.frame.timeMs > Self.leaveWaitMs else { return false }
            findings.append(left(leaving.column, block: leaving.block, previous: leaving.previous, frame: leaving.frame))
            return true
        }
    }

    /// Whether a column of a table that scrolls sideways shows more of itself than the fade at
    /// the window's edge covers (28 pt): a sliver under the fade shows no word. The window is
    /// the table's start edge, mirrored across the frame (a table in a quote or list, indented
    /// on its start side only, is given a narrower window: a column is called shown no sooner).
    static func legible(_ column: Int, in cells: [Frame.Cell], of block: Frame.Block, viewportWidth: Double, scale: Double) -> Bool {
        guard block.tableWidth != nil else { return true }
        let table = edges(cells, block)
        guard let first = table[0], let raw = cells.first(where: { $0.column == column }) else { return true }
        let start = block.direction == .rtl ? first.1 : first.0
        let window = block.direction == .rtl ? (viewportWidth - start, start) : (start, viewportWidth - start)
        let shown = min(raw.x + raw.width, window.1) - max(raw.x, window.0)
        return shown > 28 * scale + 0.5
    }

    /// Each listed column's edges in the table's own frame (a reader's sideways drag taken out).
    private static func edges(_ cells: [Frame.Cell], _ block: Frame.Block) -> [Int: (Double, Double)] {
        let shift = (block.tableScroll ?? 0) * (block.direction == .rtl ? -1 : 1)
        var edges: [Int: (Double, Double)] = [:]
        for cell in cells where edges[cell.column] == nil { edges[cell.column] = (cell.x + shift, cell.x + cell.width + shift) }
        return edges
    }

    /// One frame's motion of a column: how much of it no word forces joins the column's run; a
    /// run ends once the column has stood still for more than 50 ms (an ease in whole pixels
    /// stands still for a frame now and then: that is not its end).
    private func follow(_ key: Key, _ motion: Motion, previous: Frame, frame: Frame) {
        let unforced = motion.unforced
        guard unforced > 0.5 else {
            if let last = runs[key]?.steps.last, frame.timeMs - last.timeMs > Self.stillMs { close(key) }
            return
        }
        var run = runs[key] ?? Run(startMs: previous.timeMs)
        run.steps.append((frame.timeMs, unforced, frame.index))
        runs[key] = run
    }

    /// The block's final text as Unicode scalars (a frame's text is a prefix of it, but after a rewrite).
    private func scalars(of block: Int) -> [Unicode.Scalar] {
        if let known = scalarTexts[block] { return known }
        let text = Array((texts[block] ?? "").unicodeScalars)
        scalarTexts[block] = text
        return text
    }

    /// A run ended: was it a jump (nine tenths of it within 50 ms)?
    private func close(_ key: Key) {
        guard let run = runs.removeValue(forKey: key) else { return }
        let total = run.steps.reduce(0) { $0 + $1.amount }
        var sum = 0.0
        guard total > 2 * scale,
            let arrived = run.steps.first(where: {
                sum += $0.amount
                return sum >= 0.9 * total
            }),
            arrived.timeMs - run.startMs <= 50
        else { return }
        if jumps[key] == nil { order.append(key) }
        var entry = jumps[key] ?? Jumps(first: arrived.frame, last: arrived.frame, count: 0, largestPt: 0, timeMs: arrived.timeMs)
        entry.last = arrived.frame
        entry.count += 1
        entry.largestPt = max(entry.largestPt, total / scale)
        jumps[key] = entry
    }

    private func jumpFinding(_ key: Key, _ jumps: Jumps) -> Finding {
        let frames = jumps.first == jumps.last ? "on frame \(jumps.first)" : "\(jumps.count) times on frames \(jumps.first)-\(jumps.last)"
        return Finding(
            .columnJumped, frameIndex: jumps.first, timeMs: jumps.timeMs, blockId: key.block,
            message: "table (block \(key.block)): column \(key.column + 1)\(header(key)) jumped \(frames), up to "
                + "\(jumps.largestPt.rounded2) pt at once, with no reader action: a column the reader sees narrows, widens, is pushed "
                + "along or comes back under their eyes, and no word wider than it forced it (a careful client eases it over " + "100 ms or more)",
            values: ["column": Double(key.column), "jumps": Double(jumps.count), "largestPt": jumps.largestPt])
    }

    private func left(_ column: Int, block: Int, previous: Frame, frame: Frame) -> Finding {
        Finding(
            .columnLeftView, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block,
            message: "table (block \(block)): column \(column + 1)\(header(Key(block: block, column: column))), shown on frame "
                + "\(previous.index), is pushed out of view on frame \(frame.index) with no reader action",
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
