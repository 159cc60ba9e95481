import StreamshotManifest

/// Text shown twice across a reconnect (shared/seeds/000's first failure mode): the server
/// resends from the start, or from a point already shown, and the client appends it. Judged from
/// the text alone: right where the text stood when the connection dropped, 40 characters or more
/// in several words repeat a run already shown before it.
struct DuplicatedText {
    /// How long the repeat must run: longer than the legal phrases an answer repeats by itself.
    static let minimumRun = 40
    /// Bounds on the search, so that a long or repetitive answer with many reconnects is judged
    /// in bounded time: the reconnects judged, where a replay may start (the answer's start or
    /// the last stretch before the drop), and how far a run is followed.
    static let maxReconnects = 100
    static let searchWindow = 10_000
    static let longestRunFollowed = 400

    private let text: [Unicode.Scalar]
    /// Per reconnect warning: where the text stood, and the repeat found there (nil: none).
    private var pending: [(atMs: Double, position: Int?, repeat: (from: Int, length: Int)?)]
    private(set) var findings: [Finding] = []

    init(_ manifest: Manifest) {
        text = Array(manifest.text.unicodeScalars)
        pending = manifest.warnings.filter { $0.kind == .reconnect }.compactMap { $0.timeMs }.prefix(Self.maxReconnects).map { ($0, nil, nil) }
    }

    /// Takes each frame: the first at or after a reconnect fixes where the text stood (all that
    /// had arrived); the first that shows the repeat reports it.
    mutating func visit(_ frame: Frame) {
        for index in pending.indices {
            if pending[index].position == nil, frame.timeMs >= pending[index].atMs - Manifest.timeSlackMs {
                let position = frame.revealedChars + frame.bufferedChars
                pending[index].position = position
                pending[index].repeat = Self.repeatRun(in: text, at: position)
            }
            guard let position = pending[index].position, let run = pending[index].repeat,
                frame.revealedChars >= position + Self.minimumRun
            else { continue }
            let quote = String(String.UnicodeScalarView(text[position..<min(position + 24, text.count)]))
            findings.append(
                Finding(
                    .textDuplicated, frameIndex: frame.index, timeMs: frame.timeMs,
                    message: "after the reconnect at \(JSONText.number(pending[index].atMs, places: 0)) ms, \(run.length) characters "
                        + "shown before («\(quote)…», from character \(run.from)) are shown again",
                    values: ["at": Double(position), "from": Double(run.from), "length": Double(run.length)]))
            pending[index].repeat = nil
        }
    }

    /// The longest run starting at `position` that repeats one starting earlier, if it is long
    /// enough and more than one word.
    static func repeatRun(in text: [Unicode.Scalar], at position: Int) -> (from: Int, length: Int)? {
        guard position > 0, position + minimumRun <= text.count else { return nil }
        var best: (from: Int, length: Int)?
        let head = min(position, searchWindow)
        let starts = Array(0..<head) + Array(max(head, position - searchWindow)..<position)
        for start in starts where text[start] == text[position] {
            var length = 0
            while length < longestRunFollowed, position + length < text.count, start + length < position,
                text[start + length] == text[position + length]
            { length += 1 }
            if length >= minimumRun, length > (best?.length ?? 0) { best = (start, length) }
        }
        guard let best, text[position..<(position + best.length)].contains(where: { $0.properties.isWhitespace }) else { return nil }
        return best
    }
}
