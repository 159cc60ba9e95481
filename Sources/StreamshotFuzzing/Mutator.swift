import Streamshot

/// Seeded byte mutations in the spirit of libFuzzer's: flips, inserts, deletions, copies,
/// splices with another corpus item, and tokens that broke Streamshot before (stamps, huge and
/// odd numbers, NUL, CR, fences). Same seed, same inputs.
public struct Mutator {
    private var random: SeededRandom
    /// The largest input made, so one run stays short.
    public var maxLength = 64 * 1024

    static let tokens: [String] = [
        "\n", "\r", "\r\n", "\n\n", ": t=", ": t=1e308", ": t=99999999999999999999", ": t=-5", ": t=nan", ": t=0x10",
        "data: ", "event: ", "id: ", "retry: ", ": reconnect attempt=1", ": end x", ": invalid-utf8 x",
        "\"t\":1e19", "\"t\":-1", "1e400", "-0", "1.5", "\u{0}", "\\u0000", "\u{FEFF}", "\u{202E}", "```", "~~~", "[DONE]",
        "{\"type\":\"done\"}", "{\"type\":\"delta\",\"content\":\"x\"}", "\"fps\":0", "\"frames\":[]", "\"index\":1000000000000",
        "\"version\":99", "null", "[", "]", "{", "}", "\"", ",", "\u{FFFF}", "\u{10FFFF}"
    ].map { $0 }

    public init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// A mutant of `input`; `other` is another corpus item to splice from.
    public mutating func mutate(_ input: [UInt8], other: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + below(4)) { step(&bytes, other: other) }
        return bytes.count > maxLength ? Array(bytes.prefix(maxLength)) : bytes
    }

    private mutating func step(_ bytes: inout [UInt8], other: [UInt8]) {
        switch below(7) {
        case 0 where !bytes.isEmpty: bytes[below(bytes.count)] ^= UInt8(1 << below(8))
        case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: below(bytes.count + 1))
        case 2 where !bytes.isEmpty:
            let start = below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + below(64)))
        case 3 where !bytes.isEmpty:
            let start = below(bytes.count)
            let piece = bytes[start..<min(bytes.count, start + 1 + below(256))]
            bytes.insert(contentsOf: piece, at: below(bytes.count + 1))
        case 4 where !other.isEmpty:
            let start = below(other.count)
            bytes.insert(contentsOf: other[start..<min(other.count, start + 1 + below(512))], at: below(bytes.count + 1))
        case 5:
            let token = Array(Self.tokens[below(Self.tokens.count)].utf8)
            bytes.insert(contentsOf: token, at: below(bytes.count + 1))
        default:
            // Digits where digits were: numbers are where the traps were.
            if let at = bytes.indices.shuffled(using: &random).prefix(8).first(where: { (0x30...0x39).contains(bytes[$0]) }) {
                bytes.insert(contentsOf: Array(String(repeating: "9", count: 1 + below(24)).utf8), at: at)
            }
        }
    }

    private mutating func below(_ bound: Int) -> Int {
        bound <= 1 ? 0 : Int(random.next() % UInt64(bound))
    }
}
