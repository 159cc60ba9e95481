public import StreamshotOptions

// The client's rules as render options name them: `--pacing smooth`, `--client haqq-mobile`.
extension ClientProfile: NamedOptionValue {
    public static var optionChoices: [ClientProfile] { builtin }
    public var optionName: String { name }
}

extension PacingPolicy: NamedOptionValue {
    public static var optionChoices: [PacingPolicy] { all }
    public var optionName: String { name }
}

extension CitationStyle: NamedOptionValue {}

extension DirectionRule: NamedOptionValue {
    public static var optionChoices: [DirectionRule] { all }
    public var optionName: String { name }
}

extension NetworkProfile: NamedOptionValue {
    public static var optionChoices: [NetworkProfile] { all }
    public var optionName: String { name }
}

extension TokenBudget: OptionValueConvertible {
    /// `2400` or `2400/12000`.
    public init(optionValue value: RenderOptionValue, option: String) throws {
        guard let budget = TokenBudget(value.text) else {
            throw InputError("--\(option) \(value.text): expected the tokens left, or left/allowance, such as 2400 or 2400/12000")
        }
        self = budget
    }
}
