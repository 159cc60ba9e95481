/// A dispatched Server-Sent Event.
public struct SSEEvent: Equatable, Sendable {
    /// The `event` field, or "message" when none was given.
    public var type: String
    public var data: String
    /// The last event ID in force when the event was dispatched.
    public var lastEventId: String

    public init(type: String = "message", data: String, lastEventId: String = "") {
        self.type = type
        self.data = data
        self.lastEventId = lastEventId
    }
}

/// An incremental event-stream parser that follows the HTML standard's "Parsing an event
/// stream" and "Interpreting an event stream" rules, fed bytes in chunks of any size.
///
/// Line ends are CR, LF or CRLF (a CRLF split across chunks is still one line end); only
/// these three bytes end lines, so U+2028, U+2029 and U+0085 stay inside values.
public struct SSEParser: Sendable {
    /// What the parser reports, in stream order.
    public enum Output: Equatable, Sendable {
        case event(SSEEvent)
        /// A comment line's text after the colon (streams use them for keep-alives; our
        /// captures use `: t=<ms>` arrival stamps), and its line number (1-based).
        case comment(String, line: Int)
        /// A valid `retry` field: the reconnection time in milliseconds.
        case retry(Int)
    }

    private var line: [UInt8] = []
    private var previousWasCR = false
    /// Up to the first three bytes, until we know whether they are a BOM.
    private var bomCandidate: [UInt8] = []
    private var bomResolved = false
    private var dataBuffer = ""
    private var hasData = false
    private var eventType = ""
    private var lastEventIdBuffer = ""
    /// Lines whose bytes were not valid UTF-8 (replaced by U+FFFD), 1-based.
    public private(set) var invalidUTF8Lines: [Int] = []
    /// The number of lines completed so far.
    public private(set) var lineNumber = 0

    public init() {}

    /// Bytes held for the line and event not yet complete: a reader of a live stream bounds it,
    /// since a server may send a line that never ends.
    public var pendingBytes: Int { line.count + dataBuffer.utf8.count }

    /// Parses `bytes` and returns what they completed.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Output] where Bytes.Element == UInt8 {
        var outputs: [Output] = []
        for byte in bytes {
            if !bomResolved {
                bomCandidate.append(byte)
                let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                if bomCandidate == bom {
                    bomResolved = true
                    bomCandidate = []
                } else if !bom.starts(with: bomCandidate) {
                    bomResolved = true
                    let held = bomCandidate
                    bomCandidate = []
                    outputs += feed(held)
                }
                continue
            }
            switch byte {
            case 0x0A:
                if previousWasCR {
                    previousWasCR = false
                } else {
                    endLine(into: &outputs)
                }
            case 0x0D:
                endLine(into: &outputs)
                previousWasCR = true
            default:
                previousWasCR = false
                line.append(byte)
            }
        }
        return outputs
    }

    /// Ends the stream. Per the standard, an event without its terminating blank line is
    /// not dispatched; this reports whether such a partial event (or line) was dropped.
    public mutating func finish() -> (outputs: [Output], discardedPartialEvent: Bool) {
        var outputs: [Output] = []
        if !bomResolved {
            bomResolved = true
            let held = bomCandidate
            bomCandidate = []
            outputs += feed(held)
        }
        let discarded = !line.isEmpty || hasData
        line.removeAll()
        dataBuffer = ""
        hasData = false
        eventType = ""
        return (outputs, discarded)
    }

    private mutating func endLine(into outputs: inout [Output]) {
        lineNumber += 1
        let text: String
        if let valid = String(validating: line, as: UTF8.self) {
            text = valid
        } else {
            invalidUTF8Lines.append(lineNumber)
            text = String(decoding: line, as: UTF8.self)
        }
        line.removeAll(keepingCapacity: true)
        process(text, into: &outputs)
    }

    private mutating func process(_ text: String, into outputs: inout [Output]) {
        if text.isEmpty {
            dispatch(into: &outputs)
            return
        }
        let scalars = text.unicodeScalars
        if scalars.first == ":" {
            outputs.append(.comment(String(scalars.dropFirst()), line: lineNumber))
            return
        }
        let field: String
        var value: Substring.UnicodeScalarView
        if let colon = scalars.firstIndex(of: ":") {
            field = String(scalars[..<colon])
            value = scalars[scalars.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = text
            value = Substring.UnicodeScalarView()
        }
        let valueText = String(value)
        switch field {
        case "event":
            eventType = valueText
        case "data":
            dataBuffer += valueText
            dataBuffer.unicodeScalars.append("\n")
            hasData = true
        case "id":
            if !value.contains("\u{0}") { lastEventIdBuffer = valueText }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0.isASCII && ("0"..."9").contains($0) }),
                let milliseconds = Int(valueText)
            {
                outputs.append(.retry(milliseconds))
            }
        default:
            break
        }
    }

    private mutating func dispatch(into outputs: inout [Output]) {
        defer {
            dataBuffer = ""
            hasData = false
            eventType = ""
        }
        guard hasData else { return }
        var data = dataBuffer
        if data.unicodeScalars.last == "\n" { data.unicodeScalars.removeLast() }
        outputs.append(
            .event(
                SSEEvent(
                    type: eventType.isEmpty ? "message" : eventType,
                    data: data, lastEventId: lastEventIdBuffer)))
    }
}
