/// The reader's Increase Contrast setting (iOS's name; Android's high-contrast text).
public enum Contrast: String, Sendable, Hashable, CaseIterable {
    case standard, increased
}
