import StreamshotManifest

/// Words a reader has read that change without the stream rewriting them: a block's text as
/// shown through one frame (`Manifest.Block.earlier`) whose words, all but the last (which may
/// still have been growing), are not where the next text it shows begins — an alert's title
/// that turns from «تحذير» to «هشدار», a footnote number that turns back into `[^label]`.
/// Tables and code are not judged (their text is not read as one run of words), nor emphasis
/// markers that a streaming client holds back or drops once it knows what they are (`**`, `*`,
/// `_`, `~`, backticks: words are compared without them — syntax shown only while streaming is
/// what `raw-syntax` cannot see either).
struct ChangedWords {
    private struct Change {
        var block: Int
        var frame: Int
        var before: String
        var after: String
    }

    private var changes: [Change]
    private(set) var findings: [Finding] = []

    init(_ manifest: Manifest) {
        let frameTimes = manifest.frames.map(\.timeMs)
        changes = manifest.blocks.filter { $0.kind != .table && $0.kind != .code }.flatMap { block -> [Change] in
            guard let earlier = block.earlier, !earlier.isEmpty else { return [] }
            let texts = earlier.map(\.text) + [block.text]
            return earlier.indices.compactMap { index in
                // The stream rewrote its text while the old words were on screen (or as the new
                // ones came): the change is the stream's, and says so in its warning.
                let shownFrom = index == 0 ? block.shownAtMs : Self.time(of: earlier[index - 1].throughFrame + 1, in: frameTimes)
                guard !manifest.rewrote(after: shownFrom, upTo: Self.time(of: earlier[index].throughFrame + 1, in: frameTimes)) else { return nil }
                return Self.firstChange(from: texts[index], to: texts[index + 1]).map {
                    Change(block: block.id, frame: earlier[index].throughFrame + 1, before: $0.before, after: $0.after)
                }
            }
        }
    }

    /// Frame `index`'s time (past the last frame: the last's).
    private static func time(of index: Int, in times: [Double]) -> Double {
        times.isEmpty ? 0 : times[min(max(index, 0), times.count - 1)]
    }

    /// Takes each frame: a change is reported at the first frame that shows the new text.
    mutating func visit(_ frame: Frame) {
        for change in changes where change.frame <= frame.index {
            findings.append(
                Finding(
                    .wordsChanged, frameIndex: frame.index, timeMs: frame.timeMs, blockId: change.block,
                    message: "block \(change.block)'s words changed after they were shown: «\(change.before)» became "
                        + "«\(change.after)», and the stream did not rewrite them"))
        }
        changes.removeAll { $0.frame <= frame.index }
    }

    /// The first shown word (all but the last of `before`) that `after` does not repeat in place.
    static func firstChange(from before: String, to after: String) -> (before: String, after: String)? {
        let old = words(before)
        let new = words(after)
        for (index, word) in old.dropLast().enumerated() where index >= new.count || new[index] != word {
            return (word, index < new.count ? new[index] : "")
        }
        return nil
    }

    /// The words of `text`, emphasis markers left out.
    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map { String($0.filter { !"*_~`".contains($0) }) }.filter { !$0.isEmpty }
    }
}
