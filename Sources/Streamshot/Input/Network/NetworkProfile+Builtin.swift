/// The knobs of a bursty link: how long to the first token, how many tokens per burst, the gaps
/// between bursts, occasional stalls, chunks cut at an arbitrary byte, and dropped connections.
struct BurstModel: Sendable {
    var firstToken: ClosedRange<Double>
    var burst: ClosedRange<Int>
    var gap: ClosedRange<Double>
    var stallChance = 0.0
    var stall: ClosedRange<Double> = 0...0
    /// Share of bursts cut in two at an arbitrary byte (often inside a multi-byte character).
    var splitChance = 0.25
    /// Share of bursts preceded by a dropped connection.
    var dropChance = 0.0
    /// From the drop to the reconnect: the client's 1 s wait plus the new connection's setup.
    var reconnect: ClosedRange<Double> = 1200...1800

    func schedule(_ pieces: [[UInt8]], _ random: inout SeededRandom) -> [TimedChunk] {
        var chunks: [TimedChunk] = []
        var time = random.uniform(firstToken)
        var index = 0
        while index < pieces.count {
            let size = Int(random.uniform(Double(burst.lowerBound)...(Double(burst.upperBound) + 0.999)))
            let bytes = pieces[index..<min(pieces.count, index + size)].flatMap { $0 }
            index += size
            var droppedAt: Double?
            if index > size, random.chance(dropChance) {
                droppedAt = time.rounded()
                time += random.uniform(reconnect)
            }
            if bytes.count > 1, random.chance(splitChance) {
                let cut = Int(random.uniform(1...Double(bytes.count) - 0.001))
                chunks.append(TimedChunk(timeMs: time.rounded(), bytes: Array(bytes[..<cut]), droppedAtMs: droppedAt))
                time += random.uniform(gap.lowerBound...max(gap.lowerBound, gap.upperBound / 4))
                chunks.append(TimedChunk(timeMs: time.rounded(), bytes: Array(bytes[cut...])))
            } else {
                chunks.append(TimedChunk(timeMs: time.rounded(), bytes: bytes, droppedAtMs: droppedAt))
            }
            time += random.uniform(gap)
            if random.chance(stallChance) { time += random.uniform(stall) }
        }
        return chunks
    }
}

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

    static let wifiModel = BurstModel(firstToken: 200...350, burst: 1...3, gap: 15...60)
    static let fourGModel = BurstModel(firstToken: 300...600, burst: 1...5, gap: 30...160,
                                       stallChance: 0.01, stall: 400...1200)
    static let threeGModel = BurstModel(firstToken: 600...1500, burst: 1...8, gap: 20...500,
                                        stallChance: 0.04, stall: 1500...4000)
    static let flakyModel = BurstModel(firstToken: 400...900, burst: 1...6, gap: 30...300,
                                       stallChance: 0.02, stall: 800...2500, dropChance: 0.06)

    public static let wifi = NetworkProfile(
        name: "wifi", summary: "first token at 200-350 ms; bursts of 1-3 tokens; 15-60 ms gaps; chunks split mid-character",
        conditions: NetworkConditions(effectiveType: "4g", rttMs: 30, downlinkMbps: 50)
    ) { pieces, random in wifiModel.schedule(pieces, &random) }

    public static let fourG = NetworkProfile(
        name: "4g", summary: "first token at 0.3-0.6 s; bursts of 1-5 tokens; 30-160 ms gaps; rare 0.4-1.2 s stalls; chunks split mid-character",
        conditions: NetworkConditions(effectiveType: "4g", rttMs: 100, downlinkMbps: 10)
    ) { pieces, random in fourGModel.schedule(pieces, &random) }

    /// A slow mobile link (shared/seeds/000 and 002: 20-500 ms gaps, bursts, stalls).
    public static let threeG = NetworkProfile(
        name: "3g", summary: "first token at 0.6-1.5 s; bursts of 1-8 tokens; 20-500 ms gaps; 1.5-4 s stalls before ~1 burst in 25; chunks split mid-character",
        conditions: NetworkConditions(effectiveType: "3g", rttMs: 300, downlinkMbps: 0.7)
    ) { pieces, random in threeGModel.schedule(pieces, &random) }

    /// A link that drops: before ~1 burst in 16 the connection is lost and resumed 1.2-1.8 s
    /// later with Last-Event-ID (nothing repeated, nothing lost).
    public static let flaky = NetworkProfile(
        name: "flaky", summary: "like 4g with 30-300 ms gaps, plus dropped connections resumed with Last-Event-ID after 1.2-1.8 s",
        conditions: NetworkConditions(effectiveType: "4g", rttMs: 150, downlinkMbps: 5)
    ) { pieces, random in flakyModel.schedule(pieces, &random) }

    /// The Network Information API's `2g` (WICG, effective connection types: round trip from
    /// 1400 ms, downlink up to 70 kbps). Setting up the stream takes a TCP, a TLS and a request
    /// round trip; the server's tokens then arrive about once a round trip, in bursts of what it
    /// generated meanwhile (the downlink carries ~100 tokens a second, so it is not the limit).
    /// A dropped connection is resumed after shared/seeds/000's 3 s backoff (round trip past
    /// 500 ms) plus two round trips of setup.
    static let twoGModel = BurstModel(firstToken: 3500...4800, burst: 10...40, gap: 700...1500, stallChance: 0.05,
                                      stall: 2000...5000, dropChance: 0.03, reconnect: 5800...7000)
    /// `slow-2g`: round trip from 2000 ms, downlink up to 50 kbps.
    static let slowTwoGModel = BurstModel(firstToken: 5000...7000, burst: 15...60, gap: 1000...2200, stallChance: 0.08,
                                          stall: 3000...8000, dropChance: 0.05, reconnect: 7000...9000)

    public static let twoG = NetworkProfile(
        name: "2g", summary: "round trip 1.4 s: first token at 3.5-4.8 s; bursts of 10-40 tokens every 0.7-1.5 s; 2-5 s stalls; drops resumed after the 3 s backoff plus setup (5.8-7 s)",
        conditions: NetworkConditions(effectiveType: "2g", rttMs: 1400, downlinkMbps: 0.07)
    ) { pieces, random in twoGModel.schedule(pieces, &random) }

    public static let slowTwoG = NetworkProfile(
        name: "slow-2g", summary: "round trip 2 s: first token at 5-7 s; bursts of 15-60 tokens every 1-2.2 s; 3-8 s stalls; drops resumed after 7-9 s",
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
