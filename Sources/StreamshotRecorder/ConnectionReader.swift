import Streamshot

/// One connection's SSE parsing: the parser's invalid-UTF-8 lines reported once each (its idle
/// limit is `IdleLimitedBody`'s).
struct ConnectionReader {
    let number: Int
    private var parser = SSEParser()
    private var reportedInvalidLines = 0
    private var eventSeen = false

    init(number: Int) {
        self.number = number
    }

    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [SSEParser.Output] where Bytes.Element == UInt8 {
        parser.feed(bytes)
    }

    /// Lines found not to be UTF-8 since the last call.
    mutating func takeInvalidUTF8Lines() -> ArraySlice<Int> {
        defer { reportedInvalidLines = parser.invalidUTF8Lines.count }
        return parser.invalidUTF8Lines[reportedInvalidLines...]
    }

    /// An event was read (comments, keep-alives, are not events).
    mutating func noteEvent() { eventSeen = true }

    /// Whether an event was read since the last call.
    mutating func takeEventSeen() -> Bool {
        defer { eventSeen = false }
        return eventSeen
    }

    var pendingBytes: Int { parser.pendingBytes }

    /// Ends the connection: whether a partial event was left undispatched.
    mutating func finish() -> Bool { parser.finish().discardedPartialEvent }
}
