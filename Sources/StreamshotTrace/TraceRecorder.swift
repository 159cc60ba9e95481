public import Foundation

/// Records what a chat client shows while an answer streams, as a Streamshot client trace
/// (JSON Lines, format version 1: docs/clients-and-traces.md, "The trace format"). Foundation only, so an
/// iOS app's debug build or UI test can carry it; `streamshot render trace.jsonl` then renders
/// exactly what the client displayed and `streamshot check` judges it.
///
/// Call it where the client changes the screen: after the display buffer releases text
/// (`show(append:)`), when it sets the text container's style, scrolls, shows or hides an
/// overlay, and when the answer ends. Times are milliseconds since the recorder was made (the
/// request), from a monotonic clock unless one is given. Thread-safe.
public final class TraceRecorder: @unchecked Sendable {
    /// The UI framework, as the trace names it.
    public enum Platform: String, Sendable {
        case reactNative = "react-native"
        case flutter
        case swiftUI = "swiftui"
        case css
    }

    private let lock = NSLock()
    private var records: [String] = []
    private let now: @Sendable () -> Double
    /// Called with each record as it is made, in order: a live session's upload, say.
    private let onRecord: (@Sendable (String) -> Void)?

    /// Starts a trace at the request.
    /// - Parameters:
    ///   - platform: the UI framework (it decides how textAlign meets the direction).
    ///   - layoutDirection: the app's layout direction, `"ltr"` or `"rtl"`.
    ///   - viewport: the screen in points and its scale, when known.
    ///   - fontSize: the body text's size in points, when known.
    ///   - rendersMarkdown: false when the app shows the answer's text as it came (a SwiftUI
    ///     `Text(String)`): the render then draws `**` and `## ` as the app does.
    ///   - appLanguage: the app's language (`"en"`, `"ar"`, `"fa"`, `"ur"`, `"he"`), when it is
    ///     not the layout direction's: its alert titles are in it.
    ///   - readsFootnotes: false when the app's Markdown reads no footnotes (marked, or
    ///     markdown-it without its footnote plugin): `[^1]` and its definition are drawn as written.
    ///   - detailsAlwaysOpen: true when the app draws every `<details>` open (a sanitiser that drops
    ///     `<details>` and `<summary>` and keeps their text, a native view with no disclosure).
    ///   - typesetsMath: false when the app's Markdown has no math plugin: formulas show as their TeX.
    ///   - clock: milliseconds since the request; by default a monotonic clock started now.
    ///   - onRecord: called with each record (one JSON line, no newline) as it is made, in order;
    ///     `LiveTraceUpload.send` sends it to a Streamshot session that renders while the app runs.
    public init(
        platform: Platform = .swiftUI, layoutDirection: String = "ltr",
        viewport: (width: Double, height: Double, scale: Double)? = nil, fontSize: Double? = nil,
        rendersMarkdown: Bool = true, appLanguage: String? = nil, readsFootnotes: Bool = true,
        detailsAlwaysOpen: Bool = false, typesetsMath: Bool = true, clock: (@Sendable () -> Double)? = nil,
        onRecord: (@Sendable (String) -> Void)? = nil
    ) {
        let start = ProcessInfo.processInfo.systemUptime
        now = clock ?? { (ProcessInfo.processInfo.systemUptime - start) * 1000 }
        self.onRecord = onRecord
        var fields: [(String, Any)] = [("version", 1), ("platform", platform.rawValue), ("layoutDirection", layoutDirection)]
        if let viewport {
            fields.append(("viewport", [("width", viewport.width), ("height", viewport.height), ("scale", viewport.scale)] as [(String, Any)]))
        }
        if let fontSize { fields.append(("fontSize", fontSize)) }
        if !rendersMarkdown { fields.append(("markdown", "none")) }
        if let appLanguage { fields.append(("appLanguage", appLanguage)) }
        if !readsFootnotes { fields.append(("footnotes", false)) }
        if detailsAlwaysOpen { fields.append(("detailsOpen", true)) }
        if !typesetsMath { fields.append(("math", false)) }
        record("start", fields)
    }

    /// The display buffer released `text` (appended to what was shown), holding `ready`
    /// characters after it: received in whole words, not shown yet (leave it out if unknown).
    public func show(append text: String, ready: Int? = nil) {
        record("show", [("append", text)] + (ready.map { [("ready", $0)] } ?? []))
    }

    /// The client now shows `text` in full (it replaced what was there).
    public func show(text: String) { record("show", [("text", text)]) }

    /// The text container's style as set or changed (nil fields keep their value).
    /// - Parameters:
    ///   - direction: `"ltr"`, `"rtl"` or `"auto"`.
    ///   - textAlign: `"auto"`, `"start"`, `"end"`, `"left"`, `"right"`, `"center"` or `"justify"`.
    ///   - lineHeight: a multiple of the font size.
    ///   - tableColumns: `"auto"` when tables' columns are measured again as each character arrives
    ///     (a browser's automatic table layout), `"settled"` when they hold still while a row is typed.
    ///   - codeOverflow: `"wrap"` when a long code line wraps inside its block, `"scroll"` when it
    ///     runs on under a fade and the block scrolls sideways.
    ///   - wordBreak: `"break-all"` when lines break between any two characters (CSS
    ///     `word-break: break-all`), `"normal"` when between words.
    ///   - textColor: the text's colour as CSS writes it, `"#RRGGBB"` or `"#RGB"`, when the client
    ///     sets its own (leave it out for the platform's label colour).
    ///   - block: restyle only this block (its index in the answer, from 0).
    public func style(
        direction: String? = nil, textAlign: String? = nil, lineHeight: Double? = nil, tableColumns: String? = nil,
        codeOverflow: String? = nil, wordBreak: String? = nil, textColor: String? = nil, block: Int? = nil
    ) {
        let fields: [(String, Any?)] = [
            ("direction", direction), ("textAlign", textAlign), ("lineHeight", lineHeight),
            ("tableColumns", tableColumns), ("codeOverflow", codeOverflow), ("wordBreak", wordBreak),
            ("textColor", textColor), ("block", block)
        ]
        record("style", fields.compactMap { key, value in value.map { (key, $0) } })
    }

    /// The scroll position from the top, in points, and whether the view follows the answer's
    /// end from there (the client's own auto-scroll state; leave it out if it keeps none).
    public func scroll(offset: Double, pinned: Bool? = nil) {
        record("scroll", [("offset", offset)] + (pinned.map { [("pinned", $0)] } ?? []))
    }

    /// An overlay shown or hidden: `"typing-indicator"`, `"new-content-pill"`, `"progress"`,
    /// `"reconnecting"`, `"slow-connection"`, `"stop-button"`, `"error"` or `"retry"`.
    public func overlay(_ kind: String, visible: Bool, text: String? = nil) {
        var fields: [(String, Any)] = [("kind", kind), ("visible", visible)]
        if let text { fields.append(("text", text)) }
        record("overlay", fields)
    }

    /// The answer ended: `"done"`, `"timeout"`, `"error"`, `"gave-up"`, `"unauthorized"`, `"stopped"` or `"incomplete"`.
    public func end(_ kind: String = "done") { record("end", [("kind", kind)]) }

    /// The trace so far, one JSON object a line.
    public var jsonLines: String {
        lock.withLock { records.map { $0 + "\n" }.joined() }
    }

    /// Writes the trace so far to `url`.
    public func write(to url: URL) throws {
        try Data(jsonLines.utf8).write(to: url, options: .atomic)
    }

    private func record(_ type: String, _ fields: [(String, Any)]) {
        lock.withLock {
            let time = (now() * 1000).rounded() / 1000
            let line = JSONLine.object([("t", time), ("type", type)] + fields)
            records.append(line)
            // Under the lock: records reach the hook in the order of their times.
            onRecord?(line)
        }
    }
}

/// JSON text with the keys in the order given (a trace reads the same in any order; a fixed
/// one makes traces diff well), numbers and strings as JavaScript's JSON.stringify writes them,
/// so that the TypeScript and Kotlin emitters (Emitters/) write the same bytes for the same calls.
enum JSONLine {
    static func object(_ fields: [(String, Any)]) -> String {
        "{" + fields.map { "\(string($0.0)):\(value($0.1))" }.joined(separator: ",") + "}"
    }

    private static func value(_ value: Any) -> String {
        switch value {
        case let text as String: return string(text)
        case let flag as Bool: return flag ? "true" : "false"
        case let number as Int: return String(number)
        case let number as Double: return self.number(number)
        case let fields as [(String, Any)]: return object(fields)
        default: return "null"
        }
    }

    /// ECMAScript's Number::toString: the fewest digits that read back (Swift's `description`
    /// has them, the closest of them), positional from 1e-6 to 1e21 and exponential outside
    /// (Swift writes `1e-05` and `1e+16` where JavaScript writes `0.00001` and `10000000000000000`).
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == 0 { return "0" }
        if x < 0 { return "-" + number(-x) }
        if x < 1e15, x == x.rounded(.down) { return String(Int64(x)) }
        let parts = x.description.split(separator: "e")
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        var digits = Array(mantissa.joined())
        // x = 0.digits × 10^n
        var n = mantissa[0].count + (parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
        while digits.first == "0" {
            digits.removeFirst()
            n -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        let k = digits.count
        switch n {
        case k...21: return String(digits) + String(repeating: "0", count: n - k)
        case 1...21: return String(digits[..<n]) + "." + String(digits[n...])
        case -5...0: return "0." + String(repeating: "0", count: -n) + String(digits)
        default:
            let exponent = (n - 1 < 0 ? "-" : "+") + String(abs(n - 1))
            return k == 1 ? String(digits) + "e" + exponent : String(digits[0]) + "." + String(digits[1...]) + "e" + exponent
        }
    }

    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
