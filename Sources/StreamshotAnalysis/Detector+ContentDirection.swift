import StreamshotManifest
import StreamshotStyle

extension Detector {
    /// Text laid out in the direction its letters do not read in, judged from the letters alone
    /// (`StrongLetters`), never from the direction the client declared: a client that sets Arabic
    /// left to right from the first token to the last (list markers on the left, full stops at the
    /// wrong end) has no change over time for `direction-flip` to see, and `alignment` only
    /// compares against the client's own direction.
    public static let contentDirection = Detector(
        name: "content-direction",
        formula:
            "a block or table cell laid out ltr whose first strong letter, more than half its strong letters and more than half its words (each by "
            + "its first strong letter) are rtl (Bidi_Class R/AL by the judge's own ranges), or the reverse; a list marker or quote bar (its centre against the middle of the block's lines) on the side where neither the "
            + "block's text nor the whole answer starts; once per block and kind"
    ) { manifest, _ in
        var judge = ContentDirectionJudge(manifest: manifest)
        return FramePass(
            visit: { frame in
                guard frame.isOnScreen else { return }
                for block in frame.blocks { judge.judge(block, on: frame) }
            }, finish: { (judge.findings, nil, judge.findings.isEmpty) }
        ).onPictures
    }
}

/// The content-direction detector's pass: each block's letters counted once, each fault reported once.
struct ContentDirectionJudge {
    let manifest: Manifest
    /// The directions the whole answer can be read in: its first strong letter's and its
    /// majority's (an Arabic answer full of English addresses has both).
    let answer: Set<WritingDirection>
    /// By block id: the reading direction of the first block of the list or quote it sits in
    /// (the direction a browser's `dir=auto` gives the container).
    let containerDirections: [Int: WritingDirection]
    private let blocks: [Int: Manifest.Block]
    private(set) var findings: [Finding] = []
    private var letters: [Int: StrongLetters] = [:]
    private var cellLetters: [Int: [(text: Substring, letters: StrongLetters)]] = [:]
    private var reported: Set<String> = []
    /// By block: what its last judgement looked at.
    private var judged: [Int: Judged] = [:]

    private struct Judged: Equatable {
        let direction: WritingDirection
        let marker: Frame.Marker?
        let quoteBars: [Frame.QuoteBar]?
        let middle: Double?
    }

    init(manifest: Manifest) {
        self.manifest = manifest
        let whole = StrongLetters(manifest.text)
        answer = Set([whole.first, whole.majority].compactMap { $0 })
        containerDirections = Self.containerDirections(manifest.blocks)
        blocks = manifest.blocksById
    }

    /// A list is a run of consecutive blocks whose outermost container is a list item (the
    /// manifest numbers items, not lists); a quote is its outermost container's blocks.
    static func containerDirections(_ blocks: [Manifest.Block]) -> [Int: WritingDirection] {
        var directions: [Int: WritingDirection] = [:]
        var group: String?
        var members: [Int] = []
        var decided: WritingDirection?
        func close() {
            if let decided { for id in members { directions[id] = decided } }
            members = []
            decided = nil
        }
        for block in blocks {
            let key = block.containers?.first.map { $0.kind == .listItem ? "list" : "quote \($0.id)" }
            if key != group { close() }
            group = key
            guard key != nil else { continue }
            members.append(block.id)
            if decided == nil, block.kind != .code { decided = StrongLetters(block.text).reading }
        }
        close()
        return directions
    }

    mutating func judge(_ block: Frame.Block, on frame: Frame) {
        guard let text = blocks[block.id]?.text else { return }
        // A block laid out as when last judged has nothing new to show (tables: every cell counts).
        if block.kind != .table {
            let now = Judged(direction: block.direction, marker: block.marker, quoteBars: block.quoteBars, middle: Self.middle(of: block.lines))
            guard judged[block.id] != now else { return }
            judged[block.id] = now
        }
        let strong = letters[block.id] ?? StrongLetters(text)
        letters[block.id] = strong
        switch block.kind {
        case .code, .thematicBreak: break  // code reads left to right by design; a rule has no text
        case .table: judgeCells(block, text: text, on: frame)
        default: judgeLayout(block, direction: block.direction, letters: strong, text: Substring(text), cell: nil, on: frame)
        }
        judgeSides(block, letters: strong, text: text, on: frame)
    }

    private mutating func judgeLayout(
        _ block: Frame.Block, direction: WritingDirection, letters: StrongLetters, text: Substring,
        cell: Frame.Cell?, on frame: Frame
    ) {
        // Most of its words too: a phrase of one English word and one Arabic one reads either way.
        guard let reading = letters.reading, reading != direction, letters.wordMajority == reading else { return }
        let place = cell.map { "block \(block.id) (table), row \($0.row) column \($0.column)" } ?? BlockName.of(block)
        guard reported.insert("direction \(place)").inserted else { return }
        let percent = Int((letters.share(reading) * 100).rounded())
        let seen =
            reading == .rtl
            ? "a reader sees right-to-left text start at the left edge, its sentence ends and list markers on the wrong side"
            : "a reader sees left-to-right text set from the right, its punctuation at the wrong end"
        findings.append(
            Finding(
                .contentDirection, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                message: "\(place) \"\(Self.excerpt(text))\" is laid out \(direction.rawValue), but it reads \(reading.rawValue): its first "
                    + "strong letter and \(percent)% of its \(letters.count) strong letters are \(reading.rawValue) — \(seen)",
                values: ["share": letters.share(reading), "strongLetters": Double(letters.count)]))
    }

    /// Each listed cell against its own text (the block's text holds the cells row by row,
    /// joined by tabs).
    private mutating func judgeCells(_ block: Frame.Block, text: String, on frame: Frame) {
        guard let cells = block.cells, let columns = block.tableColumns else { return }
        // Each cell's letters counted once for the render, not on every frame that lists it.
        let split =
            cellLetters[block.id] ?? text.split(separator: "\t", omittingEmptySubsequences: false).map { ($0, StrongLetters($0.unicodeScalars)) }
        cellLetters[block.id] = split
        for cell in cells {
            let index = cell.row * columns + cell.column
            guard index < split.count else { continue }
            judgeLayout(block, direction: cell.direction, letters: split[index].letters, text: split[index].text, cell: cell, on: frame)
        }
    }

    /// The marker and quote bars stand at the start of their container's lines: on the side where
    /// the block's own text starts, or (an English item in an Arabic list, an Arabic quote in an
    /// English answer) where the answer's does — never on a side where neither starts.
    private mutating func judgeSides(_ block: Frame.Block, letters: StrongLetters, text: String, on frame: Frame) {
        guard let middle = Self.middle(of: block.lines) else { return }
        let readings = answer.union([letters.reading, containerDirections[block.id]].compactMap { $0 })
        let allowed = Set(readings.map(\.startSide))
        guard !allowed.isEmpty else { return }
        var marks: [(name: String, x: Double, width: Double)] = []
        if let marker = block.marker { marks.append(("list marker", marker.x, marker.width)) }
        marks += (block.quoteBars ?? []).map { ("quote bar", $0.x, $0.width) }
        for mark in marks {
            let side: LineAlignment = mark.x + mark.width / 2 < middle ? .left : .right
            guard !allowed.contains(side), reported.insert("\(mark.name) \(block.id)").inserted else { continue }
            let reads = letters.reading ?? readings.first ?? .ltr
            let answerReads = answer.count == 1 ? answer.first!.rawValue : "mixed"
            findings.append(
                Finding(
                    .sideOpposite, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                    message: "\(BlockName.of(block)) \"\(Self.excerpt(Substring(text)))\": its \(mark.name) stands on "
                        + "the \(side.rawValue) of text that reads \(reads.rawValue), in a \(answerReads) answer — a reader looks for "
                        + "it on the \(reads.startSide.rawValue)",
                    values: ["x": mark.x, "middle": middle]))
        }
    }

    /// The middle of the lines' horizontal extent (nil without lines).
    static func middle(of lines: [Frame.Line]) -> Double? {
        guard let first = lines.first else { return nil }
        var left = first.x
        var right = first.x + first.width
        for line in lines {
            left = min(left, line.x)
            right = max(right, line.x + line.width)
        }
        return (left + right) / 2
    }

    /// The text's first words, for a message.
    static func excerpt(_ text: Substring, length: Int = 32) -> String {
        let flat = text.unicodeScalars.prefix(length + 1).map { $0 == "\n" || $0 == "\t" ? " " : Character($0) }
        return flat.count > length ? String(flat.prefix(length)) + "…" : String(flat)
    }
}
