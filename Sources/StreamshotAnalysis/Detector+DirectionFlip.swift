import StreamshotManifest
import StreamshotStyle

extension Detector {
    /// The response's or a block's direction changes after it was shown; or a line moves
    /// sideways between consecutive frames while its width stays the same (unchanged text that
    /// jumped), or the start edge of a block's last line moves (the first word landing left, then
    /// jumping right).
    public static let directionFlip = Detector(
        name: "direction-flip",
        formula:
            "direction(f) != direction(first shown); or for a line i of block b in frames f, f+1 with |w(f+1) - w(f)| < tol: |x(f+1) - x(f)| > tol (not "
            + "last line), or the start edge of the last line moved by > tol, except once when that line is complete (a line appears below it, or its "
            + "block stops growing: it settles at its alignment), or its table's columns were resized on that frame"
    ) { _, thresholds in
        let tol = thresholds.positionTolerancePx
        var findings: [Finding] = []
        var responseDirection: WritingDirection?
        var blockDirections: [Int: WritingDirection] = [:]
        var moved: [Finding] = []
        var previous: Frame?
        return FramePass(
            visit: { frame in
                defer { previous = frame }
                if let direction = frame.direction {
                    if let first = responseDirection, first != direction {
                        findings.append(
                            Finding(
                                .responseDirectionChanged, frameIndex: frame.index, timeMs: frame.timeMs,
                                message: "the response's direction changed from \(first.rawValue) to \(direction.rawValue)"))
                    }
                    responseDirection = direction
                }
                for block in frame.blocks {
                    if let first = blockDirections[block.id], first != block.direction {
                        findings.append(
                            Finding(
                                .blockDirectionChanged, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                                message: "\(BlockName.of(block)) changed direction from \(first.rawValue) to "
                                    + "\(block.direction.rawValue) after it was shown"))
                    }
                    blockDirections[block.id] = block.direction
                }
                if let previous { moved += movedLines(previous, frame, tolerance: tol) }
            },
            finish: {
                // Direction changes first, then lines that moved, as the report has always listed them.
                let all = findings + moved
                return (all, nil, all.isEmpty)
            }
        ).onPictures
    }

    /// Lines that moved sideways between two frames with their width unchanged.
    static func movedLines(_ previous: Frame, _ frame: Frame, tolerance tol: Double) -> [Finding] {
        var findings: [Finding] = []
        for block in frame.blocks {
            guard let before = previous.block(block.id), before.align == block.align else { continue }
            // A table whose columns were resized (a wider cell arrived) moved its lines with
            // their cells: a reflow, not a line jumping inside its box.
            if Self.columnsMoved(before, block) { continue }
            // Lines by their index in the block: a tall block lists those near the frame only.
            let shared = before.sharedLineIndices(with: block)
            var moves: [(line: Int, dx: Double)] = []
            for index in shared {
                guard let a = before.line(index), let b = block.line(index), abs(a.width - b.width) < tol else { continue }
                let isLast = index == before.totalLines - 1
                // The line that was being typed settles at its block's alignment once, when it
                // is complete: a line appeared below it, or the caret left its block.
                let completed = block.totalLines > before.totalLines || (before.growing == true && block.growing != true)
                if isLast && completed { continue }
                let dx: Double
                if !isLast {
                    dx = b.x - a.x
                } else {
                    switch block.align.anchorEdge(direction: block.direction) {
                    case .left: dx = b.x - a.x
                    case .right: dx = (b.x + b.width) - (a.x + a.width)
                    case .center: continue
                    }
                }
                if abs(dx) > tol { moves.append((index, dx)) }
            }
            if let finding = movedFinding(moves, block: block, frame: frame) { findings.append(finding) }
        }
        return findings
    }

    /// A block's lines that moved on one frame, as one finding: "block 0 (paragraph) lines 0-9
    /// moved 64 px right" — one thing a reader saw, not one finding a line.
    private static func movedFinding(_ moves: [(line: Int, dx: Double)], block: Frame.Block, frame: Frame) -> Finding? {
        guard let first = moves.first, let last = moves.last,
            let largest = moves.map(\.dx).max(by: { abs($0) < abs($1) })
        else { return nil }
        let lines = moves.count == 1 ? "line \(first.line)" : "\(moves.count) lines (\(first.line)-\(last.line))"
        let same = moves.allSatisfy { abs($0.dx - largest) < 0.5 }
        let side = largest < 0 ? "left" : "right"
        return Finding(
            .lineMoved, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
            message: "\(BlockName.of(block)) \(lines) moved \(same ? "" : "up to ")\(abs(largest).rounded2) px \(side) with "
                + "\(moves.count == 1 ? "its" : "their") text unchanged",
            values: ["dx": largest, "line": Double(first.line), "lines": Double(moves.count)])
    }

    /// Whether a table's column edges differ between two frames, in the cells both list.
    static func columnsMoved(_ before: Frame.Block, _ after: Frame.Block) -> Bool {
        guard let old = before.cells, let new = after.cells else { return false }
        let edges = { (cells: [Frame.Cell]) in Dictionary(cells.map { ("\($0.row),\($0.column)", [$0.x, $0.width]) }) { first, _ in first } }
        let (a, b) = (edges(old), edges(new))
        return a.contains { key, value in b[key].map { zip($0, value).contains { abs($0 - $1) > 0.5 } } ?? false }
    }
}

extension Double {
    var rounded2: Double { (self * 100).rounded() / 100 }
}
