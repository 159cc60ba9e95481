/// The findings a client's product note implies: what `check` reports on a clean render of that
/// client because the note's client does it (the 002 build's drain reveals a character at a
/// time; the 003 client shows Markdown as typed). A clean matrix expects exactly these — any
/// other finding is a false alarm, and one of these that no longer appears is a regression of
/// the profile (or of the detector). docs/detectors.md lists them, one table per client.
public struct NoteExpectation: Sendable, Equatable {
    /// The finding's kind (its detector follows from it).
    public let kind: Finding.Kind
    /// The note's rule behind it, in a reader's words.
    public let why: String

    public init(_ kind: Finding.Kind, _ why: String) {
        self.kind = kind
        self.why = why
    }
}

public enum NoteExpectations {
    /// The findings the note behind `client` (a `--client` name) implies; none for the
    /// reference, or for a client this table does not know (a trace's).
    public static func expected(forClient client: String) -> [NoteExpectation] {
        byClient[client] ?? []
    }

    /// Each built-in client's expected findings.
    public static let byClient: [String: [NoteExpectation]] = [
        "reference": [],
        "haqq-mobile": [
            NoteExpectation(.burst, "the 000 note's buffer flushes every 50 ms, and a whole paragraph at once on a blank line or ---"),
            NoteExpectation(.endDump, "on done the 000 note flushes what remains at once: a long last chunk lands in one frame")
        ],
        "lume-polling": [
            NoteExpectation(.burst, "the 001 note shows each poll's text as it comes"),
            NoteExpectation(.partialWord, "a poll may end inside a word, and the 001 note shows it as polled"),
            NoteExpectation(.endDump, "the last poll lands at once"),
            NoteExpectation(.scrollJump, "a poll that brings more than a screenful moves the view at once"),
            NoteExpectation(
                .caretOutOfView,
                "a poll brings many lines at once at the largest text sizes, more keep coming while the view slides to "
                    + "them, and the newest is below the screen until it arrives"),
            NoteExpectation(.silentEnding, "at its timeout the 001 note keeps the partial text as if complete, with no word that it was cut"),
            NoteExpectation(
                .stillStreaming, "leaving the conversation cancels the 001 polling and its timeout: back, the answer is frozen and still looks live")
        ],
        "cloude": cloude,
        "cloude-plan": cloude + [
            NoteExpectation(
                .stall, "the 002 buffer shows code a whole line at a time at 300 characters a second: after a long line the next waits its turn")
        ],
        "swiftui": [
            NoteExpectation(.burst, "the 003 note shows each delta as it comes"),
            NoteExpectation(.partialWord, "a delta may end inside a word, and the 003 note shows it as it came"),
            NoteExpectation(.endDump, "the last delta lands as it comes"),
            NoteExpectation(.rawSyntax, "the 003 note renders no Markdown (AttributedString(String)): the reader sees the syntax"),
            NoteExpectation(.lineMoved, "the 003 bubble hugs its text: right-to-left lines move sideways as it widens"),
            NoteExpectation(.lineSlid, "the 003 bubble hugs its text: a right-to-left line's start edge moves as it widens"),
            NoteExpectation(.scrollHijack, "the 003 note's onChange scrolls to the bottom on every change, wherever the reader is"),
            NoteExpectation(.scrollJump, "every change scrolls to the bottom, and a delta of several lines lands at once"),
            NoteExpectation(.silentEnding, "in the 003 note an error only sets connectionState: the answer stays typing, with no notice"),
            NoteExpectation(.stillStreaming, "in the 003 note an error only sets connectionState: its typing indicator stays up after the end"),
            NoteExpectation(.leftIncomplete, "only `complete` ends the 003 answer: a stream without it is typing for ever")
        ]
    ]

    /// shared/seeds/002, as built and as planned: the same buffer and the same silence on endings.
    private static let cloude = [
        NoteExpectation(.partialWord, "the 002 buffer drains 300 characters a second, cutting between characters"),
        NoteExpectation(.endDump, "the 002 buffer flushes what waits when the stream says done"),
        NoteExpectation(.scrollJump, "a flush of more than a screenful moves the view at once"),
        NoteExpectation(.leftIncomplete, "the 002 note has no timeout and no reconnect: a stream that stops without done is left as it stood")
    ]
}
