/// What a pacing policy sees on each frame.
public struct PacingInput {
    public let text: ArrivedText
    /// Characters shown before this frame.
    public let revealed: Int
    public let timeMs: Double
    /// Time since the previous frame.
    public let frameMs: Double
}

/// The memory a policy keeps between frames.
public struct PacingState: Sendable {
    /// Characters the smooth policy may still reveal (negative: a long word is being paid off).
    var credit = 0.0
    /// The last 50 ms tick the batched policy flushed on.
    var lastTick = -1
    /// How many characters had arrived at the last frame (the typewriter restarts when it changes).
    var lastCount = 0
    /// When the number of characters arrived last changed (the character drain's quiet rule).
    var lastArrivalMs = 0.0
    /// The first frame after the stream ended, and the backlog then (the keep-up policy's finish).
    var endedAtMs: Double?
    package var backlogAtEnd = 0
    public init() {}
}

/// The display buffer's strategy: how many of the arrived characters to show at a frame.
/// A value, so policies sit side by side in one run and new ones are easy to add.
public struct PacingPolicy: Sendable {
    public let name: String
    public let summary: String
    /// Returns the new number of revealed characters (never fewer than `input.revealed`, unless
    /// `rewinds`).
    public let step: @Sendable (_ state: inout PacingState, _ input: PacingInput) -> Int
    /// The policy may take back what it showed (shared/seeds/003's typewriter that restarts from
    /// zero whenever the text changes): reproduces that bug on purpose.
    public let rewinds: Bool
    /// The policy never shows half a word: what waited while the reader was away comes back up
    /// to the last word boundary too, not cut where the network happened to stop.
    public let wholeWords: Bool

    public init(
        name: String, summary: String, rewinds: Bool = false, wholeWords: Bool = false,
        step: @escaping @Sendable (_ state: inout PacingState, _ input: PacingInput) -> Int
    ) {
        self.name = name
        self.summary = summary
        self.rewinds = rewinds
        self.wholeWords = wholeWords
        self.step = step
    }

    public static let all: [PacingPolicy] = [.keepUp, .smooth, .batched, .raw, .drain200, .drain300, .typewriter, .typewriterRestart]

    public static func named(_ name: String) -> PacingPolicy? {
        all.first { $0.name == name }
    }
}
