/// The clients the product notes in shared/seeds describe, as values: each sets the rules its
/// note names and keeps the reference's where the note is silent. The README's "The clients"
/// table lists every value with the note it comes from.
extension ClientProfile {
    /// The reference client: the rules of shared/seeds/000 as a careful client follows them —
    /// smooth whole-word pacing, directions fixed before the first token, textAlign resolved
    /// once, 1.8x pitch for Arabic, fades and a pinned, eased scroll; a stream silent for 60 s
    /// without `done` is ended with a notice and a retry (an idle timeout: a long answer that
    /// keeps arriving is never cut).
    public static let reference = ClientProfile(
        name: "reference", ending: EndingPolicy(timeoutMs: 60_000, timeoutResets: true))

    /// shared/seeds/000, the mobile legal client: a 50 ms flush, at once on a paragraph break
    /// or `---`, never mid-word; a 60 s hard timeout that marks the answer complete and shows retry.
    public static let haqqMobile = ClientProfile(
        name: "haqq-mobile", pacing: .batched, ending: EndingPolicy(timeoutMs: 60_000))

    /// shared/seeds/001, the polling client: each poll's text shows as it comes; one 30 s
    /// timeout from the request, never reset, keeps partial text as if complete and puts the
    /// note's apology in place of an answer that never came.
    public static let lumePolling = ClientProfile(
        name: "lume-polling", pacing: .raw,
        ending: EndingPolicy(timeoutMs: 30_000, timeoutSaysSo: false,
                             emptyAnswerText: "I'm having trouble responding right now. Please try again."))

    /// shared/seeds/002, the display-buffer plan: a ~200 chars/s drain that speeds up past 500
    /// waiting, code by whole lines, a 100 ms fade for new blocks.
    public static let cloude = ClientProfile(
        name: "cloude", pacing: .drain200, motion: MotionPolicy(fadeMs: 100))

    /// shared/seeds/003, the SwiftUI patterns: text shows as it arrives; auto-scroll eases out
    /// over ~0.3 s (a 100 ms time constant); no timeout, so a stream that never says done is
    /// left as it stood (`incomplete`).
    public static let swiftUI = ClientProfile(name: "swiftui", pacing: .raw)

    /// Every built-in profile, the reference first.
    public static let builtin: [ClientProfile] = [.reference, .haqqMobile, .lumePolling, .cloude, .swiftUI]

    public static func named(_ name: String) -> ClientProfile? {
        builtin.first { $0.name == name }
    }
}
