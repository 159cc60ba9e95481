// The picture's settings as render options name them: `--device iphone-se`, `--size 390x844`.
extension DevicePreset: NamedOptionValue {
    public static var optionChoices: [DevicePreset] { all }
    public var optionName: String { name }
}

extension Theme: NamedOptionValue {
    public static var optionChoices: [Theme] { all }
    public var optionName: String { name }
}

extension ViewportSize: OptionValueConvertible {
    /// `390x844`.
    public init(optionValue value: RenderOptionValue, option: String) throws {
        guard let size = ViewportSize(value.text) else {
            throw InputError("--\(option) \(value.text): expected WIDTHxHEIGHT in points, such as 390x844")
        }
        self = size
    }
}

extension TextSize: OptionValueConvertible {
    /// A Dynamic Type size (`xLarge`) or an Android font scale (`scale:1.3`).
    public init(optionValue value: RenderOptionValue, option: String) throws {
        guard let size = TextSize(value.text) else { throw InputError("--\(option) \(value.text): expected one of \(TextSize.accepted)") }
        self = size
    }
}
