/// One connection's NDJSON body as lines: bytes split at LF (a CR before it dropped), each line
/// given whole however the body was chunked.
struct LineSplitter {
    private var pending: [UInt8] = []

    /// Bytes of a line not yet ended.
    var pendingBytes: Int { pending.count }

    /// The lines these bytes complete, without their line ends.
    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [[UInt8]] where Bytes.Element == UInt8 {
        var lines: [[UInt8]] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                pending.append(byte)
                continue
            }
            if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
            lines.append(pending)
            pending = []
        }
        return lines
    }

    /// The last line, when the body ended without a line end after it.
    mutating func finish() -> [UInt8]? {
        defer { pending = [] }
        return pending.isEmpty ? nil : pending
    }
}
