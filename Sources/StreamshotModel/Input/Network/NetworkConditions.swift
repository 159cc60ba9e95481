/// What a client can learn of its connection, as the Network Information API reports it
/// (`navigator.connection`, React Native's NetInfo): shared/seeds/000 warns on a `2g` or
/// `slow-2g` effective type and backs off longer when the round trip passes 500 ms.
public struct NetworkConditions: Equatable, Sendable {
    /// `slow-2g`, `2g`, `3g` or `4g`, as the API names them.
    public var effectiveType: String
    /// The round-trip time, in ms.
    public var rttMs: Double
    /// The downlink, in megabits per second.
    public var downlinkMbps: Double

    public init(effectiveType: String, rttMs: Double, downlinkMbps: Double) {
        self.effectiveType = effectiveType
        self.rttMs = rttMs
        self.downlinkMbps = downlinkMbps
    }
}
