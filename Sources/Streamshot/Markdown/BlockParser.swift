import StreamshotCMark

/// Parses revealed text into leaf blocks with GitHub's parser, incrementally: top-level blocks
/// that are finished (another top-level block has started after them) are parsed once and kept;
/// each update re-parses only the open tail, from the start of the last top-level block, so
/// the work per frame follows the tail, not the document. Ids are stable: a block keeps its id
/// from the frame it first appears, and never changes kind (a block whose kind would change is
/// a new block with a new id).
public struct BlockParser: Sendable {
    public private(set) var finished: [Block] = []
    /// The blocks of the open top-level block, as of the last update.
    public private(set) var open: [Block] = []
    /// Where each finished block's top-level block ends in the text.
    private var finishedEnds: [Int] = []
    /// Where the open tail starts in the text.
    private var openStart = 0
    /// The ids of the open tail's blocks by position, with their kinds.
    private var tailIds: [(id: Int, kind: BlockKind.Name)] = []
    /// One past the highest block id ever handed out: ids are never reused.
    private var issuedIds = 0
    /// The first container id of the open tail (containers of finished blocks keep theirs).
    private var nextContainerId = 0
    /// One past the highest container id ever handed out.
    private var issuedContainerIds = 0
    /// Link reference definitions in finished text, with where they end: later text may use them.
    private var definitions: [(end: Int, line: String)] = []
    /// How many characters the last update gave the parser (the work stays at the tail).
    public private(set) var parsedCharacters = 0

    public init() {}

    /// All blocks, finished first.
    public var blocks: [Block] { finished + open }

    /// Re-reads the open tail of the revealed text.
    /// - Parameters:
    ///   - text: the revealed text (a prefix of what arrived), from its start.
    ///   - ended: no more text will come, so every block is finished.
    public mutating func update(_ text: ArraySlice<Unicode.Scalar>, ended: Bool) {
        let tail = text[(text.startIndex + openStart)...]
        let source = StreamingSource.markdown(tail, ended: ended)
        parsedCharacters = source.unicodeScalars.count
        let appendix = definitions.isEmpty ? "" : "\n\n" + definitions.map(\.line).joined(separator: "\n")
        let document = (try? MarkdownParser.parse(source + appendix)) ?? MarkdownNode(kind: .document)
        let lineStarts = Self.lineStarts(tail)
        let groups = BlockTree.topLevel(document).filter { $0.startLine <= lineStarts.count }
        var blocks = place(groups, tail: tail, origin: text.startIndex, lineStarts: lineStarts)
        let committedGroups = ended ? groups.count : max(0, groups.count - 1)
        var committedLeaves = 0
        for index in 0..<committedGroups {
            let end = index + 1 < groups.count ? Self.offset(ofLine: groups[index + 1].startLine, lineStarts, tail) : tail.endIndex
            let start = min(Self.offset(ofLine: groups[index].startLine, lineStarts, tail), end)
            commit(&blocks, count: groups[index].leaves.count, from: committedLeaves, end: end - text.startIndex)
            keepDefinitions(tail[start..<end], end: end - text.startIndex)
            committedLeaves += groups[index].leaves.count
            nextContainerId += groups[index].containerCount
            openStart = end - text.startIndex
        }
        tailIds.removeFirst(min(committedLeaves, tailIds.count))
        open = Array(blocks[committedLeaves...])
        if !ended, let last = open.last, last.kind == .paragraph, last.content.text.isEmpty {
            // An item's marker waits for its first word: its direction and pitch are read from it.
            open.removeLast()
        }
        if let last = open.indices.last {
            for index in open.indices where index != last { open[index].isFinished = true }
        }
    }

    /// Forgets every block whose source reaches past `offset` (the text was rewritten there).
    /// Ids are never reused, so a rewritten block comes back as a new block.
    public mutating func rewind(to offset: Int) {
        open = []
        tailIds = []
        while let end = finishedEnds.last, end >= offset {
            finished.removeLast()
            finishedEnds.removeLast()
        }
        definitions.removeAll { $0.end >= offset }
        openStart = finishedEnds.last ?? 0
        // Containers of the forgotten text may have been shown: their ids are not handed out again.
        nextContainerId = issuedContainerIds
    }

    /// The parse's leaves as blocks: ids by position in the tail (a new id when the kind at a
    /// position changed), offsets in the whole text, container ids after the finished ones.
    private mutating func place(_ groups: [TopLevelDraft], tail: ArraySlice<Unicode.Scalar>, origin: Int,
                                lineStarts: [Int]) -> [Block] {
        var blocks: [Block] = []
        for (position, leaf) in groups.flatMap(\.leaves).enumerated() {
            let id = blockId(at: position, kind: leaf.kind.name)
            let lineStart = Self.offset(ofLine: leaf.startLine, lineStarts, tail)
            let containers = leaf.containers.map { container -> BlockContainer in
                var placed = container
                placed.id += nextContainerId
                issuedContainerIds = max(issuedContainerIds, placed.id + 1)
                return placed
            }
            blocks.append(Block(id: id, kind: leaf.kind, content: leaf.content, rows: leaf.rows, columnAlignments: leaf.alignments,
                                containers: containers, isFinished: false, sourceStart: lineStart - origin,
                                contentStart: ContainerPrefix.contentOffset(in: tail, lineStart: lineStart) - origin))
        }
        return blocks
    }

    private mutating func blockId(at position: Int, kind: BlockKind.Name) -> Int {
        if position < tailIds.count, tailIds[position].kind == kind { return tailIds[position].id }
        let id = issuedIds
        issuedIds += 1
        if position < tailIds.count {
            tailIds[position] = (id, kind)
        } else {
            tailIds.append((id, kind))
        }
        return id
    }

    private mutating func commit(_ blocks: inout [Block], count: Int, from start: Int, end: Int) {
        for index in start..<(start + count) {
            blocks[index].isFinished = true
            finished.append(blocks[index])
            finishedEnds.append(end)
        }
    }

    /// Keeps the link reference definitions of text leaving the tail, for the text after it.
    private mutating func keepDefinitions(_ source: ArraySlice<Unicode.Scalar>, end: Int) {
        for line in StreamingSource.string(source).split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if line.count - trimmed.count <= 3, trimmed.hasPrefix("["), trimmed.contains("]:") {
                definitions.append((end, String(line)))
            }
        }
    }

    /// Where each line of `tail` starts, as indices into its base.
    private static func lineStarts(_ tail: ArraySlice<Unicode.Scalar>) -> [Int] {
        var starts = [tail.startIndex]
        var index = tail.startIndex
        while index < tail.endIndex {
            let scalar = tail[index]
            if scalar == "\n" || (scalar == "\r" && (index + 1 == tail.endIndex || tail[index + 1] != "\n")) {
                starts.append(index + 1)
            }
            index += 1
        }
        return starts
    }

    /// Where a 1-based line starts; a line cmark did not place (0) counts as the tail's start.
    private static func offset(ofLine line: Int, _ lineStarts: [Int], _ tail: ArraySlice<Unicode.Scalar>) -> Int {
        if line < 1 { return tail.startIndex }
        return line <= lineStarts.count ? lineStarts[line - 1] : tail.endIndex
    }
}
