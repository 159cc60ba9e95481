/// A chunk of bytes as it arrived from the network.
public struct TimedChunk: Equatable, Sendable {
    public var timeMs: Double
    public var bytes: [UInt8]
    /// When the connection dropped before this chunk, the time it dropped; the client then
    /// reconnected with Last-Event-ID, so nothing is sent twice.
    public var droppedAtMs: Double?

    public init(timeMs: Double, bytes: [UInt8], droppedAtMs: Double? = nil) {
        self.timeMs = timeMs
        self.bytes = bytes
        self.droppedAtMs = droppedAtMs
    }
}

/// A named, seeded model of how a network delivers a stream: it groups token-sized pieces
/// into deliveries and gives each a time. Same seed, same schedule.
public struct NetworkProfile: Sendable {
    public let name: String
    /// One line for `--help` and docs/input-formats.md.
    public let summary: String
    /// What a client measuring this link would read (its effective type and round trip); nil
    /// for the idealised profiles.
    public let conditions: NetworkConditions?
    private let schedule: @Sendable (_ pieces: [[UInt8]], _ random: inout SeededRandom) -> [TimedChunk]

    public init(
        name: String, summary: String, conditions: NetworkConditions? = nil,
        schedule: @escaping @Sendable (_ pieces: [[UInt8]], _ random: inout SeededRandom) -> [TimedChunk]
    ) {
        self.name = name
        self.summary = summary
        self.conditions = conditions
        self.schedule = schedule
    }

    /// Times `pieces` (their concatenation is the stream) into network deliveries.
    public func deliver(_ pieces: [[UInt8]], seed: UInt64) -> [TimedChunk] {
        var random = SeededRandom(seed: seed)
        return schedule(pieces, &random)
    }

    /// Every profile, by name.
    public static let all: [NetworkProfile] = [.instant, .steady, .wifi, .fourG, .threeG, .flaky, .twoG, .slowTwoG, .polling]

    /// The profile called `name`, if any.
    public static func named(_ name: String) -> NetworkProfile? {
        all.first { $0.name == name }
    }
}
