import StreamshotManifest
import StreamshotStyle

extension Detector {
    /// Each block's alignment is textAlign resolved against its own direction, once; a line that
    /// grows never slides (its start edge stays put, whatever the alignment).
    public static let alignment = Detector(
        name: "alignment",
        formula: "align(block) == resolve(options.textAlign, direction(block)): auto/start = right in RTL, left in LTR; end the opposite; left/right "
            + "physical; center; justify (code blocks: left); slide: a block's last line, wider than on the frame before with no line added, whose start "
            + "edge (left in LTR, right in RTL; in a table, less the motion of the cell edge or middle its lines are set from) moved by more than 1 px, not across a reader's drag of the table"
    ) { manifest, _ in
        let textAlign = manifest.options.textAlign ?? .auto
        var findings: [Finding] = []
        var reported: Set<Int> = []
        var sliding = SlidingLines()
        return FramePass(
            visit: { frame in
                for block in frame.blocks where block.kind != .thematicBreak && !reported.contains(block.id) {
                    let expected = Self.expectedAlignment(textAlign, direction: block.direction, isCode: block.kind == .code)
                    if block.align != expected {
                        reported.insert(block.id)
                        findings.append(
                            Finding(
                                .misaligned, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                                message: "\(BlockName.of(block)), \(block.direction.rawValue), is aligned \(block.align.rawValue); textAlign "
                                    + "\(textAlign.rawValue) in \(block.direction.rawValue) resolves to \(expected.rawValue)"))
                    }
                }
                sliding.visit(frame)
            },
            finish: {
                let all = findings + sliding.findings
                return (all, nil, all.isEmpty)
            }
        ).onPictures
    }

    /// CSS Text 3's resolution of `textAlign` against the block's direction, written here rather
    /// than taken from the client's `AlignmentPolicy` (the judge must not agree with a wrong rule).
    static func expectedAlignment(_ textAlign: TextAlign, direction: WritingDirection, isCode: Bool) -> PhysicalAlignment {
        let start: PhysicalAlignment = direction == .rtl ? .right : .left
        let end: PhysicalAlignment = direction == .rtl ? .left : .right
        if isCode { return .left }
        switch textAlign {
        case .auto, .start: return start
        case .end: return end
        case .left: return .left
        case .right: return .right
        case .center: return .center
        case .justify: return .justify
        }
    }
}

/// Lines that slide as they grow (centred, end-aligned or justified text set as it streams):
/// the reader's eye loses the line's start. One finding per block.
struct SlidingLines {
    private(set) var findings: [Finding] = []
    private var reported: Set<Int> = []
    private var previous: [Int: Frame.Block] = [:]

    mutating func visit(_ frame: Frame) {
        var current: [Int: Frame.Block] = [:]
        for block in frame.blocks {
            current[block.id] = block
            guard !reported.contains(block.id), let before = previous[block.id] else { continue }
            // The line being typed: the last one, on both frames.
            // (When its block stops growing, the line settles at the block's alignment, once.)
            if before.totalLines == block.totalLines, let old = before.line(before.totalLines - 1), let new = block.line(block.totalLines - 1),
                new.width > old.width + 1, !(before.growing == true && block.growing != true),
                before.tableScroll == block.tableScroll
            {  // a table the reader dragged moved under its lines: not a slide
                // In a table, from where its cell sets its lines (when both frames list the cell): a
                // column that moves or resizes is table-columns' to judge.
                var shift = 0.0
                if let cellBefore = Self.cellAnchor(of: old, in: before), let cellNow = Self.cellAnchor(of: new, in: block) {
                    shift = cellNow - cellBefore
                }
                let startBefore = (block.direction == .rtl ? old.x + old.width : old.x) + shift
                let startNow = block.direction == .rtl ? new.x + new.width : new.x
                let slid = startNow - startBefore
                guard abs(slid) > 1 else { continue }
                reported.insert(block.id)
                findings.append(
                    Finding(
                        .lineSlid, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                        message: "\(BlockName.of(block)): a growing line's start edge moved \(slid.rounded2) px",
                        values: ["moved": slid]))
            }
        }
        previous = current
    }
}

extension SlidingLines {
    /// Where the table cell a line sits in sets its lines (nil outside tables, or for a cell not
    /// listed): the edge or the middle its alignment names; its start edge in manifests that do
    /// not say.
    static func cellAnchor(of line: Frame.Line, in block: Frame.Block) -> Double? {
        let middle = line.y + line.height / 2
        guard
            let cell = block.cells?.first(where: { middle >= $0.y && middle <= $0.y + $0.height && line.x >= $0.x - 0.5 && line.x < $0.x + $0.width })
        else { return nil }
        let start: PhysicalAlignment = block.direction == .rtl ? .right : .left
        // A justified cell's growing last line is set at its start, as a paragraph's is.
        switch cell.align.map({ $0 == .justify ? start : $0 }) ?? start {
        case .left, .justify: return cell.x
        case .right: return cell.x + cell.width
        case .center: return cell.x + cell.width / 2
        }
    }
}
