/// GitHub's emoji shortcodes: a `:name:` GitHub knows (`:warning:`, `:white_check_mark:`) is its
/// emoji in text — not in code, which is a node of its own — as GitHub's emoji filter replaces
/// it; a name it does not know stays as written. The names are gemoji's (`EmojiShortcodeTable`).
enum EmojiShortcodes {
    /// Each alias's emoji.
    package static let emoji: [String: String] = {
        var emoji: [String: String] = [:]
        for line in table.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            emoji[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        return emoji
    }()

    /// Every start of an alias, for holding back one being typed.
    private static let prefixes: Set<String> = Set(emoji.keys.flatMap { alias in (1...alias.count).map { String(alias.prefix($0)) } })

    /// `text` with each known `:name:` replaced by its emoji.
    package static func replacing(in text: String) -> String {
        guard text.contains(":") else { return text }
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: ":") {
            let afterOpen = rest.index(after: open)
            let name = rest[afterOpen...].prefix { isNameCharacter($0) }
            if !name.isEmpty, name.endIndex < rest.endIndex, rest[name.endIndex] == ":", let found = emoji[String(name)] {
                out += rest[..<open] + found
                rest = rest[rest.index(after: name.endIndex)...]
            } else {
                out += rest[...open]
                rest = rest[afterOpen...]
            }
        }
        return out + rest
    }

    /// How many characters at the end of streaming `text` may be a shortcode being typed
    /// (`:warn`): held back until its closing `:` says whether it is one.
    static func pendingLength(_ text: ArraySlice<Unicode.Scalar>) -> Int {
        var start = text.endIndex
        while start > text.startIndex, isNameScalar(text[start - 1]) { start -= 1 }
        guard start < text.endIndex, start > text.startIndex, text[start - 1] == ":",
            prefixes.contains(String(String.UnicodeScalarView(text[start...])))
        else { return 0 }
        return text.endIndex - start + 1
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1 && isNameScalar(character.unicodeScalars.first!)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "+" || scalar == "-"
    }
}
