import CGLib

/// A compiled GLib regular expression (PCRE2 underneath): the engine GtkSourceView compiles its
/// language definitions with, so a definition's patterns mean here what they mean there. It is
/// immutable once made; GLib matches with it from any thread, each match with its own state.
final class GLibRegex: @unchecked Sendable {
    private let regex: OpaquePointer
    let pattern: String

    /// - Throws: `HighlightError.pattern` with GLib's message when the pattern does not compile.
    init(_ pattern: String, caseless: Bool, extended: Bool) throws {
        // As GtkSourceView compiles them: only "\n" ends a line, and duplicate group names are
        // allowed (`sh`'s here-document bounds; a reference to such a name finds nothing, there as here).
        var flags = GRegexCompileFlags(rawValue: G_REGEX_OPTIMIZE.rawValue | G_REGEX_NEWLINE_LF.rawValue | G_REGEX_DUPNAMES.rawValue)
        if caseless { flags = GRegexCompileFlags(rawValue: flags.rawValue | G_REGEX_CASELESS.rawValue) }
        if extended { flags = GRegexCompileFlags(rawValue: flags.rawValue | G_REGEX_EXTENDED.rawValue) }
        var error: UnsafeMutablePointer<GError>?
        guard let regex = g_regex_new(pattern, flags, GRegexMatchFlags(rawValue: 0), &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "does not compile"
            g_error_free(error)
            throw HighlightError.pattern(pattern, message)
        }
        self.regex = regex
        self.pattern = pattern
        // GLib compiles the pattern to machine code on its first match, writing into the shared
        // regex: do it now, before any other thread can match with it.
        _ = g_regex_match(regex, "", GRegexMatchFlags(rawValue: 0), nil)
    }

    deinit { g_regex_unref(regex) }

    /// The first match in `line` starting at or after byte `from`: each group's byte range (nil:
    /// the group took no part), group 0 the whole match.
    func firstMatch(in line: UnsafeBufferPointer<UInt8>, from: Int) -> RegexMatch? {
        guard from <= line.count, let base = line.baseAddress else { return nil }
        var info: OpaquePointer?
        defer { g_match_info_free(info) }
        let found = base.withMemoryRebound(to: gchar.self, capacity: line.count) { text in
            g_regex_match_full(regex, text, gssize(line.count), gint(from), GRegexMatchFlags(rawValue: 0), &info, nil)
        }
        guard found != 0, let info else { return nil }
        let count = Int(g_match_info_get_match_count(info))
        var groups: [Range<Int>?] = []
        for index in 0..<max(count, 1) {
            var start: gint = -1
            var end: gint = -1
            if g_match_info_fetch_pos(info, gint(index), &start, &end) != 0, start >= 0, end >= start {
                groups.append(Int(start)..<Int(end))
            } else {
                groups.append(nil)
            }
        }
        return RegexMatch(groups: groups, names: self)
    }

    /// The number of the group called `name` (nil: no such group).
    func groupNumber(_ name: String) -> Int? {
        let number = g_regex_get_string_number(regex, name)
        return number >= 0 ? Int(number) : nil
    }

    /// `text` with every character a pattern would read specially escaped.
    static func escaped(_ text: String) -> String {
        guard let escaped = g_regex_escape_string(text, gint(text.utf8.count)) else { return text }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}

/// One match: each group's byte range in the line.
struct RegexMatch {
    let groups: [Range<Int>?]
    let names: GLibRegex

    var range: Range<Int> { groups[0] ?? 0..<0 }

    /// A group by number (`"1"`) or by name (`"name"`), as a definition's `sub-pattern` says it.
    func group(_ reference: String) -> Range<Int>? {
        let number = Int(reference) ?? names.groupNumber(reference)
        guard let number, number < groups.count else { return nil }
        return groups[number]
    }
}

/// What keeps a language from being highlighted.
public enum HighlightError: Error, Equatable, CustomStringConvertible {
    /// A pattern of a definition that GLib does not compile, and its message.
    case pattern(String, String)
    /// A definition that does not read: the file and what is wrong.
    case definition(String, String)

    public var description: String {
        switch self {
        case .pattern(let pattern, let message): return "pattern \(pattern.prefix(80)): \(message)"
        case .definition(let file, let message): return "\(file): \(message)"
        }
    }
}
