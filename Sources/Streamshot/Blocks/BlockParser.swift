import Foundation

/// Parses revealed text into Markdown blocks incrementally.
///
/// Finished blocks are kept and never parsed again; each update re-reads only the open tail
/// (from the first unfinished block), so total work stays linear in the text length. Ids are
/// stable: a block keeps its id from the frame it first appears.
public struct BlockParser: Sendable {
    public private(set) var finished: [Block] = []
    /// The unfinished blocks after `finished`, as of the last update.
    public private(set) var open: [Block] = []
    /// Where each finished block's source ends.
    private var finishedEnds: [Int] = []
    /// Where the open tail starts in the text.
    private var openStart = 0
    private var nextId = 0
    /// One past the highest id ever handed out, open blocks included: ids are never reused.
    private var issuedIds = 0

    public init() {}

    /// All blocks, finished first.
    public var blocks: [Block] { finished + open }

    /// Re-reads the open tail of `text[..<count]`.
    /// - Parameters:
    ///   - text: the revealed text (a prefix of what arrived).
    ///   - ended: no more text will come, so the last line is complete and every block finished.
    public mutating func update(_ text: ArraySlice<Unicode.Scalar>, ended: Bool) {
        var parsed = BlockScanner(text: text, start: openStart, ended: ended).scan()
        var id = nextId
        for index in parsed.indices {
            parsed[index].id = id
            id += 1
        }
        issuedIds = max(issuedIds, id)
        // Commit the leading run of finished blocks; they are never read again.
        var committed = 0
        while committed < parsed.count, parsed[committed].block.isFinished {
            finished.append(parsed[committed].block)
            finishedEnds.append(parsed[committed].end)
            openStart = parsed[committed].end
            nextId += 1
            committed += 1
        }
        open = parsed[committed...].map(\.block)
    }

    /// Forgets every block whose source reaches past `offset` (the text was rewritten there).
    /// Ids are never reused, so a rewritten block comes back as a new block.
    public mutating func rewind(to offset: Int) {
        open = []
        while let end = finishedEnds.last, end > offset {
            finished.removeLast()
            finishedEnds.removeLast()
        }
        openStart = finishedEnds.last ?? 0
        nextId = issuedIds
    }
}

/// A block found by one scan, with where its source ends.
struct ScannedBlock {
    var block: Block
    var end: Int
    var id: Int {
        get { block.id }
        set { block.id = newValue }
    }
}
