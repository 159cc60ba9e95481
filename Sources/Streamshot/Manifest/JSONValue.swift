/// A JSON value whose objects keep their keys in the order they were written, so that text
/// written from it is deterministic.
indirect enum JSONValue {
    case null
    case bool(Bool)
    /// An integer of any width, written exactly.
    case integer(String)
    /// A number written with at most `places` decimals.
    case number(Double, places: Int)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// Compact JSON text.
    func text() -> String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .integer(let digits): return digits
        case .number(let value, let places): return JSONText.number(value, places: places)
        case .string(let value): return JSONText.string(value)
        case .array(let items): return JSONText.array(items.map { $0.text() })
        case .object(let pairs): return JSONText.object(pairs.map { ($0.key, $0.value.text()) })
        }
    }

    /// An object with one key per line, and the arrays under `itemPerLine` with one item per
    /// line, so a file also reads as JSON Lines with `grep` and `sed`.
    func linedText(itemPerLine: Set<String>) -> String {
        guard case .object(let pairs) = self else { return text() }
        let lines = pairs.map { pair -> String in
            if itemPerLine.contains(pair.key), case .array(let items) = pair.value {
                return JSONText.string(pair.key) + ":[\n" + items.map { $0.text() }.joined(separator: ",\n") + "\n]"
            }
            return JSONText.string(pair.key) + ":" + pair.value.text()
        }
        return "{" + lines.joined(separator: ",\n") + "}\n"
    }
}
