/// Places the citations a decoder reads on the answer's text as it is built: a provider's
/// offsets count from the start of the text block being streamed, in its unit; a citation of
/// the block being written waits for the block's end; a source with no words is kept once.
struct CitationAnchoring {
    /// The answer's text so far (a snapshot replaces it).
    private(set) var answer: [Unicode.Scalar] = []
    /// Where the text block being streamed starts in it.
    private var blockStart = 0
    /// Where Streamshot added characters the provider did not send (a blank line after a tool
    /// call), ascending: a provider's offsets do not count them.
    private var added: [Int] = []
    /// Citations of the block being written, until it ends.
    private var waiting: [CitationSource] = []
    /// Sources already kept without words (Perplexity repeats its whole list in every chunk).
    private var unplacedSeen: Set<String> = []
    /// A text block was cited since the model last reasoned or used a tool: the text blocks
    /// after it are pieces of one text.
    private(set) var lastBlockCited = false

    /// The model reasoned or used a tool: a text block after it starts a text of its own.
    mutating func activityBetween() { lastBlockCited = false }

    /// Text arrived; `added`: Streamshot's, not the provider's.
    mutating func append(_ text: String, added isAdded: Bool = false) {
        if isAdded { added += answer.count..<(answer.count + text.unicodeScalars.count) }
        answer.append(contentsOf: text.unicodeScalars)
    }

    /// The whole answer so far, as a polling client receives it.
    mutating func replace(with text: String) {
        answer = Array(text.unicodeScalars)
        added = []
    }

    /// A new text block starts here (after the blank line that separates it, if one does).
    mutating func blockStarts() {
        blockStart = answer.count
    }

    /// The block being written ended: its waiting citations cite all of it.
    mutating func blockEnds() -> [Citation] {
        defer { waiting = [] }
        if !waiting.isEmpty { lastBlockCited = true }
        let span = blockStart..<max(blockStart, trimmedEnd)
        return waiting.map { Citation(span: span, source: $0) }
    }

    /// A decoder's citation, placed (nil: it waits for its block's end, or repeats a source).
    /// - Returns: the citation, or why it cannot be placed.
    mutating func place(_ read: CitationRead) -> Result<Citation, CitationProblem>? {
        switch read.anchor {
        case .currentBlock:
            waiting.append(read.source)
            return nil
        case .none:
            guard unplacedSeen.insert(read.source.identity).inserted else { return nil }
            return .success(Citation(span: nil, source: read.source))
        case .offsets(let start, let end, let unit):
            guard start >= 0, end >= start else { return .failure(.backwards(start: start, end: end)) }
            guard let lower = scalarOffset(start, unit: unit, isStart: true), let upper = scalarOffset(end, unit: unit, isStart: false) else {
                return .failure(.pastText(end: end, unit: unit, length: length(in: unit)))
            }
            return .success(Citation(span: lower..<upper, source: read.source))
        }
    }

    /// The block's end without the blank line or spaces a block may end with.
    private var trimmedEnd: Int {
        var end = answer.count
        while end > blockStart, answer[end - 1].properties.isWhitespace { end -= 1 }
        return end
    }

    /// `offset` (from the block's start, in `unit`, counting the provider's characters only) in
    /// scalars of the answer (nil: past its end). A span's start skips characters Streamshot
    /// added there; its end stays before them.
    private func scalarOffset(_ offset: Int, unit: CitationRead.OffsetUnit, isStart: Bool) -> Int? {
        var counted = 0
        var index = blockStart
        var nextAdded = added.firstIndex { $0 >= blockStart } ?? added.endIndex
        func skipAdded() {
            while nextAdded < added.endIndex, added[nextAdded] == index {
                index += 1
                nextAdded += 1
            }
        }
        while counted < offset, index < answer.count {
            skipAdded()
            guard index < answer.count else { break }
            counted += unit == .scalars ? 1 : String(answer[index]).utf8.count
            index += 1
        }
        guard counted >= offset else { return nil }
        // An offset inside a character counts from that character's start.
        if counted > offset { return index - 1 }
        if isStart { skipAdded() }
        return index
    }

    private func length(in unit: CitationRead.OffsetUnit) -> Int {
        let ours = Set(added)
        let block = answer.indices.dropFirst(blockStart).filter { !ours.contains($0) }.map { answer[$0] }
        switch unit {
        case .scalars: return block.count
        case .utf8: return block.reduce(0) { $0 + String($1).utf8.count }
        }
    }
}

/// Why a citation's offsets cannot be placed on the text.
enum CitationProblem: Error, Equatable {
    case backwards(start: Int, end: Int)
    case pastText(end: Int, unit: CitationRead.OffsetUnit, length: Int)

    var message: String {
        switch self {
        case .backwards(let start, let end): return "a citation's end (\(end)) is before its start (\(start)); skipped"
        case .pastText(let end, let unit, let length):
            return "a citation ends at \(unit == .utf8 ? "byte" : "character") \(end), past the \(length) of the text so far; skipped"
        }
    }
}
