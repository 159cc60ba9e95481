/// A render's options as given, typed by the option list they were read with: each option's
/// value as its kind reads it (a named value as listed, a flag a `Bool`, a number a number),
/// repeated options with every value in order. It is what the CLI, the testing library and the
/// service each read into, what a service job stores, and what `RenderSettings(spec:)` applies.
///
/// Its JSON is an object by option name: `{"client":"haqq-mobile","seed":7,"monospaced":false,
/// "interaction":["scroll@9s:-400","stop@12s"]}` (RenderSpec+JSON.swift).
public struct RenderSpec: Sendable, Hashable {
    /// Every value given, by option name.
    public private(set) var values: [String: [RenderOptionValue]] = [:]

    public init() {}

    public var isEmpty: Bool { values.isEmpty }

    /// The last value given for `name` (nil: not given).
    public subscript(name: String) -> RenderOptionValue? { values[name]?.last }

    /// Every value given for `name`, in order.
    public func all(_ name: String) -> [RenderOptionValue] { values[name] ?? [] }

    /// Sets one option by its name without the dashes, as a query parameter or `--name=value`
    /// gives it: names and named values in any case, `no-NAME` for a negatable flag, a flag's
    /// value empty (on), true or false.
    /// - Throws: `InputError` naming the option and what is wrong, with the nearest known name.
    public mutating func set(_ name: String, to value: String?, in descriptors: [RenderOptionDescriptor]) throws {
        let (descriptor, inverted) = try Self.descriptor(name, in: descriptors)
        let typed: RenderOptionValue
        if descriptor.isFlag {
            guard let on = RenderOptionDescriptor.flagValue(value) else {
                throw InputError("--\(name) \(value ?? ""): a flag takes no value, true or false")
            }
            typed = .flag(on != inverted)
        } else {
            guard let value else { throw InputError("--\(descriptor.name): expected a value") }
            typed = try descriptor.value(value)
        }
        set(typed, for: descriptor)
    }

    /// Sets the option `name` to a typed value: `spec.set("max-frames", to: .integer(300), in: descriptors)`.
    /// - Throws: `InputError` for an unknown option, or a value of another kind than the option takes.
    public mutating func set(_ name: String, to value: RenderOptionValue, in descriptors: [RenderOptionDescriptor]) throws {
        let (descriptor, _) = try Self.descriptor(name, in: descriptors)
        guard descriptor.admits(value) else { throw InputError("--\(descriptor.name) \(value.text): not a value this option takes") }
        set(value, for: descriptor)
    }

    /// Sets `descriptor`'s option to `value` (adds it, for an option that repeats).
    private mutating func set(_ value: RenderOptionValue, for descriptor: RenderOptionDescriptor) {
        if descriptor.repeats { values[descriptor.name, default: []].append(value) } else { values[descriptor.name] = [value] }
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
            all(descriptor.name).map { "--\(descriptor.name)=\($0.text)" }
        }
    }
}
