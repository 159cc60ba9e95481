import Foundation

/// Small, deterministic JSON writing: fixed key order, numbers rounded to 1/100 pixel.
public enum JSONText {
    /// A JSON string literal.
    /// - Parameter forScript: also escape `<`, U+2028 and U+2029, so the literal can sit inside an
    ///   HTML `<script>` element without closing it or breaking older JavaScript parsers.
    public static func string(_ value: String, forScript: Bool = false) -> String {
        var out = ""
        appendString(value, to: &out, forScript: forScript)
        return out
    }

    /// Appends the JSON string literal of `value` to `out`.
    static func appendString(_ value: String, to out: inout String, forScript: Bool = false) {
        out += "\""
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
        out += "\""
    }

    /// The number a manifest reader gets back from `number(value, places:)`: what a check of the
    /// written manifest sees, for a reader that never goes through the text (`FrameJournal`).
    /// (Dividing the rounded integer is exact to the last bit: both are whole numbers a Double
    /// holds, and IEEE division rounds correctly, as parsing the decimal text does.)
    public static func roundTripped(_ value: Double, places: Int = 2) -> Double {
        guard value.isFinite, abs(value) < 1e15 else { return value }
        let factor = places == 3 ? 1000.0 : places == 2 ? 100.0 : pow(10, Double(places))
        let rounded = (value * factor).rounded() / factor
        return rounded == 0 ? 0 : rounded
    }

    /// A number with at most `places` decimals and no trailing zeros.
    public static func number(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return "null" }
        // Past 1e15 a Double has no decimals to show: its shortest form ("1e+19") is valid JSON.
        guard abs(value) < 1e15 else { return abs(value) < 9e18 && value == value.rounded() ? String(Int(value)) : "\(value)" }
        let factor = pow(10, Double(places))
        if abs(value) < 1e9, (0...6).contains(places) { return digits(of: Int((value * factor).rounded()), places: places) }
        let rounded = (value * factor).rounded() / factor
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.\(places)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `scaled` / 10^`places` in decimals, without trailing zeros: the same text as printing the
    /// rounded number with `%.<places>f` and trimming (the common case, without the formatter).
    private static func digits(of scaled: Int, places: Int) -> String {
        var divisor = 1
        for _ in 0..<places { divisor *= 10 }
        let whole = String(scaled.magnitude / UInt(divisor))
        var fraction = scaled.magnitude % UInt(divisor)
        let sign = scaled < 0 ? "-" : ""
        guard fraction > 0 else { return whole == "0" ? "0" : sign + whole }
        var decimals = places
        while fraction % 10 == 0 {
            fraction /= 10
            decimals -= 1
        }
        let digits = String(fraction)
        return sign + whole + "." + String(repeating: "0", count: decimals - digits.count) + digits
    }

    /// An object from ordered key/value pairs whose values are already JSON.
    public static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    public static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }
}
