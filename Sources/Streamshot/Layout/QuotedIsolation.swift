import StreamshotGraphics

/// The model's own words quoted in a label of the app's ("Searched the web · “محكمة النقض…” · 2
/// sources") read in their own direction, and the label's words around them keep their order:
/// layout sets each quotation as a first-strong isolate (FSI ... PDI, UAX #9), as `<bdi>` does.
/// Without it, an Arabic query drew the "2" of "2 sources" and the closing quote into its own
/// right-to-left run. The marks go into the text Pango lays out only; the label's text (the
/// manifest's) is unchanged.
enum QuotedIsolation {
    private static let pairs: [Character: Character] = ["“": "”", "«": "»"]

    /// `text` with its last quotation cut at its end (a "…" inside its quotes) to the most of it
    /// whose line, as `line` lays it out, fits `width`; nil when there is no quotation, or none of
    /// it fits. Cut where the quotation ends, whichever side of the line that is in its script.
    static func longestFitting(_ text: String, within width: Double, line: (String) throws -> TextLayout) throws -> TextLayout? {
        guard let close = text.lastIndex(where: { pairs.values.contains($0) }),
            let open = text[..<close].lastIndex(where: { pairs[$0] == text[close] })
        else { return nil }
        var quoted = Array(text[text.index(after: open)..<close])
        if quoted.last == "…" { quoted.removeLast() }
        func cut(_ count: Int) -> String { String(text[...open]) + String(quoted.prefix(count)) + "…" + String(text[close...]) }
        func fits(_ layout: TextLayout) -> Bool { (layout.lines.first?.width ?? .infinity) <= width }
        // The most characters that fit, found by halves; none fitting leaves it to the caller.
        guard quoted.count > 0, fits(try line(cut(1))) else { return nil }
        var (low, high) = (1, quoted.count)
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(try line(cut(middle))) { low = middle } else { high = middle - 1 }
        }
        return try line(cut(low))
    }

    static func isolatingQuotes(_ text: String) -> String {
        guard text.contains(where: { pairs[$0] != nil }) else { return text }
        var result = ""
        var closing: Character?
        for character in text {
            if let open = closing, character == open {
                result += "\u{2069}"
                closing = nil
            }
            result.append(character)
            if closing == nil, character != "”", character != "»", let close = pairs[character] {
                result += "\u{2068}"
                closing = close
            }
        }
        if closing != nil { result += "\u{2069}" }
        return result
    }
}
