import Foundation

/// Small, deterministic JSON writing: fixed key order, numbers rounded to 1/100 pixel.
public enum JSONText {
    /// A JSON string literal.
    /// - Parameter forScript: also escape `<`, U+2028 and U+2029, so the literal can sit inside an
    ///   HTML `<script>` element without closing it or breaking older JavaScript parsers.
    public static func string(_ value: String, forScript: Bool = false) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where forScript, "\u{2028}" where forScript, "\u{2029}" where forScript:
                out += String(format: "\\u%04x", scalar.value)
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A number with at most `places` decimals and no trailing zeros.
    public static func number(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return "null" }
        // Past 1e15 a Double has no decimals to show: its shortest form ("1e+19") is valid JSON.
        guard abs(value) < 1e15 else { return abs(value) < 9e18 && value == value.rounded() ? String(Int(value)) : "\(value)" }
        let factor = pow(10, Double(places))
        let rounded = (value * factor).rounded() / factor
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.\(places)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// An object from ordered key/value pairs whose values are already JSON.
    static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }
}
