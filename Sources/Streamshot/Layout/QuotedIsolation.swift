/// The model's own words quoted in a label of the app's ("Searched the web · “محكمة النقض…” · 2
/// sources") read in their own direction, and the label's words around them keep their order:
/// layout sets each quotation as a first-strong isolate (FSI ... PDI, UAX #9), as `<bdi>` does.
/// Without it, an Arabic query drew the "2" of "2 sources" and the closing quote into its own
/// right-to-left run. The marks go into the text Pango lays out only; the label's text (the
/// manifest's) is unchanged.
enum QuotedIsolation {
    private static let pairs: [Character: Character] = ["“": "”", "«": "»"]

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
