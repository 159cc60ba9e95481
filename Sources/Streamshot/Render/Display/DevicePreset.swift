/// A device as snapshot tools describe one (swift-snapshot-testing's `ViewImageConfig`,
/// Paparazzi's `DeviceConfig`): a portrait viewport in points (dp on Android), its pixels per
/// point, and the safe area system UI takes. `--device NAME` sets all three; `--size` and
/// `--scale` given with it override the first two. The figures and their sources are in the
/// docs/devices.md.
public struct DevicePreset: Sendable, Equatable, Hashable {
    public enum Platform: String, Sendable, Hashable {
        case iOS = "ios"
        case android
    }

    /// The command-line name: `iphone-se`.
    public var name: String
    /// What people call it: "iPhone SE (2nd and 3rd generation)".
    public var title: String
    public var platform: Platform
    public var size: ViewportSize
    public var scale: Double
    public var safeArea: SafeArea

    public init(name: String, title: String, platform: Platform, size: ViewportSize, scale: Double, safeArea: SafeArea) {
        self.name = name
        self.title = title
        self.platform = platform
        self.size = size
        self.scale = scale
        self.safeArea = safeArea
    }

    /// The frame's pixels, as the device has them.
    public var pixels: (width: Int, height: Int) {
        (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
    }

    /// An Android device from its panel in pixels and its density: dp are pixels over density, so
    /// a 1080-pixel panel at 2.625 is 411.43 dp wide and renders to exactly 1080 pixels.
    static func android(_ name: String, _ title: String, pixels: (Int, Int), density: Double, safeArea: SafeArea) -> DevicePreset {
        DevicePreset(
            name: name, title: title, platform: .android,
            size: ViewportSize(width: Double(pixels.0) / density, height: Double(pixels.1) / density),
            scale: density, safeArea: safeArea)
    }
}

extension DevicePreset {
    /// iPhone SE (2nd and 3rd generation), the iPhone 8's screen: a 20 pt status bar, no home indicator.
    public static let iPhoneSE = DevicePreset(
        name: "iphone-se", title: "iPhone SE (2nd/3rd gen)", platform: .iOS,
        size: ViewportSize(width: 375, height: 667), scale: 2,
        safeArea: SafeArea(top: 20, bottom: 0))
    /// iPhone 13, 14 (and 13/14 Pro's width class): the notch's 47 pt, the home indicator's 34 pt.
    public static let iPhone14 = DevicePreset(
        name: "iphone-14", title: "iPhone 13/14", platform: .iOS,
        size: ViewportSize(width: 390, height: 844), scale: 3,
        safeArea: SafeArea(top: 47, bottom: 34))
    /// iPhone 15 Pro Max class (14 Pro Max, 15 Plus, 15 Pro Max): the Dynamic Island's 59 pt.
    public static let iPhoneProMax = DevicePreset(
        name: "iphone-pro-max", title: "iPhone 15 Pro Max", platform: .iOS,
        size: ViewportSize(width: 430, height: 932), scale: 3,
        safeArea: SafeArea(top: 59, bottom: 34))
    /// iPad Pro 11-inch: a 24 pt status bar, a 20 pt home indicator.
    public static let iPad11 = DevicePreset(
        name: "ipad-11", title: "iPad Pro 11-inch", platform: .iOS,
        size: ViewportSize(width: 834, height: 1194), scale: 2,
        safeArea: SafeArea(top: 24, bottom: 20))
    /// Android Studio's small phone (360x640 dp at xhdpi, 720x1280 pixels): a 24 dp status bar,
    /// and the 16 dp gesture navigation bar.
    public static let androidCompact = DevicePreset.android(
        "android-compact", "Android small phone (360 dp, xhdpi)", pixels: (720, 1280),
        density: 2, safeArea: SafeArea(top: 24, bottom: 16))
    /// Pixel 7 (1080x2400 at 420 dpi, density 2.625: 411x914 dp), bars as above.
    public static let pixel7 = DevicePreset.android(
        "pixel-7", "Pixel 7", pixels: (1080, 2400), density: 2.625,
        safeArea: SafeArea(top: 24, bottom: 16))

    /// Every preset, in the order docs/devices.md's table lists them.
    public static let all: [DevicePreset] = [.iPhoneSE, .iPhone14, .iPhoneProMax, .iPad11, .androidCompact, .pixel7]

    public static func named(_ name: String) -> DevicePreset? {
        all.first { $0.name == name.lowercased() }
    }
}
