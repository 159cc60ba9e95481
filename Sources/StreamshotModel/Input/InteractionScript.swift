import Foundation

/// Reads what a reader does from an interaction script (JSON Lines, one action a line:
/// `{"t":3000,"action":"scroll","by":-400}`) or from the CLI's shorthand (`scroll@3s:-400`).
public enum InteractionScript {
    /// The longest a script may run (a day), and the furthest a drag may go, in points.
    static let maxTimeMs = 86_400_000.0
    static let maxScrollPt = 1_000_000.0

    /// Parses a JSON Lines script; blank lines are skipped.
    /// - Parameters:
    ///   - text: the script.
    ///   - source: names the script in messages (its path).
    /// - Returns: the actions in time order (actions at the same time keep their order).
    /// - Throws: `InputError` naming the line and what is wrong with it.
    public static func parse(jsonLines text: String, source: String) throws -> [ReaderAction] {
        var actions: [ReaderAction] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            let place = "\(source) line \(index + 1)"
            guard let object = (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) as? [String: Any] else {
                throw InputError("\(place): not a JSON object (expected {\"t\":3000,\"action\":\"scroll\",\"by\":-400})")
            }
            guard let name = object["action"] as? String else { throw InputError("\(place): no \"action\" (one of \(namesList))") }
            guard let time = object["t"] as? Double else { throw InputError("\(place): no \"t\" (the time in ms from the request)") }
            if name == "expand", let target = object["target"] { try checkTarget(target, place: place) }
            actions.append(try action(name, timeMs: time, by: name == "expand" ? nil : object["by"], place: place))
        }
        return ordered(actions)
    }

    /// Parses the shorthand `ACTION@TIME[:BY]`: TIME as `3s`, `2.5s`, `3000ms` or `3000` (ms),
    /// BY the scroll's distance in points (`scroll@3s:-400`).
    /// - Throws: `InputError` naming the shorthand and what is wrong with it.
    public static func parse(shorthand: String) throws -> ReaderAction {
        let place = "--interaction '\(shorthand)'"
        let parts = shorthand.split(separator: "@", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw InputError("\(place): expected ACTION@TIME[:BY], e.g. scroll@3s:-400 or stop@12s") }
        let timeAndBy = parts[1].split(separator: ":", maxSplits: 1).map(String.init)
        guard let time = timeMs(timeAndBy[0]) else {
            throw InputError("\(place): \"\(timeAndBy[0])\" is not a time (3s, 2.5s, 3000ms or 3000)")
        }
        var by: Any?
        if parts[0] == "expand", timeAndBy.count == 2 {
            try checkTarget(timeAndBy[1], place: place)
        } else if timeAndBy.count == 2 {
            guard let distance = Double(timeAndBy[1]) else { throw InputError("\(place): \"\(timeAndBy[1])\" is not a distance in points") }
            by = distance
        }
        return try action(parts[0], timeMs: time, by: by, place: place)
    }

    /// Actions in time order; those at the same time keep their order.
    public static func ordered(_ actions: [ReaderAction]) -> [ReaderAction] {
        actions.enumerated().sorted { ($0.element.timeMs, $0.offset) < ($1.element.timeMs, $1.offset) }.map(\.element)
    }

    private static var namesList: String { ReaderAction.names.joined(separator: ", ") }

    private static func action(_ name: String, timeMs: Double, by: Any?, place: String) throws -> ReaderAction {
        guard timeMs.isFinite, timeMs >= 0, timeMs <= maxTimeMs else {
            throw InputError("\(place): t=\(timeMs) is not a time from 0 to \(Int(maxTimeMs)) ms")
        }
        guard ReaderAction.names.contains(name) else { throw InputError("\(place): unknown action \"\(name)\" (one of \(namesList))") }
        var distance: Double?
        if let by {
            guard let value = by as? Double, value.isFinite, abs(value) <= maxScrollPt else {
                throw InputError("\(place): \"by\" must be a distance in points, at most \(Int(maxScrollPt)) either way")
            }
            distance = value
        }
        if ReaderAction.moves.contains(name), distance == nil {
            throw InputError("\(place): \(name) needs \"by\", in points (negative scrolls \(name == "scroll" ? "up" : "back to the table's start"))")
        }
        if !ReaderAction.moves.contains(name), distance != nil {
            throw InputError("\(place): only scroll, scroll-table and scroll-reasoning take \"by\"")
        }
        guard let kind = ReaderAction.kind(named: name, by: distance) else { throw InputError("\(place): unknown action \"\(name)\"") }
        return ReaderAction(timeMs: timeMs, kind: kind)
    }

    /// What `expand` opens: one of `ReaderAction.expandTargets`.
    private static func checkTarget(_ target: Any, place: String) throws {
        guard let name = target as? String, ReaderAction.expandTargets.contains(name) else {
            throw InputError("\(place): expand opens \(ReaderAction.expandTargets.joined(separator: ", ")), not \"\(target)\"")
        }
    }

    private static func timeMs(_ text: String) -> Double? {
        if text.hasSuffix("ms") { return Double(text.dropLast(2)) }
        if text.hasSuffix("s") { return Double(text.dropLast()).map { $0 * 1000 } }
        return Double(text)
    }
}
