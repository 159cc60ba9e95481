import Streamshot

/// One connection's SSE parsing and idle clock: the parser's invalid-UTF-8 lines reported once
/// each, and the time since the last event (comments are keep-alives and do not count).
struct ConnectionReader {
    let number: Int
    let idleTimeout: Duration
    private var parser = SSEParser()
    private var reportedInvalidLines = 0
    private let clock = ContinuousClock()
    private var lastEvent: ContinuousClock.Instant

    init(number: Int, idleTimeout: Duration) {
        self.number = number
        self.idleTimeout = idleTimeout
        lastEvent = clock.now
    }

    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [SSEParser.Output] where Bytes.Element == UInt8 {
        parser.feed(bytes)
    }

    /// Lines found not to be UTF-8 since the last call.
    mutating func takeInvalidUTF8Lines() -> ArraySlice<Int> {
        defer { reportedInvalidLines = parser.invalidUTF8Lines.count }
        return parser.invalidUTF8Lines[reportedInvalidLines...]
    }

    mutating func noteEvent() { lastEvent = clock.now }

    var pendingBytes: Int { parser.pendingBytes }

    var isIdle: Bool { clock.now - lastEvent > idleTimeout }

    /// Ends the connection: whether a partial event was left undispatched.
    mutating func finish() -> Bool { parser.finish().discardedPartialEvent }
}
