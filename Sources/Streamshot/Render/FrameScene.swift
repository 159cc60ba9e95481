/// Everything one frame shows, decided from the transcript, the options and the frame time.
struct FrameScene {
    struct VisibleBlock {
        let placed: PlacedBlock
        let opacity: Double
    }

    let index: Int
    let timeMs: Double
    /// How far the document is scrolled, in pixels.
    let scroll: Double
    let blocks: [VisibleBlock]
    /// The block that is receiving text, when the caret shows.
    let caretBlockId: Int?
    let showsTypingIndicator: Bool
    /// The connection dropped and no text has arrived since.
    let isReconnecting: Bool
    let revealedChars: Int
    let bufferedChars: Int
    /// Buffered characters up to the last word boundary: what the buffer could show.
    let pendingChars: Int
    let responseDirection: WritingDirection?
    let streamEnded: Bool
    /// Whether anything is still moving (text to reveal, fades, scroll).
    let isSettled: Bool
}

/// The ease-out curve of fades: fast at first, gentle at the end.
func easeOutCubic(_ x: Double) -> Double {
    let t = min(max(x, 0), 1)
    return 1 - (1 - t) * (1 - t) * (1 - t)
}
