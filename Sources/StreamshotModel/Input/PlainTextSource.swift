/// Plain text (.md, .txt) turned into a timed stream by a network profile.
public enum PlainTextSource {
    /// - Parameters:
    ///   - bytes: the file's bytes (UTF-8).
    ///   - network: how the text arrives.
    ///   - seed: the network's seed.
    /// - Returns: one delta per delivery, decoded across chunk boundaries, then `done`.
    public static func transcript(bytes: [UInt8], network: NetworkProfile, seed: UInt64) -> Transcript {
        // A byte order mark says how the file is encoded; it is not text to show.
        let bytes = bytes.droppingByteOrderMark
        // Tokenize the decoded text but deliver its exact bytes (invalid ones included), so the
        // decoder below reports any invalid UTF-8 with its real offset.
        var pieces: [[UInt8]]
        if let text = String(validating: bytes, as: UTF8.self) {
            pieces = Tokenizer.tokens(of: text).map { Array($0.utf8) }
        } else {
            pieces = stride(from: 0, to: bytes.count, by: 4).map { Array(bytes[$0..<min(bytes.count, $0 + 4)]) }
        }
        let chunks = network.deliver(pieces, seed: seed)
        var decoder = UTF8StreamDecoder()
        var events: [StreamEvent] = []
        for chunk in chunks {
            if let dropped = chunk.droppedAtMs {
                events.append(StreamEvent(timeMs: dropped, kind: .reconnect("resumed with Last-Event-ID")))
            }
            let text = decoder.decode(chunk.bytes)
            if !text.isEmpty { events.append(StreamEvent(timeMs: chunk.timeMs, kind: .delta(text))) }
        }
        let endTime = chunks.last?.timeMs ?? 0
        let tail = decoder.finish()
        if !tail.isEmpty { events.append(StreamEvent(timeMs: endTime, kind: .delta(tail))) }
        events.append(StreamEvent(timeMs: endTime, kind: .done))
        let warnings = decoder.invalidOffsets.map {
            RenderWarning(kind: .invalidUTF8, message: "invalid UTF-8 at byte \($0); shown as U+FFFD")
        }
        return Transcript(events: events, warnings: warnings, network: NetworkTiming(profile: network.name, seed: seed))
    }
}
