/// A live input as the frame loop reads it: the frame at time T is made only once the input is
/// known past T — something later than T has arrived, or the input is closed. Before then the
/// render waits. So every frame depends only on what a render of the finished file would have
/// seen at T (nothing arrives out of order), and the live frames are that render's frames, byte
/// for byte. A stream that goes quiet holds the frame clock until it speaks again or closes.
struct LiveTranscript {
    let input: LiveInput
    /// Reads the bytes so far as the finished file would be read.
    let decode: ([UInt8]) throws -> Transcript
    private var readBytes = -1
    private var current: Transcript?
    private var closed = false
    /// `current` has been handed out since it was read.
    private var handedOut = false

    init(input: LiveInput, decode: @escaping ([UInt8]) throws -> Transcript) {
        self.input = input
        self.decode = decode
    }

    /// Waits until the input is known past `timeMs`.
    /// - Returns: the transcript of everything that has arrived, when it is newer than the one
    ///   last returned; nil when nothing arrived since.
    /// - Throws: why the input cannot be read, once it is closed (before then, a stream that does
    ///   not read yet — no text so far — is waited on); the reason a stopped input gives.
    mutating func grown(past timeMs: Double) throws -> Transcript? {
        while true {
            if let current, closed || current.latestTimeMs > timeMs {
                defer { handedOut = true }
                return handedOut ? nil : current
            }
            let (bytes, isClosed) = try input.wait(beyond: readBytes)
            readBytes = bytes.count
            closed = isClosed
            handedOut = false
            do {
                current = try decode(bytes)
            } catch  where !isClosed {
                current = nil
            }
        }
    }

    /// Whether `grown(past:)` can answer without waiting.
    func isKnown(past timeMs: Double) -> Bool {
        guard let current else { return false }
        return closed || current.latestTimeMs > timeMs
    }

    /// Waits for the input to close and reads all of it: what the manifest of the finished
    /// render describes (a client may still send after the frames are over — a usage event after
    /// done — and the manifest counts it, as a render of the finished file does).
    /// - Returns: the transcript, or nil when it is the one last returned.
    mutating func finished() throws -> Transcript? {
        try grown(past: .infinity)
    }
}

extension Transcript {
    /// The time of the last thing in it: an event, or a client trace's record.
    var latestTimeMs: Double {
        max(events.last?.timeMs ?? 0, clientTrace?.records.last?.timeMs ?? 0)
    }
}

/// Where a render's transcript comes from: all there at once, or still arriving.
enum TranscriptSource {
    case complete(Transcript)
    case live(LiveTranscript)

    /// The transcript, once it is known past `timeMs` (a complete one always is).
    mutating func known(past timeMs: Double) throws -> Transcript {
        switch self {
        case .complete(let transcript): return transcript
        case .live(var live):
            defer { self = .live(live) }
            // Only a first call is sure to hand one out.
            guard let transcript = try live.grown(past: timeMs) else { throw InputError("the live input was already read") }
            return transcript
        }
    }

    /// A longer transcript, once known past `timeMs`; nil when it has not grown (or is complete).
    mutating func grown(past timeMs: Double) throws -> Transcript? {
        guard case .live(var live) = self else { return nil }
        defer { self = .live(live) }
        return try live.grown(past: timeMs)
    }

    /// Whether `grown(past:)` can answer without waiting.
    func isKnown(past timeMs: Double) -> Bool {
        guard case .live(let live) = self else { return true }
        return live.isKnown(past: timeMs)
    }

    /// The whole transcript once the frames are over and a live input has closed, when it grew
    /// since last asked.
    mutating func finished() throws -> Transcript? {
        guard case .live(var live) = self else { return nil }
        defer { self = .live(live) }
        return try live.finished()
    }
}
