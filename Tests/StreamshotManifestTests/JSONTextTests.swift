import Foundation
import StreamshotManifest
import Testing

/// The manifest's numbers: at most `places` decimals, no trailing zeros, the same text the
/// formatter (`%.Nf`, trimmed) writes.
@Suite struct JSONTextTests {
    /// The formatter's text, as the manifest wrote every number before it formatted digits itself.
    static func formatted(_ value: Double, places: Int) -> String {
        let factor = pow(10, Double(places))
        let rounded = (value * factor).rounded() / factor
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.\(places)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    @Test func numbersAreWrittenAsTheFormatterWritesThem() {
        var generator = SplitMix64(state: 2026)
        var values: [Double] = [0, -0.0, 0.004, -0.004, 0.005, -0.005, 1.5, -1.5, 2.675, 1e-9, 123456.789, -0.05, 99.995, 30.6, 277.44]
        for _ in 0..<20_000 {
            let magnitude = pow(10, Double.random(in: -4...8, using: &generator))
            values.append(Double.random(in: -magnitude...magnitude, using: &generator))
        }
        for value in values {
            for places in 0...3 {
                #expect(JSONText.number(value, places: places) == Self.formatted(value, places: places), "\(value) at \(places) places")
            }
        }
        #expect(JSONText.number(1.5) == "1.5" && JSONText.number(-0.004) == "0" && JSONText.number(3.10) == "3.1" && JSONText.number(-2) == "-2")
    }
}

/// SplitMix64: the same numbers on every run, without the model's generator (this target links the manifest alone).
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
