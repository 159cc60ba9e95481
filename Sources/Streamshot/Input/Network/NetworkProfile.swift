/// A chunk of bytes as it arrived from the network.
public struct TimedChunk: Equatable, Sendable {
    public var timeMs: Double
    public var bytes: [UInt8]

    public init(timeMs: Double, bytes: [UInt8]) {
        self.timeMs = timeMs
        self.bytes = bytes
    }
}

/// A named, seeded model of how a network delivers a stream: it groups token-sized pieces
/// into deliveries and gives each a time. Same seed, same schedule.
public struct NetworkProfile: Sendable {
    public let name: String
    /// One line for `--help` and the README.
    public let summary: String
    private let schedule: @Sendable (_ pieces: [[UInt8]], _ random: inout SeededRandom) -> [TimedChunk]

    public init(name: String, summary: String,
                schedule: @escaping @Sendable (_ pieces: [[UInt8]], _ random: inout SeededRandom) -> [TimedChunk]) {
        self.name = name
        self.summary = summary
        self.schedule = schedule
    }

    /// Times `pieces` (their concatenation is the stream) into network deliveries.
    public func deliver(_ pieces: [[UInt8]], seed: UInt64) -> [TimedChunk] {
        var random = SeededRandom(seed: seed)
        return schedule(pieces, &random)
    }

    /// Every profile, by name.
    public static let all: [NetworkProfile] = [.instant, .steady, .threeG]

    /// The profile called `name`, if any.
    public static func named(_ name: String) -> NetworkProfile? {
        all.first { $0.name == name }
    }

    /// Everything at once at t=0: for final-frame snapshots.
    public static let instant = NetworkProfile(
        name: "instant", summary: "the whole stream arrives at t=0"
    ) { pieces, _ in
        [TimedChunk(timeMs: 0, bytes: pieces.flatMap { $0 })]
    }

    /// A fast, even connection: first token after 300 ms, then one token every 25 ms.
    public static let steady = NetworkProfile(
        name: "steady", summary: "first token at 300 ms, then one token every 25 ms"
    ) { pieces, _ in
        pieces.enumerated().map { TimedChunk(timeMs: 300 + Double($0.offset) * 25, bytes: $0.element) }
    }

    /// A slow mobile link: first token after 0.6-1.5 s, bursts of 1-8 tokens, gaps of
    /// 20-500 ms, a 1.5-4 s stall before about one burst in 25, and a quarter of the bursts
    /// split at an arbitrary byte (often inside a multi-byte character).
    public static let threeG = NetworkProfile(
        name: "3g", summary: "first token at 0.6-1.5 s; bursts of 1-8 tokens; 20-500 ms gaps; occasional 1.5-4 s stalls; chunks split mid-character"
    ) { pieces, random in
        var chunks: [TimedChunk] = []
        var time = random.uniform(600...1500)
        var index = 0
        while index < pieces.count {
            let burst = Int(random.uniform(1...8.999))
            let bytes = pieces[index..<min(pieces.count, index + burst)].flatMap { $0 }
            index += burst
            if bytes.count > 1, random.chance(0.25) {
                let cut = Int(random.uniform(1...Double(bytes.count) - 0.001))
                chunks.append(TimedChunk(timeMs: time.rounded(), bytes: Array(bytes[..<cut])))
                time += random.uniform(20...120)
                chunks.append(TimedChunk(timeMs: time.rounded(), bytes: Array(bytes[cut...])))
            } else {
                chunks.append(TimedChunk(timeMs: time.rounded(), bytes: bytes))
            }
            time += random.uniform(20...500)
            if random.chance(0.04) { time += random.uniform(1500...4000) }
        }
        return chunks
    }
}
