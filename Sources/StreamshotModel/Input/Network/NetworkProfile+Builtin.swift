extension NetworkProfile {
    /// Everything at once at t=0: for final-frame snapshots.
    public static let instant = NetworkProfile(
        name: "instant", summary: "the whole stream arrives at t=0"
    ) { pieces, _ in
        [TimedChunk(timeMs: 0, bytes: pieces.flatMap { $0 })]
    }

    /// A perfectly even connection: first token after 300 ms, then one token every 25 ms.
    public static let steady = NetworkProfile(
        name: "steady", summary: "first token at 300 ms, then one token every 25 ms"
    ) { pieces, _ in
        pieces.enumerated().map { TimedChunk(timeMs: 300 + Double($0.offset) * 25, bytes: $0.element) }
    }

    // Each link is the Network Information API's effective connection type as the WICG spec
    // tables it (round trip and downlink: slow-2g 2000 ms / 50 kbps, 2g 1400 ms / 70 kbps, 3g
    // 270 ms / 700 kbps) or a measured typical one (4g, wifi); the first token waits for the
    // TCP, TLS and request round trips plus the model's own first token (0.3-0.6 s).
    static let wifiModel = LinkModel(firstToken: 390...690, gap: 15...60, downlinkKbps: 50_000)
    static let fourGModel = LinkModel(firstToken: 600...900, gap: 30...160, downlinkKbps: 10_000, stallChance: 0.01, stall: 400...1200)
    /// 002's "20-500ms gaps"; a 1.5-4 s stall before ~1 delivery in 25.
    static let threeGModel = LinkModel(firstToken: 1110...1410, gap: 20...500, downlinkKbps: 700, stallChance: 0.04, stall: 1500...4000)
    static let flakyModel = LinkModel(
        firstToken: 750...1050, gap: 30...300, downlinkKbps: 5000, stallChance: 0.02, stall: 800...2500,
        dropChance: 0.06)
    /// Deliveries about a round trip apart; a drop is resumed after shared/seeds/000's 3 s
    /// backoff (round trip past 500 ms) plus two round trips of setup.
    static let twoGModel = LinkModel(
        firstToken: 4500...4800, gap: 700...1500, downlinkKbps: 70, stallChance: 0.05, stall: 2000...5000,
        dropChance: 0.03, reconnect: 5800...7000)
    static let slowTwoGModel = LinkModel(
        firstToken: 6300...6600, gap: 1000...2200, downlinkKbps: 50, stallChance: 0.08, stall: 3000...8000,
        dropChance: 0.05, reconnect: 7000...9000)

    public static let wifi = NetworkProfile(
        name: "wifi", summary: "the model's 110-190 tokens/s; first token at 0.39-0.69 s; deliveries 15-60 ms apart; 50 Mbps",
        conditions: NetworkConditions(effectiveType: "4g", rttMs: 30, downlinkMbps: 50)
    ) { pieces, random in wifiModel.schedule(pieces, &random) }

    public static let fourG = NetworkProfile(
        name: "4g", summary: "the model's 110-190 tokens/s; first token at 0.6-0.9 s; deliveries 30-160 ms apart; rare 0.4-1.2 s stalls; 10 Mbps",
        conditions: NetworkConditions(effectiveType: "4g", rttMs: 100, downlinkMbps: 10)
    ) { pieces, random in fourGModel.schedule(pieces, &random) }

    /// A slow mobile link (shared/seeds/000: a 3,000-token draft "can take 15–30 seconds";
    /// 002: 20-500 ms gaps, bursts, stalls).
    public static let threeG = NetworkProfile(
        name: "3g",
        summary: "the model's 110-190 tokens/s (3,000 tokens in 15-30 s, as 000 says); first token at 1.1-1.4 s; deliveries 20-500 ms apart; a "
            + "1.5-4 s stall before ~1 in 25; 700 kbps",
        conditions: NetworkConditions(effectiveType: "3g", rttMs: 270, downlinkMbps: 0.7)
    ) { pieces, random in threeGModel.schedule(pieces, &random) }

    /// A link that drops: before ~1 delivery in 16 the connection is lost and resumed 1.2-1.8 s
    /// later with Last-Event-ID (nothing repeated, nothing lost).
    public static let flaky = NetworkProfile(
        name: "flaky", summary: "like 4g with 30-300 ms gaps, plus dropped connections resumed with Last-Event-ID after 1.2-1.8 s",
        conditions: NetworkConditions(effectiveType: "4g", rttMs: 150, downlinkMbps: 5)
    ) { pieces, random in flakyModel.schedule(pieces, &random) }

    public static let twoG = NetworkProfile(
        name: "2g",
        summary: "round trip 1.4 s, 70 kbps: first token at 4.5-4.8 s; deliveries every 0.7-1.5 s, capped by the downlink; 2-5 s stalls; drops "
            + "resumed after the 3 s backoff plus setup (5.8-7 s)",
        conditions: NetworkConditions(effectiveType: "2g", rttMs: 1400, downlinkMbps: 0.07)
    ) { pieces, random in twoGModel.schedule(pieces, &random) }

    public static let slowTwoG = NetworkProfile(
        name: "slow-2g",
        summary: "round trip 2 s, 50 kbps: first token at 6.3-6.6 s; deliveries every 1-2.2 s, capped by the downlink; 3-8 s stalls; drops "
            + "resumed after 7-9 s",
        conditions: NetworkConditions(effectiveType: "slow-2g", rttMs: 2000, downlinkMbps: 0.05)
    ) { pieces, random in slowTwoGModel.schedule(pieces, &random) }

    /// How often shared/seeds/001's client polls ("2-second polling mimics human typing speed").
    public static let pollIntervalMs = 2000.0

    /// shared/seeds/001's polling: the server generates as `steady` does (a token every 25 ms
    /// from 300 ms) and the client sees it only when it polls, every 2 s from the request, each
    /// poll bringing everything generated since the last one (cumulative snapshots, as text).
    public static let polling = NetworkProfile(
        name: "polling", summary: "text generated a token every 25 ms, seen only at polls every 2 s (001): bursts of ~80 tokens at 2, 4, 6 s…",
        conditions: NetworkConditions(effectiveType: "4g", rttMs: 100, downlinkMbps: 10)
    ) { pieces, _ in
        var polls: [TimedChunk] = []
        for (index, piece) in pieces.enumerated() {
            let generated = 300 + Double(index) * 25
            let poll = (generated / pollIntervalMs).rounded(.down) * pollIntervalMs + pollIntervalMs
            if let last = polls.last, last.timeMs == poll {
                polls[polls.count - 1].bytes += piece
            } else {
                polls.append(TimedChunk(timeMs: poll, bytes: piece))
            }
        }
        return polls
    }
}
