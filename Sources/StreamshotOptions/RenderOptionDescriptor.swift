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
        /// A whole number from 0 to 2^64 - 1: a seed.
        case unsigned
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
    /// The shape a text value has, as a regular expression (`^[0-9]+x[0-9]+$`): what OpenAPI tells a client.
    public let pattern: String?

    public init(
        _ name: String, _ kind: Kind, scope: Scope = .look, placeholder: String? = nil, default defaultText: String? = nil,
        repeats: Bool = false, unit: String = "", pattern: String? = nil, help: String
    ) {
        self.name = name
        self.kind = kind
        self.scope = scope
        self.placeholder = placeholder ?? name
        self.defaultText = defaultText
        self.help = help
        self.repeats = repeats
        self.unit = unit
        self.pattern = pattern
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

    /// `text` as this option's typed value: a named value in its listed spelling, whatever its case.
    /// - Throws: `InputError` "--theme drak: expected one of light, dark (did you mean dark?)".
    public func value(_ text: String) throws -> RenderOptionValue {
        switch kind {
        case .named(let names):
            if let match = names.first(where: { $0.lowercased() == text.lowercased() }) { return .name(match) }
            throw InputError("--\(name) \(text): expected one of \(names.joined(separator: ", "))\(Suggestion.didYouMean(text, names))")
        case .integer:
            guard let value = Int(text) else { throw InputError("--\(name) \(text): expected a whole number") }
            return .integer(value)
        case .unsigned:
            guard let value = UInt64(text) else { throw InputError("--\(name) \(text): expected a whole number from 0 to \(UInt64.max)") }
            return .unsigned(value)
        case .number:
            guard let value = Double(text) else { throw InputError("--\(name) \(text): expected a number") }
            return .number(value)
        case .flag:
            guard let on = Self.flagValue(text) else { throw InputError("--\(name) \(text): a flag takes no value, true or false") }
            return .flag(on)
        case .path, .text:
            return .text(text)
        }
    }

    /// Whether `value` is of the kind this option takes (a spec built by name always is).
    public func admits(_ value: RenderOptionValue) -> Bool {
        switch (kind, value) {
        case (.named(let names), .name(let name)): return names.contains(name)
        case (.integer, .integer), (.unsigned, .unsigned), (.number, .number), (.flag, .flag): return true
        case (.path, .text), (.text, .text): return true
        default: return false
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
