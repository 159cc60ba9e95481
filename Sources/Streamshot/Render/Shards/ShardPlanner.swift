/// Splits a render's frames into contiguous ranges of nearly equal cost, the same way on every
/// machine (it reads only the frames, which every shard computes alike). The cost is the
/// frames that change: a frame that repeats the one before is not encoded again (its bytes are
/// the previous frame's), so a stall's hundreds of frames weigh nothing. (They are still
/// painted, about a quarter of a changed frame's cost today; damage tracking will make that free.)
public enum ShardPlanner {
    /// A repeated frame's cost next to a changed one's.
    static let repeatedFrameCost = 0.0

    /// Each frame's expected cost: 1 when it shows something the previous frame did not, else
    /// `repeatedFrameCost`.
    public static func costs(of frames: [Frame]) -> [Double] {
        frames.indices.map { index in
            index > 0 && frames[index].looksLike(frames[index - 1]) ? repeatedFrameCost : 1
        }
    }

    /// The same costs, counted as frames are made: only the frame before is kept.
    struct CostCounter {
        private(set) var costs: [Double] = []
        private var previous: Frame?

        mutating func add(_ frame: Frame) {
            costs.append(previous.map { frame.looksLike($0) } == true ? ShardPlanner.repeatedFrameCost : 1)
            previous = frame
        }
    }

    /// `count` contiguous ranges covering `0..<costs.count`: each cut falls where the running
    /// cost crosses the next 1/count of the total, a frame going to the side that holds more of
    /// it, so every shard is within one frame's cost of its share (a shard may be empty when
    /// there are fewer frames than shards).
    public static func ranges(costs: [Double], count: Int) -> [Range<Int>] {
        let total = costs.reduce(0, +)
        var bounds = [0]
        var before = 0.0  // the cost of the frames before `index`
        var index = 0
        for shard in 1..<max(count, 1) {
            let target = total * Double(shard) / Double(count)
            while index < costs.count, before + costs[index] / 2 <= target {
                before += costs[index]
                index += 1
            }
            bounds.append(index)
        }
        bounds.append(costs.count)
        return (0..<max(count, 1)).map { bounds[$0]..<bounds[$0 + 1] }
    }
}

extension Frame {
    /// Whether this frame shows what `other` shows: the same blocks, caret, overlays and scroll
    /// (its own index, time and file aside). Such a frame's pixels repeat the previous frame's,
    /// unless the typing dots are up: they pulse on every frame.
    func looksLike(_ other: Frame) -> Bool {
        if overlays?.contains(where: { $0.kind == .typingIndicator && $0.text == nil }) == true { return false }
        var mine = self
        mine.index = other.index
        mine.timeMs = other.timeMs
        mine.file = other.file
        mine.costMs = other.costMs
        mine.revealedChars = other.revealedChars
        mine.bufferedChars = other.bufferedChars
        mine.pendingChars = other.pendingChars
        return mine == other
    }
}
