/// The clients the product notes in shared/seeds describe, as values: each sets the rules its
/// note names and keeps the reference's where the note is silent. docs/clients-and-traces.md's
/// "The clients" table lists every value with the note it comes from.
extension ClientProfile {
    /// The reference client: the rules of shared/seeds/000 as a careful client follows them —
    /// whole-word pacing that keeps up with the network and finishes without a dump, directions fixed before the first token, textAlign resolved
    /// once, 1.8x pitch for Arabic, fades and a pinned, eased scroll; a stream silent for 60 s
    /// without `done` is ended with a notice and a retry (an idle timeout: a long answer that
    /// keeps arriving is never cut); three failed reconnects end it with "Resume"; a reader who
    /// scrolls up is left alone, with a "↓ New content" pill. The model's reasoning and tool
    /// calls as the major phone apps show them: "Thinking… 4s" where the answer will start,
    /// "Thought for 4s" above it once it does, "Searching…" until a tool's result.
    public static let reference = ClientProfile(
        name: "reference", models: "a careful RTL chat client, the one to compare yours with",
        pacing: .keepUp, ending: EndingPolicy(timeoutMs: 60_000, timeoutResets: true, reconnect: ReconnectPolicy()),
        overlays: with(OverlayPolicy()) { $0.slowConnectionWarning = true })

    /// shared/seeds/000, the mobile legal client: a 50 ms flush, at once on a paragraph break
    /// or `---`, never mid-word; the typing indicator for at least 500 ms; "Stop generating";
    /// "Drafting clause 3 of 7…" on long drafts; "Slow connection detected" on 2g; 3 reconnects
    /// (1 s apart, 3 s past a 500 ms round trip), then "Resume"; a 60 s hard timeout that marks
    /// the answer complete and shows retry; "Summary mode" suggested under 0.5 Mbps; with a
    /// `--token-budget`, its pill by the composer (warning colour under 20%; spent, nothing is sent).
    /// Its backend sends `delta` and `done` only and the note names what it shows before the
    /// first token — the typing indicator — so reasoning keeps the dots up, and nothing more;
    /// citations never reach it.
    public static let haqqMobile = with(
        ClientProfile(
            name: "haqq-mobile", models: "a React Native legal app's streaming rules",
            pacing: .batched, ending: EndingPolicy(timeoutMs: 60_000, reconnect: ReconnectPolicy()),
            overlays: with(OverlayPolicy()) {
                $0.typingIndicatorMinMs = 500
                $0.stopButton = true
                $0.summaryModeSuggestion = true
                $0.slowConnectionWarning = true
                $0.progress = ProgressPolicy()
                $0.activity = nil
            })
    ) { $0.citations = .none }

    /// shared/seeds/001, the polling client: each poll's text shows as it comes; one 30 s
    /// timeout from the request, never reset, keeps partial text as if complete and puts the
    /// note's apology in place of an answer that never came; leaving the conversation cancels
    /// the polling and the timeout (`.onDisappear { cleanup() }`), so a reader who comes back
    /// finds the partial answer frozen and still streaming (ending `left`). A poll returns the
    /// message's content only: reasoning and citations never reach it, the dots stand.
    public static let lumePolling = with(
        ClientProfile(
            name: "lume-polling", models: "a client that polls for the answer",
            pacing: .raw,
            ending: EndingPolicy(
                timeoutMs: 30_000, timeoutSaysSo: false,
                emptyAnswerText: "I'm having trouble responding right now. Please try again.", leavingCancels: true),
            overlays: with(OverlayPolicy()) {
                $0.newContentPill = false
                $0.endingButton = false
                $0.activity = nil
                // A poll that fails is polled again: the note has no connection to re-establish.
                $0.reconnecting = false
            })
    ) { $0.citations = .none }

    /// shared/seeds/002 as its "Implementation Status" says it is built: phase 1's display buffer
    /// (300 chars/s, speeding up past 500 waiting, code a line at a time, all of it at once when
    /// the stream ends) and phase 3's scroll (pinned within 50 pt of the bottom, unpinned by a
    /// drag up, "↓ New content" until the reader taps it); no fade, no layout growth, no cursor
    /// (phase 4, not started). The note is silent on reasoning and tools: the reference's.
    public static let cloude = ClientProfile(
        name: "cloude", models: "a display-buffer, scroll and animation plan as built",
        pacing: .drain300, motion: MotionPolicy(fadeMs: 0),
        overlays: with(OverlayPolicy()) { $0.caret = false })

    /// shared/seeds/002 as planned: `cloude` with phase 4 — new blocks fade in over 0.1 s easing
    /// in, a blinking cursor. (Its 0.15 s layout growth is not reproduced: see docs/clients-and-traces.md.)
    public static let cloudePlan = ClientProfile(
        name: "cloude-plan", models: "the same plan as planned, with fades and a blinking cursor",
        pacing: .drain300,
        motion: MotionPolicy(fadeMs: 100, fadeEasesIn: true, caretBlinkMs: 1000))

    /// shared/seeds/003, the SwiftUI patterns as written: the answer shows as it arrives, one
    /// `Text` of raw Markdown (no Markdown rendered: `AttributedString(String)` parses none) set
    /// monospaced, closed ``` regions shaded; no fade (`.animation(nil)`); nothing before the
    /// first token (the streaming view needs text), then "Claude is typing..." with its spinner;
    /// every change scrolls to the bottom with a 0.3 s ease-out, whether or not the reader has
    /// scrolled up (the note's `onChange`); an error or a stream without `complete` leaves it
    /// typing (only `complete` ends it); the background closes the socket and the foreground
    /// opens one that asks for nothing. The answer sits in a grey bubble; on `complete` it is
    /// the finished `MessageBubbleView` — proportional, unshaded, its time under it. Its typewriter, the note's "alternative approach", is
    /// `--pacing typewriter`. Its handler switches on `delta`, `complete` and `error` and drops
    /// the rest: nothing of the reasoning, tools or citations is shown.
    public static let swiftUI = with(
        ClientProfile(
            name: "swiftui", models: "a SwiftUI prototype without Markdown",
            pacing: .raw, motion: MotionPolicy(fadeMs: 0, respectsReader: false),
            ending: EndingPolicy(onlyDoneEnds: true, backgroundDisconnects: true),
            overlays: with(OverlayPolicy()) {
                $0.typingIndicator = false
                $0.typingCaptionName = "Claude"
                $0.typingCaptionSpinner = true
                $0.caret = false
                $0.newContentPill = false
                $0.endingButton = false
                $0.activity = nil
                // Its handler knows delta, complete and error: a dropped connection shows nothing.
                $0.reconnecting = false
            })
    ) {
        $0.monospaced = true
        $0.markdown = .none
        // Its "basic syntax highlighting" only tints a fence's background grey: no token colours.
        $0.codeHighlighting = .none
        $0.drawsDiagrams = false
        $0.citations = .none
        $0.bubble = true
        $0.finishedMessageView = true
        $0.overlays.timestamp = true
    }

    /// Every built-in profile, the reference first.
    public static let builtin: [ClientProfile] = [.reference, .haqqMobile, .lumePolling, .cloude, .cloudePlan, .swiftUI]

    public static func named(_ name: String) -> ClientProfile? {
        builtin.first { $0.name == name }
    }
}

/// `value`, changed by `change`: builds a profile's policies from their defaults.
package func with<Value>(_ value: Value, _ change: (inout Value) -> Void) -> Value {
    var value = value
    change(&value)
    return value
}
