import StreamshotManifest

extension Detector {
    /// A line break through a word or a number, judged from each line's text range (`start`,
    /// `end`) with the judge's own word boundaries (`WordBreaks`): `₪25,00` / `0`, `Governi` /
    /// `ng law`, an Arabic word broken through its joining.
    public static let splitWord = Detector(
        name: "split-word",
        formula:
            "two consecutive lines of a finished block (one followed by another on its frame, or any block once the stream ended) where the next line "
            + "starts right where the line before ends (no space or line break between) and there is no UAX #29 word boundary there — unless the word's "
            + "first part begins its line (the word alone did not fit); in a table cell without whitespace the whole cell is one token, and a break in a "
            + "cell is excused only in a column at least 90% as wide as the text column (the widest line of a paragraph seen so far, else the frame's "
            + "width); once per block and break"
    ) { manifest, _ in
        var judge = SplitWordJudge(manifest: manifest)
        return FramePass(
            visit: { frame in
                guard frame.isOnScreen else { return }
                for (position, block) in frame.blocks.enumerated() where frame.ended || position < frame.blocks.count - 1 {
                    judge.judge(block, on: frame)
                }
            }, finish: { (judge.findings, nil, judge.findings.isEmpty) }
        ).onPictures
    }
}

/// The split-word detector's pass: each block's text read once, each break judged once.
struct SplitWordJudge {
    let manifest: Manifest
    private(set) var findings: [Finding] = []
    /// Each block's text by version (`Manifest.Block.textVersion(atFrame:)`): a frame's lines
    /// index the text the block showed then.
    private var scalars: [[Int]: [Unicode.Scalar]] = [:]
    private var judged: [Int: [Int]] = [:]
    private var reported: Set<[Int]> = []
    /// The text column's width as far as the render has shown it: its widest paragraph line.
    private var column = 0.0

    private let blocks: [Int: Manifest.Block]

    init(manifest: Manifest) {
        self.manifest = manifest
        blocks = manifest.blocksById
    }

    mutating func judge(_ block: Frame.Block, on frame: Frame) {
        if block.kind == .paragraph { column = max(column, block.lines.map(\.width).max() ?? 0) }
        guard block.kind != .code, let entry = blocks[block.id] else { return }
        let version = [block.id, entry.textVersion(atFrame: frame.index)]
        // The same lines of the same text as when last judged: nothing new to see.
        let signature = block.lines.flatMap { [$0.start ?? -1, $0.end ?? -1] } + [block.firstLineIndex] + version
        guard judged[block.id] != signature else { return }
        judged[block.id] = signature
        let characters = scalars[version] ?? Array(entry.text(atFrame: frame.index).unicodeScalars)
        scalars[version] = characters
        for (line, next) in zip(block.lines, block.lines.dropFirst()) {
            guard let end = line.end, let start = line.start, let nextStart = next.start, nextStart == end,
                end > start, end < characters.count
            else { continue }
            judgeBreak(at: end, lineStart: start, block: block, characters: characters, on: frame)
        }
    }

    private mutating func judgeBreak(at offset: Int, lineStart: Int, block: Frame.Block, characters: [Unicode.Scalar], on frame: Frame) {
        let cell = block.kind == .table ? Self.cell(around: offset, in: characters) : nil
        let wholeCell = cell.map { range in !characters[range].contains { $0.properties.isWhitespace } } ?? false
        guard wholeCell || WordBreaks.isInsideWord(characters, at: offset) else { return }
        let token = wholeCell ? cell! : WordBreaks.wordStart(characters, around: offset)..<WordBreaks.wordEnd(characters, around: offset)
        if token.lowerBound <= lineStart {
            // The token alone did not fit its line; in a table, only where the column could not widen.
            guard block.kind == .table else { return }
            let widest = column > 0 ? column : Double(manifest.viewport.width)
            if Self.cellWidth(block, offset: offset, characters: characters) >= 0.9 * widest { return }
        }
        guard reported.insert([block.id, offset]).inserted else { return }
        let first = String(String.UnicodeScalarView(characters[token.lowerBound..<offset]))
        let rest = String(String.UnicodeScalarView(characters[offset..<token.upperBound]))
        let what =
            wholeCell ? "a table cell's one token" : token.contains(where: { characters[$0].properties.numericType != nil }) ? "a number" : "a word"
        let place = BlockName.of(block)
        findings.append(
            Finding(
                .splitWord, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                message: "\(place) breaks \(what) \"\(first)\(rest)\" across lines: a reader sees \"\(first)\" at the end of one line and "
                    + "\"\(rest)\" starting the next",
                values: ["offset": Double(offset)]))
    }

    /// The table cell (a tab-separated range of the block's text) around `offset`.
    static func cell(around offset: Int, in characters: [Unicode.Scalar]) -> Range<Int> {
        var start = offset
        while start > 0, characters[start - 1] != "\t" { start -= 1 }
        var end = offset
        while end < characters.count, characters[end] != "\t" { end += 1 }
        return start..<end
    }

    /// The width of the cell whose text holds `offset`: found by its place in the tab-joined
    /// text (a line of a column scrolled out of view has no width or place of its own to go by).
    static func cellWidth(_ block: Frame.Block, offset: Int, characters: [Unicode.Scalar]) -> Double {
        guard let cells = block.cells, let columns = block.tableColumns else { return 0 }
        let index = characters[..<offset].reduce(0) { $0 + ($1 == "\t" ? 1 : 0) }
        return cells.first { $0.row == index / columns && $0.column == index % columns }?.width ?? 0
    }
}
