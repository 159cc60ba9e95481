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
        var out = ""
        write(into: &out)
        return out
    }

    /// Appends compact JSON text to `out` (one buffer for a whole manifest, not a string per value).
    func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .integer(let digits): out += digits
        case .number(let value, let places): out += JSONText.number(value, places: places)
        case .string(let value): JSONText.appendString(value, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out += "," }
                JSONText.appendString(pair.key, to: &out)
                out += ":"
                pair.value.write(into: &out)
            }
            out += "}"
        }
    }

    /// An object with one key per line, and the arrays under `itemPerLine` with one item per
    /// line, so a file also reads as JSON Lines with `grep` and `sed`.
    func linedText(itemPerLine: Set<String>) -> String {
        guard case .object(let pairs) = self else { return text() }
        var out = "{"
        for (index, pair) in pairs.enumerated() {
            if index > 0 { out += ",\n" }
            JSONText.appendString(pair.key, to: &out)
            if itemPerLine.contains(pair.key), case .array(let items) = pair.value {
                out += ":[\n"
                for (itemIndex, item) in items.enumerated() {
                    if itemIndex > 0 { out += ",\n" }
                    item.write(into: &out)
                }
                out += "\n]"
            } else {
                out += ":"
                pair.value.write(into: &out)
            }
        }
        return out + "}\n"
    }
}
