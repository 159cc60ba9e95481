/// What a client does with a code line longer than its block is wide.
public enum CodeOverflow: String, Sendable, CaseIterable {
    /// The line runs on under a fade at the block's end side and the reader drags the block
    /// sideways, as GitHub, ChatGPT and Claude show code (Streamshot's reference).
    case scroll
    /// The line wraps inside the block, as a text view that was never told otherwise does
    /// (a SwiftUI `Text`, an Android `TextView`, a `<pre>` with `white-space: pre-wrap`).
    case wrap
}
