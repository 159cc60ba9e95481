/// A type a render option's value sets: `Bool` from a flag, `Int` from a whole number, a theme
/// from its name. A render option is its descriptor and a key path to a value of such a type, so
/// the value is typed from the descriptor to the settings with no text in between.
public protocol OptionValueConvertible: Sendable {
    /// `value` as this type, for the option named `option`.
    /// - Throws: `InputError` naming the option and the value when it is not one of this type.
    init(optionValue value: RenderOptionValue, option: String) throws
}

extension OptionValueConvertible {
    /// "--fps abc: expected a number": the error of a value the descriptor let through as another kind.
    static func mismatch(_ value: RenderOptionValue, option: String, expected: String) -> InputError {
        InputError("--\(option) \(value.text): expected \(expected)")
    }
}

extension Bool: OptionValueConvertible {
    public init(optionValue value: RenderOptionValue, option: String) throws {
        guard case .flag(let on) = value else { throw Self.mismatch(value, option: option, expected: "true or false") }
        self = on
    }
}

extension Int: OptionValueConvertible {
    public init(optionValue value: RenderOptionValue, option: String) throws {
        guard case .integer(let number) = value else { throw Self.mismatch(value, option: option, expected: "a whole number") }
        self = number
    }
}

extension UInt64: OptionValueConvertible {
    public init(optionValue value: RenderOptionValue, option: String) throws {
        switch value {
        case .unsigned(let number): self = number
        case .integer(let number) where number >= 0: self = UInt64(number)
        default: throw Self.mismatch(value, option: option, expected: "a whole number from 0 to \(UInt64.max)")
        }
    }
}

extension Double: OptionValueConvertible {
    /// A number, or a whole number (an option in ms or seconds takes either).
    public init(optionValue value: RenderOptionValue, option: String) throws {
        guard let number = value.numeric else { throw Self.mismatch(value, option: option, expected: "a number") }
        self = number
    }
}

extension String: OptionValueConvertible {
    /// A path or text as given, or a name as listed.
    public init(optionValue value: RenderOptionValue, option: String) throws {
        switch value {
        case .text(let text), .name(let text): self = text
        default: throw Self.mismatch(value, option: option, expected: "text")
        }
    }
}
