/// The UI framework a traced client runs on (a client trace's `platform`): it decides how
/// textAlign meets the direction.
public enum TracePlatform: String, Sendable, CaseIterable {
    case reactNative = "react-native"
    case flutter
    case swiftUI = "swiftui"
    case css
}
