/// A render's options as given, typed by the option list they were read with: each option's
/// value in the spelling the option stores (a named value as listed, a flag `true`/`false`),
/// repeated options with every value in order. It is what the CLI, the testing library and the
/// service each read into, what a service job stores, and what `RenderSettings(spec:)` interprets.
///
/// Its JSON is an object by option name: `{"client":"haqq-mobile","seed":7,"monospaced":false,
/// "interaction":["scroll@9s:-400","stop@12s"]}`.
public struct RenderSpec: Sendable, Hashable {
    /// Every value given, by option name.
    public private(set) var values: [String: [String]] = [:]

    public init() {}

    public var isEmpty: Bool { values.isEmpty }

    /// The last value given for `name` (nil: not given).
    public subscript(name: String) -> String? { values[name]?.last }

    /// Every value given for `name`, in order.
    public func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Sets one option by its name without the dashes, as a query parameter or `--name=value`
    /// gives it: names and named values in any case, `no-NAME` for a negatable flag, a flag's
    /// value empty (on), true or false.
    /// - Throws: `InputError` naming the option and what is wrong, with the nearest known name.
    public mutating func set(_ name: String, to value: String?, in descriptors: [RenderOptionDescriptor]) throws {
        let (descriptor, inverted) = try Self.descriptor(name, in: descriptors)
        var stored: String
        if descriptor.isFlag {
            guard let on = RenderOptionDescriptor.flagValue(value) else {
                throw InputError("--\(name) \(value ?? ""): a flag takes no value, true or false")
            }
            stored = on != inverted ? "true" : "false"
        } else {
            guard let value else { throw InputError("--\(descriptor.name): expected a value") }
            stored = try descriptor.canonical(value)
        }
        if descriptor.repeats { values[descriptor.name, default: []].append(stored) } else { values[descriptor.name] = [stored] }
    }

    /// Removes `name`'s values.
    public mutating func remove(_ name: String) { values[name] = nil }

    /// The option `name` stands for, and whether it is a flag's `no-` form.
    /// - Throws: `InputError` "--thme: not a render option (did you mean --theme?); the options are …".
    public static func descriptor(_ name: String, in descriptors: [RenderOptionDescriptor]) throws -> (RenderOptionDescriptor, inverted: Bool) {
        let lowered = name.lowercased()
        if let descriptor = descriptors.first(where: { $0.name == lowered }) { return (descriptor, false) }
        if lowered.hasPrefix("no-"), let descriptor = descriptors.first(where: { $0.name == lowered.dropFirst(3) }),
            case .flag(negatable: true) = descriptor.kind
        {
            return (descriptor, true)
        }
        let names = optionNames(descriptors)
        let guess = Suggestion.didYouMean(name, names, prefix: "--")
        throw InputError("--\(name): not a render option\(guess); the options are \(names.map { "--" + $0 }.joined(separator: ", "))")
    }

    /// Every name an option is given by, in the list's order (`monospaced`, `no-monospaced`).
    public static func optionNames(_ descriptors: [RenderOptionDescriptor]) -> [String] {
        descriptors.flatMap { descriptor -> [String] in
            if case .flag(negatable: true) = descriptor.kind { return [descriptor.name, "no-" + descriptor.name] }
            return [descriptor.name]
        }
    }

    /// A spec from command-line words, and the words that are not options (an input file):
    /// `["x.md", "--client", "haqq-mobile", "--theme=Dark", "--no-monospaced"]`.
    /// - Throws: `InputError` naming the option and what is wrong: unknown (with the nearest name),
    ///   a value missing, or a named value not one of the allowed ones (with them).
    public static func parse(_ words: [String], in descriptors: [RenderOptionDescriptor]) throws -> (spec: RenderSpec, positionals: [String]) {
        var spec = RenderSpec()
        var positionals: [String] = []
        var remaining = words[...]
        while let word = remaining.popFirst() {
            guard word.hasPrefix("--"), word.count > 2 else {
                positionals.append(word)
                continue
            }
            let parts = word.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            var value = parts.count == 2 ? String(parts[1]) : nil
            let (descriptor, _) = try descriptor(name, in: descriptors)
            if !descriptor.isFlag, value == nil {
                guard let next = remaining.popFirst() else { throw InputError("--\(name): expected a value") }
                value = next
            }
            try spec.set(name, to: value, in: descriptors)
        }
        return (spec, positionals)
    }

    /// The spec as command-line words, in the list's order: what `parse` reads back to this spec.
    public func arguments(in descriptors: [RenderOptionDescriptor]) -> [String] {
        descriptors.flatMap { descriptor in
            all(descriptor.name).map { "--\(descriptor.name)=\($0)" }
        }
    }
}

extension RenderSpec: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let object = try container.decode([String: SpecValue].self)
        values = object.mapValues(\.texts)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values.mapValues(SpecValue.init))
    }
}

/// One option's value in a spec's JSON: a bool for `true`/`false`, a number for a number written
/// as JSON writes it, an array for several values, else a string.
private struct SpecValue: Codable {
    let texts: [String]

    init(_ texts: [String]) { self.texts = texts }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let many = try? container.decode([SpecValue].self) {
            texts = many.flatMap(\.texts)
        } else if let flag = try? container.decode(Bool.self) {
            texts = [flag ? "true" : "false"]
        } else if let integer = try? container.decode(Int.self) {
            texts = [String(integer)]
        } else if let number = try? container.decode(Double.self) {
            texts = ["\(number)"]
        } else {
            texts = [try container.decode(String.self)]
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if texts.count == 1 { try Self.encodeOne(texts[0], &container) } else { try container.encode(texts.map { SpecValue([$0]) }) }
    }

    /// A text as the JSON value that decodes back to the same text.
    private static func encodeOne(_ text: String, _ container: inout any SingleValueEncodingContainer) throws {
        if text == "true" || text == "false" {
            try container.encode(text == "true")
        } else if let integer = Int(text), String(integer) == text {
            try container.encode(integer)
        } else if let number = Double(text), number.isFinite, "\(number)" == text {
            try container.encode(number)
        } else {
            try container.encode(text)
        }
    }
}
