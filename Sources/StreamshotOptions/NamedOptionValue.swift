/// A value an option names from a list (`--theme dark`, `--pacing smooth`): the list is the
/// option's named values in help, completion and OpenAPI, and a name given picks its value.
public protocol NamedOptionValue: OptionValueConvertible {
    /// Every value, in the order help lists them.
    static var optionChoices: [Self] { get }
    /// This value's name as the option takes it.
    var optionName: String { get }
}

extension NamedOptionValue {
    /// Every value's name, in the list's order.
    public static var optionNames: [String] { optionChoices.map(\.optionName) }

    /// The value named `name` (any case, as the descriptor matched it).
    /// - Throws: `InputError` naming the value and the list.
    public static func choice(named name: String, option: String) throws -> Self {
        guard let value = optionChoices.first(where: { $0.optionName.lowercased() == name.lowercased() }) else {
            throw InputError("--\(option) \(name): expected one of \(optionNames.joined(separator: ", "))")
        }
        return value
    }
}

extension NamedOptionValue {
    /// The value a named option's value names.
    public init(optionValue value: RenderOptionValue, option: String) throws {
        guard case .name(let name) = value else {
            throw InputError("--\(option) \(value.text): expected one of \(Self.optionNames.joined(separator: ", "))")
        }
        self = try Self.choice(named: name, option: option)
    }
}

extension NamedOptionValue where Self: CaseIterable & RawRepresentable, RawValue == String {
    public static var optionChoices: [Self] { Array(allCases) }
    public var optionName: String { rawValue }
}
