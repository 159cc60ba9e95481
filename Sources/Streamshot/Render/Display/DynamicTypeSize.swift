/// iOS's text size setting (UIContentSizeCategory): seven standard sizes and five accessibility
/// sizes. Point sizes are Apple's for each text style (Human Interface Guidelines, Typography,
/// "iOS, iPadOS Dynamic Type sizes"); only the styles Streamshot's theme maps to are kept.
public enum DynamicTypeSize: Int, Sendable, Hashable, CaseIterable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// As the command line takes it: `xSmall` … `xxxLarge`, `AX1` … `AX5`.
    public var name: String {
        switch self {
        case .xSmall: "xSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "xLarge"
        case .xxLarge: "xxLarge"
        case .xxxLarge: "xxxLarge"
        case .accessibility1: "AX1"
        case .accessibility2: "AX2"
        case .accessibility3: "AX3"
        case .accessibility4: "AX4"
        case .accessibility5: "AX5"
        }
    }

    /// The iOS text styles whose sizes the theme follows.
    enum Style: CaseIterable {
        case title1, body, footnote, caption1
    }

    /// The style's size in points at this setting.
    func pointSize(_ style: Style) -> Double {
        let column: [Double] =
            switch style {
            case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
            case .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            }
        return column[rawValue]
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
