/// How much of a stream a render takes, so a hostile or broken input ends with a warning and a
/// partial result instead of filling the disk or the memory. Every limit can be raised
/// (`render --max-duration`, `--max-line-chars`, `--max-code-chars`); what a limit cuts is named
/// in a warning, never dropped silently.
public struct StreamLimits: Equatable, Sendable {
    /// Events that arrive later than this (milliseconds) are not replayed: one bogus stamp
    /// (`t` = 1e15) must not make a render write frames for thirty thousand years.
    public var maxDurationMs = 600_000.0
    /// Characters kept on one line (between line breaks). Pango draws a run of about 80,000
    /// characters without a break point as one line of zero width, so the limit stays well below
    /// (see `ceiling`).
    public var maxLineChars = 20_000
    /// Characters kept in one fenced code block: code never wraps and a growing block is laid
    /// out again on every frame, so an unclosed 80 KB fence costs tens of seconds per render.
    public var maxCodeBlockChars = 20_000

    /// The largest value each limit may be raised to. A day of stream, and ten million characters
    /// of code, are more than any render finishes. A line stays under 25,000 characters: Pango
    /// measures a line in 32-bit units of 1/1024 pixel, and 30,000 full-width characters at 17 pt
    /// and scale 4 overflow them (the line is then drawn nowhere while the manifest says it was).
    public static let ceiling = StreamLimits(
        maxDurationMs: 86_400_000, maxLineChars: 25_000,
        maxCodeBlockChars: 10_000_000)

    public init() {}

    public init(maxDurationMs: Double, maxLineChars: Int, maxCodeBlockChars: Int) {
        self.maxDurationMs = maxDurationMs
        self.maxLineChars = maxLineChars
        self.maxCodeBlockChars = maxCodeBlockChars
    }
}
