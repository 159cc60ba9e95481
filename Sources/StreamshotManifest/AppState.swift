/// Whether the conversation is on screen.
public enum AppState: String, Codable, Sendable {
    case active
    /// The app is in the background: the screen keeps its last picture and updates pause.
    case background
    /// The reader is in another conversation: this one is not drawn.
    case away
}
