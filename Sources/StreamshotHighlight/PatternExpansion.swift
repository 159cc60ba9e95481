/// A definition's pattern as GLib compiles it: `\%{id}` and `\%{lang:id}` replaced by the named
/// regular expression (with its own options), `\%[` and `\%]` by a keyword's edges. A reference
/// to the start's match (`\%{name@start}`, in an end pattern) is left for `endPattern(_:start:)`.
struct PatternExpansion {
    /// The language files a reference may name, by id.
    let languages: (String) throws -> LanguageFile

    /// `pattern`, written in `language`, expanded.
    /// - Throws: `HighlightError.definition` for a reference to a regular expression no language defines.
    func expand(_ pattern: String, in language: LanguageFile, depth: Int = 0) throws -> String {
        guard depth < 16 else { throw HighlightError.definition(language.id, "regular expressions refer to each other in a loop") }
        var out = ""
        var rest = Substring(pattern)
        // Without a class of its own, a keyword's edges are word boundaries (GtkSourceView's default).
        let (opening, closing) = language.keywordCharClass.map { ("(?<!\($0))(?=\($0))", "(?<=\($0))(?!\($0))") } ?? ("\\b", "\\b")
        while let marker = rest.range(of: "\\%") {
            out += rest[..<marker.lowerBound]
            rest = rest[marker.upperBound...]
            if rest.hasPrefix("[") {
                out += opening
                rest = rest.dropFirst()
            } else if rest.hasPrefix("]") {
                out += closing
                rest = rest.dropFirst()
            } else if rest.hasPrefix("{"), let close = rest.firstIndex(of: "}") {
                let name = String(rest[rest.index(after: rest.startIndex)..<close])
                rest = rest[rest.index(after: close)...]
                out += name.contains("@") ? "\\%{\(name)}" : try inline(name, from: language, depth: depth)
            } else {
                out += "\\%"
            }
        }
        return out + rest
    }

    /// The named regular expression `name` (`identifier`, `def:decimal`), in a group with its options.
    private func inline(_ name: String, from language: LanguageFile, depth: Int) throws -> String {
        let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
        let owner = parts.count == 2 ? try languages(parts[0]) : language
        let id = parts.count == 2 ? parts[1] : name
        guard let regex = owner.regexes[id] else {
            throw HighlightError.definition(language.id, "\\%{\(name)} names no regular expression")
        }
        let extended = regex.extended ?? owner.extended
        let caseless = !(regex.caseSensitive ?? owner.caseSensitive)
        let on = (extended ? "x" : "") + (caseless ? "i" : "")
        let off = (extended ? "" : "x") + (caseless ? "" : "i")
        // An extended expression may end in a comment: its group closes on a line of its own.
        let options = on + (off.isEmpty ? "" : "-" + off)
        return "(?\(options):" + (try expand(regex.text, in: owner, depth: depth + 1)) + (extended ? "\n)" : ")")
    }

    /// An end pattern with each `\%{name@start}` replaced by what that group of the start matched, escaped.
    static func endPattern(_ pattern: String, start: RegexMatch, line: UnsafeBufferPointer<UInt8>) -> String {
        var out = ""
        var rest = Substring(pattern)
        while let marker = rest.range(of: "\\%{"), let close = rest[marker.upperBound...].firstIndex(of: "}") {
            out += rest[..<marker.lowerBound]
            let name = rest[marker.upperBound..<close]
            rest = rest[rest.index(after: close)...]
            guard let at = name.range(of: "@start") else {
                out += "\\%{\(name)}"
                continue
            }
            let group = start.group(String(name[..<at.lowerBound]))
            let text = group.map { String(decoding: line[$0], as: UTF8.self) } ?? ""
            out += GLibRegex.escaped(text)
        }
        return out + rest
    }
}
