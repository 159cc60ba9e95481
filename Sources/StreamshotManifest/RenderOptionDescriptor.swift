/// One render option as every front end sees it: its name, what its value is, its default and
/// its help. The CLI's flags and `--help`, the string parser the testing library takes, the
/// service's query parameters and its OpenAPI document are all derived from a list of these
/// (`RenderSettings.descriptors` in Streamshot), so an option is added in one place.
public struct RenderOptionDescriptor: Sendable, Hashable {
    /// What the value is, which decides how it is parsed, listed and compared.
    public enum Kind: Sendable, Hashable {
        /// One of a list of names, compared case-insensitively and stored as listed.
        case named([String])
        /// A whole number within the range (the range is checked with the others, after parsing).
        case integer(ClosedRange<Int>?)
        /// A number within the range.
        case number(ClosedRange<Double>?)
        /// A file or folder: kept exactly as given (paths keep their case).
        case path
        /// Text with a shape of its own (`390x844`, `scroll@3s:-400`, a JSON Pointer), kept as given.
        case text
        /// On or off: `--bold-text`, `--bold-text=false`; `negatable` also takes `--no-NAME`.
        case flag(negatable: Bool)
    }

    /// Who may set it.
    public enum Scope: Sendable, Hashable {
        /// How the input is read and timed (`inspect` takes these too).
        case stream
        /// What the frames look like.
        case look
        /// Reads the machine's files or uses its cores: the CLI and the testing library take it,
        /// a server sets it itself.
        case machine
    }

    public let name: String
    public let kind: Kind
    public let scope: Scope
    /// The value's placeholder in help: `<client>`.
    public let placeholder: String
    /// The default as help shows it (nil: none, or the client's own).
    public let defaultText: String?
    public let help: String
    /// Given more than once, each value counts (`--interaction`).
    public let repeats: Bool
    /// Said after a range in help and errors: " seconds".
    public let unit: String

    public init(
        _ name: String, _ kind: Kind, scope: Scope = .look, placeholder: String? = nil, default defaultText: String? = nil,
        repeats: Bool = false, unit: String = "", help: String
    ) {
        self.name = name
        self.kind = kind
        self.scope = scope
        self.placeholder = placeholder ?? name
        self.defaultText = defaultText
        self.help = help
        self.repeats = repeats
        self.unit = unit
    }

    public var isFlag: Bool {
        if case .flag = kind { return true }
        return false
    }

    /// The names a value may take, as listed (nil: not a named option).
    public var valueNames: [String]? {
        if case .named(let names) = kind { return names }
        return nil
    }

    /// The range a number must be in, as doubles (nil: any, or not a number).
    public var range: ClosedRange<Double>? {
        switch kind {
        case .integer(let range?): return Double(range.lowerBound)...Double(range.upperBound)
        case .number(let range?): return range
        default: return nil
        }
    }

    /// `value` as this option stores it: a named value in its listed spelling, whatever its case.
    /// - Throws: `InputError` "--theme drak: expected one of light, dark (did you mean dark?)".
    public func canonical(_ value: String) throws -> String {
        switch kind {
        case .named(let names):
            if let match = names.first(where: { $0.lowercased() == value.lowercased() }) { return match }
            throw InputError("--\(name) \(value): expected one of \(names.joined(separator: ", "))\(Suggestion.didYouMean(value, names))")
        case .integer:
            // A seed takes any UInt64; other integers fit an Int.
            guard Int(value) != nil || UInt64(value) != nil else { throw InputError("--\(name) \(value): expected a number") }
            return value
        case .number:
            guard Double(value) != nil else { throw InputError("--\(name) \(value): expected a number") }
            return value
        case .flag:
            guard let on = Self.flagValue(value) else { throw InputError("--\(name) \(value): a flag takes no value, true or false") }
            return on ? "true" : "false"
        case .path, .text:
            return value
        }
    }

    /// A flag's value as a query parameter or `--flag=VALUE` gives it: empty is on.
    public static func flagValue(_ value: String?) -> Bool? {
        switch value?.lowercased() {
        case nil, "", "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: return nil
        }
    }
}
