/// Resolves a language's contexts, and every context of another language they refer to, into
/// rules (`Grammar`): references followed (`ref="def:string"`, `ref="js:statements"`, a
/// language's `<replace>` applied), patterns expanded, styles qualified by their language.
struct GrammarBuilder {
    private(set) var rules: [Rule] = []
    private(set) var files: [String: LanguageFile] = [:]
    private var index: [String: Int] = [:]
    private var replacements: [String: String] = [:]
    private let load: (String) throws -> LanguageFile

    init(load: @escaping (String) throws -> LanguageFile) { self.load = load }

    /// The file of language `id`, read once; its replacements apply from then on.
    mutating func file(_ id: String) throws -> LanguageFile {
        if let file = files[id] { return file }
        let file = try load(id)
        files[id] = file
        for (target, ref) in file.replacements { replacements[Self.qualify(target, file.id)] = Self.qualify(ref, file.id) }
        return file
    }

    /// The rule of the context `key` (`python3:string`), built on first use.
    /// - Parameter original: the context as its language defines it, not a replacement.
    mutating func rule(_ key: String, original: Bool = false) throws -> Int {
        let key = original ? key : replacements[key] ?? key
        if let found = index[key] { return found }
        let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw HighlightError.definition(key, "a context reference needs a language") }
        let file = try file(parts[0])
        guard let node = file.contexts[parts[1]] else { throw HighlightError.definition(file.id, "no context \(parts[1])") }
        return try build(node, in: file, key: key)
    }

    /// A rule for `node`, registered under `key` before its children are built (contexts include each other).
    private mutating func build(_ node: LanguageFile.Context, in file: LanguageFile, key: String) throws -> Int {
        let number = rules.count
        index[key] = number
        rules.append(Rule(key: key))
        var rule = Rule(key: key)
        rule.style = node.attributes["style-ref"].map { Self.qualify($0, file.id) }
        rule.extendsParent = node.flag("extend-parent") ?? true
        rule.endsAtLineEnd = node.flag("end-at-line-end") ?? false
        rule.endsParent = node.flag("end-parent") ?? false
        rule.firstLineOnly = node.flag("first-line-only") ?? false
        rule.onceOnly = node.flag("once-only") ?? false
        rule.stylesInsideOnly = node.flag("style-inside") ?? false
        let expansion = PatternExpansion { [self] id in try self.files[id] ?? self.load(id) }
        rule.match = try node.match.map { try Self.pattern($0, file, expansion) } ?? Self.keywords(node, file, expansion)
        rule.start = try node.start.map { try Self.pattern($0, file, expansion) }
        rule.end = try node.end.map { try Self.pattern($0, file, expansion) }
        for child in node.include { try add(child, to: &rule, in: file) }
        rules[number] = rule
        return number
    }

    /// One `<include>` item: a group's style, a reference, or a context defined in place.
    private mutating func add(_ child: LanguageFile.Context, to rule: inout Rule, in file: LanguageFile) throws {
        if let group = child.attributes["sub-pattern"], let style = child.attributes["style-ref"] {
            let place = child.attributes["where"].flatMap(Rule.GroupStyle.Place.init(rawValue:)) ?? .match
            rule.groupStyles.append(.init(group: group, place: place, style: Self.qualify(style, file.id)))
        } else if let ref = child.ref {
            if ref.hasSuffix(":*") {
                rule.children.append(.childrenOf(try self.rule(Self.qualify(String(ref.dropLast(2)), file.id))))
            } else {
                let target = try self.rule(Self.qualify(ref, file.id), original: child.flag("original") ?? false)
                let style = child.attributes["style-ref"].map { Self.qualify($0, file.id) }
                rule.children.append(.rule(target, style: style, ignoresStyle: child.flag("ignore-style") ?? false))
            }
        } else if let id = child.id {
            rule.children.append(.rule(try self.rule("\(file.id):\(id)"), style: nil, ignoresStyle: false))
        } else if child.attributes["sub-pattern"] == nil {
            let built = try build(child, in: file, key: "\(file.id):#\(rules.count)")
            rule.children.append(.rule(built, style: nil, ignoresStyle: false))
        }
    }

    /// `ref` as `language:id`.
    static func qualify(_ ref: String, _ language: String) -> String {
        ref.contains(":") ? ref : "\(language):\(ref)"
    }

    private static func pattern(_ pattern: LanguageFile.Pattern, _ file: LanguageFile, _ expansion: PatternExpansion) throws -> Rule.Pattern {
        Rule.Pattern(
            text: try expansion.expand(pattern.text, in: file), caseless: !(pattern.caseSensitive ?? file.caseSensitive),
            extended: pattern.extended ?? file.extended)
    }

    /// A keyword list as one pattern: `prefix(?:one|two)suffix`, a word's edges by default.
    private static func keywords(_ node: LanguageFile.Context, _ file: LanguageFile, _ expansion: PatternExpansion) throws -> Rule.Pattern? {
        guard !node.keywords.isEmpty else { return nil }
        let prefix = node.prefix?.text ?? "\\%["
        let suffix = node.suffix?.text ?? "\\%]"
        let text = prefix + "(?:" + node.keywords.joined(separator: "|") + ")" + suffix
        return try pattern(LanguageFile.Pattern(text: text, caseSensitive: nil, extended: false), file, expansion)
    }
}
