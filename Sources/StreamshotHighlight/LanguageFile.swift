import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One GtkSourceView language definition (a `.lang` file, version 2.0) as written: its styles,
/// its named regular expressions and its contexts, before references are resolved (`Grammar`).
struct LanguageFile {
    /// A regular expression as a definition writes it, with its own options.
    struct Pattern {
        var text: String
        /// nil: the language's default.
        var caseSensitive: Bool?
        var extended: Bool?
    }

    /// A `<context>`: a definition (`id`, a match or a start and end, keywords, children) or a
    /// reference to one (`ref`), or a style for a group of its parent's match (`subPattern`).
    final class Context {
        var attributes: [String: String] = [:]
        var match: Pattern?
        var start: Pattern?
        var end: Pattern?
        var prefix: Pattern?
        var suffix: Pattern?
        var keywords: [String] = []
        var include: [Context] = []

        var id: String? { attributes["id"] }
        var ref: String? { attributes["ref"] }
        func flag(_ name: String) -> Bool? { attributes[name].map { $0 == "true" } }
    }

    var id = ""
    /// Each style's id and the style it is drawn as (`keyword` -> `def:keyword`).
    var styles: [String: String?] = [:]
    var caseSensitive = true
    var extended = false
    /// The characters a keyword is made of (`\%[` and `\%]` are its edges); nil: `\w`.
    var keywordCharClass: String?
    var regexes: [String: Pattern] = [:]
    /// Every context with an id, nested ones included, by id.
    var contexts: [String: Context] = [:]
    /// `<replace id="x" ref="y">`: where this language is highlighted, x means y.
    var replacements: [(id: String, ref: String)] = []

    /// Reads a definition.
    /// - Throws: `HighlightError.definition` naming the file when it is not a language definition.
    static func read(_ data: Data, name: String) throws -> LanguageFile {
        let reader = LanguageFileReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse(), !reader.file.id.isEmpty else {
            throw HighlightError.definition(
                name, "not a GtkSourceView language definition (\(parser.parserError.map { "\($0)" } ?? "no <language id>"))")
        }
        return reader.file
    }
}

/// The XML reader behind `LanguageFile.read`: the elements a definition uses, the rest skipped.
private final class LanguageFileReader: NSObject, XMLParserDelegate {
    var file = LanguageFile()
    private var contexts: [LanguageFile.Context] = []
    private var text = ""
    private var patternAttributes: [String: String] = [:]

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        switch element {
        case "language": file.id = attributes["id"] ?? ""
        case "style": if let id = attributes["id"] { file.styles[id] = .some(attributes["map-to"]) }
        case "default-regex-options":
            file.caseSensitive = attributes["case-sensitive"] != "false"
            file.extended = attributes["extended"] == "true"
        case "context":
            let context = LanguageFile.Context()
            context.attributes = attributes
            if let parent = contexts.last { parent.include.append(context) }
            if let id = context.id { file.contexts[id] = context }
            contexts.append(context)
        case "replace": if let id = attributes["id"], let ref = attributes["ref"] { file.replacements.append((id, ref)) }
        default: patternAttributes = attributes
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        let pattern = LanguageFile.Pattern(
            text: text, caseSensitive: patternAttributes["case-sensitive"].map { $0 != "false" },
            extended: patternAttributes["extended"].map { $0 == "true" })
        let context = contexts.last
        switch element {
        case "context": contexts.removeLast()
        case "match": context?.match = pattern
        case "start": context?.start = pattern
        case "end": context?.end = pattern
        case "prefix": context?.prefix = pattern
        case "suffix": context?.suffix = pattern
        case "keyword": context?.keywords.append(text)
        case "keyword-char-class": file.keywordCharClass = text
        case "define-regex": if let id = patternAttributes["id"] { file.regexes[id] = pattern }
        default: break
        }
        text = ""
    }
}
