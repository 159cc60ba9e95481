/// Where a client lets a line of text break.
public enum WordBreak: String, Sendable, CaseIterable {
    /// Between words; a word wider than the line alone is broken between its characters (the
    /// platforms' default, and Streamshot's).
    case normal
    /// Between any two characters, inside words and numbers (CSS `word-break: break-all`, added
    /// to a chat bubble to keep a long link inside it): «25,0|00» and «الإيجا|ر» split across lines.
    case breakAll = "break-all"
}
