import Foundation

/// A language ready to highlight: its rules, each rule's children in the order they are tried,
/// and what each style is drawn as. Shared by every render of the process; its compiled patterns
/// are made once, under a lock.
public final class Grammar: @unchecked Sendable {
    /// The language's id (`python3`, `js`).
    public let language: String
    let rules: [Rule]
    let root: Int
    /// Each rule's children with `ref="x:*"` and grouping contexts expanded: the rule, and its style where the reference replaces it.
    let children: [[(rule: Int, style: String?, ignoresStyle: Bool)]]
    private let kinds: [String: TokenKind?]
    /// Each rule's match or start, and its end where it does not refer to the start, compiled.
    private(set) var startRegexes: [GLibRegex?] = []
    private(set) var endRegexes: [GLibRegex?] = []
    private var compiled: [Rule.Pattern: GLibRegex] = [:]
    private let lock = NSLock()

    /// - Throws: `HighlightError` for a definition that does not read or a pattern GLib refuses.
    init(language: String, load: @escaping (String) throws -> LanguageFile) throws {
        var builder = GrammarBuilder(load: load)
        root = try builder.rule("\(language):\(language)")
        self.language = language
        rules = builder.rules
        children = Self.flatten(builder.rules)
        kinds = try Self.kinds(of: builder.rules, files: builder.files, load: load)
        // Every pattern compiles now, so a broken definition fails here and not mid-render.
        startRegexes = try rules.map { rule in try (rule.match ?? rule.start).map(regex) }
        endRegexes = try rules.map { rule in try rule.end.flatMap { $0.refersToStart ? nil : try regex($0) } }
    }

    /// `pattern` compiled, once per process.
    func regex(_ pattern: Rule.Pattern) throws -> GLibRegex {
        lock.lock()
        defer { lock.unlock() }
        if let regex = compiled[pattern] { return regex }
        let regex = try GLibRegex(pattern.text, caseless: pattern.caseless, extended: pattern.extended)
        compiled[pattern] = regex
        return regex
    }

    /// What a style is drawn as (nil: plain text).
    func kind(_ style: String?) -> TokenKind? {
        style.flatMap { kinds[$0] ?? nil }
    }

    private static func flatten(_ rules: [Rule]) -> [[(rule: Int, style: String?, ignoresStyle: Bool)]] {
        func expand(_ rule: Int, _ seen: Set<Int>) -> [(rule: Int, style: String?, ignoresStyle: Bool)] {
            rules[rule].children.flatMap { child -> [(rule: Int, style: String?, ignoresStyle: Bool)] in
                switch child {
                case .rule(let target, let style, let ignores):
                    // A context with neither a match nor a start only groups others: they are its place.
                    guard rules[target].match == nil, rules[target].start == nil else { return [(target, style, ignores)] }
                    return seen.contains(target) ? [] : expand(target, seen.union([target]))
                case .childrenOf(let target): return seen.contains(target) ? [] : expand(target, seen.union([target]))
                }
            }
        }
        return rules.indices.map { expand($0, [$0]) }
    }

    /// Each style a rule names, and every style it maps to, as the token it is drawn as.
    private static func kinds(of rules: [Rule], files: [String: LanguageFile], load: (String) throws -> LanguageFile) throws -> [String: TokenKind?] {
        var files = files
        var styles: [String] = rules.flatMap { rule in [rule.style].compactMap { $0 } + rule.groupStyles.map(\.style) }
        styles += rules.flatMap { rule in rule.children.compactMap { if case .rule(_, let style?, _) = $0 { return style } else { return nil } } }
        var kinds: [String: TokenKind?] = [:]
        for style in Set(styles) {
            var current = style
            var kind: TokenKind?
            for _ in 0..<12 {
                if let found = TokenKind(definitionStyle: current) {
                    kind = found
                    break
                }
                let parts = current.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, parts[0] != "def" else { break }
                if files[parts[0]] == nil { files[parts[0]] = try? load(parts[0]) }
                guard let mapped = files[parts[0]]?.styles[parts[1]] ?? nil else { break }
                current = GrammarBuilder.qualify(mapped, parts[0])
            }
            kinds[style] = kind
        }
        return kinds
    }
}
