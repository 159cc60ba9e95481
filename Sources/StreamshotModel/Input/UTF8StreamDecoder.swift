/// Decodes UTF-8 that arrives in chunks whose boundaries may fall inside a multi-byte sequence.
///
/// Incomplete sequences at the end of a chunk wait for the next one; invalid bytes become
/// U+FFFD and are reported with their byte offset in the whole stream, so nothing is lost silently.
public struct UTF8StreamDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Bytes consumed so far, including `pending`.
    private var offset = 0
    /// Byte offsets of invalid sequences found so far.
    public private(set) var invalidOffsets: [Int] = []

    public init() {}

    /// Decodes `bytes`, holding back a trailing incomplete sequence.
    public mutating func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        offset += bytes.count
        let keep = Self.incompleteTailLength(pending)
        let complete = pending[..<(pending.count - keep)]
        let result = decodeComplete(complete, startOffset: offset - pending.count)
        pending.removeFirst(pending.count - keep)
        return result
    }

    /// Ends the stream: a held-back incomplete sequence is invalid.
    public mutating func finish() -> String {
        guard !pending.isEmpty else { return "" }
        invalidOffsets.append(offset - pending.count)
        pending.removeAll()
        return "\u{FFFD}"
    }

    private mutating func decodeComplete(_ bytes: ArraySlice<UInt8>, startOffset: Int) -> String {
        var scalars = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var position = startOffset
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                scalars.append(Unicode.UTF8.decode(encoded))
                position += encoded.count
            case .error(let length):
                invalidOffsets.append(position)
                scalars.append("\u{FFFD}")
                position += length
            case .emptyInput:
                break loop
            }
        }
        return String(scalars)
    }

    /// How many bytes at the end start a sequence that is valid so far but not complete.
    static func incompleteTailLength(_ bytes: [UInt8]) -> Int {
        let n = bytes.count
        var back = 1
        while back <= min(3, n) {
            let byte = bytes[n - back]
            if byte & 0xC0 != 0x80 {
                let needed: Int
                switch byte {
                case 0xC2...0xDF: needed = 2
                case 0xE0...0xEF: needed = 3
                case 0xF0...0xF4: needed = 4
                default: return 0
                }
                return needed > back ? back : 0
            }
            back += 1
        }
        return 0
    }
}

extension Array where Element == UInt8 {
    /// The bytes without a leading UTF-8 byte order mark (EF BB BF), which editors on Windows write.
    var droppingByteOrderMark: [UInt8] {
        starts(with: [0xEF, 0xBB, 0xBF]) ? Array(dropFirst(3)) : self
    }
}
