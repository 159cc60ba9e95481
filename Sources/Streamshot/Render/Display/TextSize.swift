/// The reader's text size setting: an iOS Dynamic Type size or an Android font scale. It scales
/// every style of the theme as the platform scales it (`Theme.sized(_:)`); `large` (17 pt body)
/// and `scale:1` leave the theme as it is.
public enum TextSize: Sendable, Hashable {
    case dynamicType(DynamicTypeSize)
    /// Android's font scale (Settings > Display > Font size), 0.85 to 2.
    case fontScale(Double)

    public static let `default` = TextSize.dynamicType(.large)
    public static let xSmall = TextSize.dynamicType(.xSmall)
    public static let small = TextSize.dynamicType(.small)
    public static let medium = TextSize.dynamicType(.medium)
    public static let large = TextSize.dynamicType(.large)
    public static let xLarge = TextSize.dynamicType(.xLarge)
    public static let xxLarge = TextSize.dynamicType(.xxLarge)
    public static let xxxLarge = TextSize.dynamicType(.xxxLarge)
    public static let accessibility1 = TextSize.dynamicType(.accessibility1)
    public static let accessibility2 = TextSize.dynamicType(.accessibility2)
    public static let accessibility3 = TextSize.dynamicType(.accessibility3)
    public static let accessibility4 = TextSize.dynamicType(.accessibility4)
    public static let accessibility5 = TextSize.dynamicType(.accessibility5)

    /// The font scales Android offers (Android 14 and later go to 2).
    public static let fontScales: ClosedRange<Double> = 0.85...2

    /// `large`, `AX3` (any case), or `scale:1.3`; nil for anything else.
    public init?(_ text: String) {
        if text.lowercased().hasPrefix("scale:") {
            guard let scale = Double(text.dropFirst("scale:".count)), Self.fontScales.contains(scale) else { return nil }
            self = .fontScale(scale)
            return
        }
        guard let size = DynamicTypeSize.allCases.first(where: { $0.name.lowercased() == text.lowercased() }) else { return nil }
        self = .dynamicType(size)
    }

    /// As the command line and the manifest write it.
    public var name: String {
        switch self {
        case .dynamicType(let size): size.name
        case .fontScale(let scale): "scale:\(SettingRange.text(scale))"
        }
    }

    /// What `--text-size` accepts, for messages.
    public static var accepted: String {
        DynamicTypeSize.allCases.map(\.name).joined(separator: ", ") + ", or scale:F with F from 0.85 to 2"
    }

    /// How much larger body text is than at the default: 53/17 at AX5.
    var bodyRatio: Double { scaled(17, as: .body) / 17 }

    /// A size given at the default setting, at this one, as the platform scales text of `style`:
    /// iOS by the style's Dynamic Type ratio (`UIFontMetrics.scaledValue(for:)`), Android by its
    /// font scale (non-linearly from Android 14: large text grows less).
    func scaled(_ points: Double, as style: DynamicTypeSize.Style) -> Double {
        switch self {
        case .dynamicType(let size): points * size.pointSize(style) / DynamicTypeSize.large.pointSize(style)
        case .fontScale(let scale): AndroidFontScale.scaledSize(sp: points, scale: scale)
        }
    }

    /// A heading's multiple of the body size at this setting. iOS narrows the gap between titles
    /// and body text as text grows (Title 1 is 1.65x Body at `large`, 1.09x at `AX5`), so a
    /// heading's margin over the body shrinks in the same proportion; Android scales the
    /// heading's own size through its font scale.
    func headingScale(_ scale: Double, bodySize: Double) -> Double {
        switch self {
        case .dynamicType(let size):
            let gap = { (size: DynamicTypeSize) in size.pointSize(.title1) / size.pointSize(.body) - 1 }
            return 1 + (scale - 1) * gap(size) / gap(.large)
        case .fontScale:
            return scaled(bodySize * scale, as: .body) / scaled(bodySize, as: .body)
        }
    }

    /// The size the app's chrome (status pills, captions, the composer) follows: capped at
    /// `xxxLarge`, as iOS caps its bars and shows the Large Content Viewer instead, so a pill
    /// still fits the composer's band at AX5. Android's non-linear scale needs no cap.
    var chrome: TextSize {
        if case .dynamicType(let size) = self, size > .xxxLarge { return .xxxLarge }
        return self
    }
}
