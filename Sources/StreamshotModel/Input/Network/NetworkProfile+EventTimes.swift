extension NetworkProfile {
    /// One arrival time per event of a capture that carries none (unstamped SSE, NDJSON without
    /// `t`): the profile decides which events arrive together, as it groups bytes of plain text.
    func arrivalTimes(ofEvents count: Int, seed: UInt64) -> [Double] {
        // One single-byte piece per event.
        let pieces = (0..<count).map { [UInt8(truncatingIfNeeded: $0)] }
        var times: [Double] = []
        for chunk in deliver(pieces, seed: seed) {
            times += Array(repeating: chunk.timeMs, count: chunk.bytes.count)
        }
        return times
    }
}
