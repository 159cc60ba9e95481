/// The clients the product notes in shared/seeds describe, as values: each sets the rules its
/// note names and keeps the reference's where the note is silent. The README's "The clients"
/// table lists every value with the note it comes from.
extension ClientProfile {
    /// The reference client: the rules of shared/seeds/000 as a careful client follows them —
    /// smooth whole-word pacing, directions fixed before the first token, textAlign resolved
    /// once, 1.8x pitch for Arabic, fades and a pinned, eased scroll; a stream silent for 60 s
    /// without `done` is ended with a notice and a retry (an idle timeout: a long answer that
    /// keeps arriving is never cut); three failed reconnects end it with "Resume"; a reader who
    /// scrolls up is left alone, with a "↓ New content" pill.
    public static let reference = ClientProfile(
        name: "reference", ending: EndingPolicy(timeoutMs: 60_000, timeoutResets: true, reconnect: ReconnectPolicy()),
        overlays: with(OverlayPolicy()) { $0.slowConnectionWarning = true })

    /// shared/seeds/000, the mobile legal client: a 50 ms flush, at once on a paragraph break
    /// or `---`, never mid-word; the typing indicator for at least 500 ms; "Stop generating";
    /// "Drafting clause 3 of 7…" on long drafts; "Slow connection detected" on 2g; 3 reconnects
    /// (1 s apart, 3 s past a 500 ms round trip), then "Resume"; a 60 s hard timeout that marks
    /// the answer complete and shows retry.
    public static let haqqMobile = ClientProfile(
        name: "haqq-mobile", pacing: .batched, ending: EndingPolicy(timeoutMs: 60_000, reconnect: ReconnectPolicy()),
        overlays: with(OverlayPolicy()) {
            $0.typingIndicatorMinMs = 500
            $0.stopButton = true
            $0.slowConnectionWarning = true
            $0.progress = ProgressPolicy()
        })

    /// shared/seeds/001, the polling client: each poll's text shows as it comes; one 30 s
    /// timeout from the request, never reset, keeps partial text as if complete and puts the
    /// note's apology in place of an answer that never came.
    public static let lumePolling = ClientProfile(
        name: "lume-polling", pacing: .raw,
        ending: EndingPolicy(timeoutMs: 30_000, timeoutSaysSo: false,
                             emptyAnswerText: "I'm having trouble responding right now. Please try again."),
        overlays: with(OverlayPolicy()) {
            $0.newContentPill = false
            $0.endingButton = false
        })

    /// shared/seeds/002, the display-buffer plan: a ~200 chars/s drain that speeds up past 500
    /// waiting; new blocks fade in over 0.1 s, easing in; a blinking cursor; pinned within 50 pt
    /// of the bottom, unpinned by a drag up, with "↓ New content" until the reader taps it.
    public static let cloude = ClientProfile(
        name: "cloude", pacing: .drain200, motion: MotionPolicy(fadeMs: 100, fadeEasesIn: true, caretBlinkMs: 1000))

    /// shared/seeds/003, the SwiftUI patterns: text shows as it arrives, set monospaced; every
    /// change scrolls to the bottom with a 0.3 s ease-out, whether or not the reader has scrolled
    /// up (the note's `onChange` does); "Claude is typing..." under the answer; no timeout, so a
    /// stream that never says done is left as it stood (`incomplete`). Its typewriter, the note's
    /// "alternative approach", is `--pacing typewriter`.
    public static let swiftUI = with(ClientProfile(
        name: "swiftui", pacing: .raw, motion: MotionPolicy(respectsReader: false),
        overlays: with(OverlayPolicy()) {
            $0.typingCaptionName = "Claude"
            $0.newContentPill = false
            $0.endingButton = false
        })) { $0.monospaced = true }

    /// Every built-in profile, the reference first.
    public static let builtin: [ClientProfile] = [.reference, .haqqMobile, .lumePolling, .cloude, .swiftUI]

    public static func named(_ name: String) -> ClientProfile? {
        builtin.first { $0.name == name }
    }
}

/// `value`, changed by `change`: builds a profile's policies from their defaults.
func with<Value>(_ value: Value, _ change: (inout Value) -> Void) -> Value {
    var value = value
    change(&value)
    return value
}
