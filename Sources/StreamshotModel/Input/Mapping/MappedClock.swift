import Foundation

/// Arrival times read from each event at a declared mapping's time pointer (`--map-time /ts`),
/// in milliseconds. Epoch milliseconds (from 10^12, after September 2001) count from the first
/// event's, so the render starts at the first event; smaller values are milliseconds from the
/// request, as a JSON Lines `t` is, so the wait for the first event is kept.
struct MappedClock {
    static let epochThreshold = 1e12

    package let pointer: JSONPointer
    private var origin: Double?
    private var last = 0.0

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    /// The event's time, never earlier than the one before's. An event that is no JSON object
    /// (`[DONE]`) keeps the time before, silently; one without a number at the pointer, or going
    /// back, keeps it with a warning naming `place`.
    package mutating func time(of object: [String: Any]?, place: String, warnings: inout [RenderWarning]) -> Double {
        guard let object else { return last }
        guard let number = pointer.value(in: object) as? NSNumber, !EventMapping.isBoolean(number),
            number.doubleValue.isFinite, number.doubleValue >= 0
        else {
            warnings.append(
                RenderWarning(
                    kind: .missingTime,
                    message: "\(place): --map-time \(pointer) finds no non-negative number (milliseconds); using \(JSONText.number(last))",
                    timeMs: last))
            return last
        }
        var ms = number.doubleValue
        if ms >= Self.epochThreshold {
            if origin == nil { origin = ms }
            ms -= origin!
        }
        guard ms >= last else {
            warnings.append(
                RenderWarning(
                    kind: .timeGoesBack,
                    message:
                        "\(place): --map-time \(pointer) is \(JSONText.number(ms)) ms, earlier than the event before's \(JSONText.number(last)); using "
                        + "\(JSONText.number(last))",
                    timeMs: last))
            return last
        }
        last = ms
        return ms
    }
}
