public import StreamshotStyle

/// The language a client speaks to the reader in — its notices, status pills, buttons and labels,
/// and the side they start from: the app's (`--app-language`, a trace's `appLanguage`), chosen
/// before the first frame and kept, so a label once shown never changes its words. Without one,
/// the layout direction's: English left to right, Arabic right to left.
public enum AppLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case arabic = "ar"
    case persian = "fa"
    case urdu = "ur"
    case hebrew = "he"

    /// The language an app laid out in `direction` speaks before the answer says more: Arabic
    /// right to left (the notes' market), English left to right.
    public static func speaking(_ direction: WritingDirection) -> AppLanguage {
        direction == .rtl ? .arabic : .english
    }

    /// The direction its words run in, and the side its labels start from.
    public var direction: WritingDirection { self == .english ? .ltr : .rtl }
}
