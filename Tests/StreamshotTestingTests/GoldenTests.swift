import Streamshot
import StreamshotTesting
import Testing

/// Streamshot's own streaming visuals under golden-image test. CI runs with STREAMSHOT_RECORD=never;
/// re-record with `STREAMSHOT_RECORD=all swift test --filter GoldenTests`.
@Suite struct GoldenTests {
    static let arabic = "مدة هذا العقد سنة ميلادية واحدة تبدأ في 1 مارس 2026 وتنتهي في 28 فبراير 2027، وتتجدد تلقائيًا."
    static let english = "The notice period (30 days) runs from receipt, not from sending, and the draft should say so."

    /// textAlign x writingDirection, for Arabic and English: the final frame of each.
    @Test func alignmentMatrix() {
        for language in ["ar", "en"] {
            for align in TextAlign.allCases {
                for direction in ["auto", "ltr", "rtl"] {
                    var options = RenderOptions.snapshot
                    options.heightPt = 150
                    options.client.alignment.textAlign = align
                    options.client.direction = DirectionPolicy(forced: WritingDirection(rawValue: direction))
                    assertStreamSnapshot(of: .text(language == "ar" ? Self.arabic : Self.english, network: .instant),
                                         options: options, frames: .final, named: "\(language)-\(align.rawValue)-\(direction)")
                }
            }
        }
    }

    /// The bundled Arabic legal stream under each pacing, at the same moments.
    @Test(arguments: ["smooth", "batched", "raw"])
    func arabicLeaseUnderEachPacing(_ pacing: String) {
        var options = RenderOptions.snapshot
        options.client.pacing = PacingPolicy.named(pacing)!
        assertStreamSnapshot(of: .file("Examples/ar-lease.sse"), options: options,
                             frames: .times([1000, 2500, 5000]), named: pacing)
    }

    /// An English answer quoting an Arabic clause; an Arabic answer with a code block.
    @Test func mixedDocuments() {
        assertStreamSnapshot(of: .file("Examples/en-ar-mixed.md", network: .instant), frames: .final, named: "en-quoting-ar")
        assertStreamSnapshot(of: .file("Examples/ar-code.md", network: .instant), frames: .final, named: "ar-with-code")
    }

    /// A new block fading in: 0, 33, 67, 100 and 150 ms after it appears.
    @Test func fadeIn() {
        var options = RenderOptions.snapshot
        options.heightPt = 160
        options.client.pacing = .raw
        let transcript = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .delta("البند الأول: الأطراف.\n\n")),
            StreamEvent(timeMs: 1000, kind: .delta("البند الثاني: مدة العقد سنة واحدة.")),
            StreamEvent(timeMs: 1000, kind: .done),
        ])
        assertStreamSnapshot(of: .transcript(transcript), options: options, frames: .times([1000, 1034, 1067, 1100, 1150]))
    }

    @Test func darkTheme() {
        var options = RenderOptions.snapshot
        options.theme = .dark
        assertStreamSnapshot(of: .file("Examples/ar-lease.md", network: .instant), options: options, frames: .final)
    }

    /// Typical LLM answers as GitHub renders their Markdown — numbered steps with continuation
    /// paragraphs, code and a nested list under items, a quote holding a list, a checklist, a
    /// table, links — in English and Arabic, on a phone and a tablet, light and dark.
    @Test(arguments: [("en-answer", 390.0, 1100.0, "light"), ("ar-answer", 390.0, 1100.0, "dark"),
                      ("ar-answer", 820.0, 1000.0, "light"), ("en-answer", 820.0, 1000.0, "dark")])
    func markdownAnswers(_ name: String, _ width: Double, _ height: Double, _ theme: String) {
        var options = RenderOptions.snapshot
        options.widthPt = width
        options.heightPt = height
        options.theme = Theme.named(theme)!
        let input = SnapshotInput.file("Examples/\(name).md", network: .instant)
        assertStreamSnapshot(of: input, options: options, frames: .final, named: "\(name)-\(Int(width))-\(theme)")
        assertStreamChecks(of: input, options: options)
    }

    /// The mixed-direction stress answer — an English item in an Arabic list, an English quote,
    /// a table of mixed cells, inline code and links in Arabic, code with Arabic comments, emoji,
    /// Hebrew with nikud and bold, long numbers, a Trojan-Source clause — on a phone, a small
    /// phone and a tablet.
    @Test(arguments: [(390.0, 1500.0, "light"), (375.0, 1600.0, "dark"), (820.0, 1100.0, "light")])
    func mixedDirectionStress(_ width: Double, _ height: Double, _ theme: String) {
        var options = RenderOptions.snapshot
        options.widthPt = width
        options.heightPt = height
        options.theme = Theme.named(theme)!
        let input = SnapshotInput.file("Examples/ar-mixed-stress.md", network: .instant)
        assertStreamSnapshot(of: input, options: options, frames: .final, named: "\(Int(width))-\(theme)")
        assertStreamChecks(of: input, options: options)
    }

    /// The notes' clients at the moments people look at (issue: the notes' clients, whole).
    static let clause = "يلتزم المستأجر بدفع الإيجار في موعده المحدد. "

    /// A clause a second for `seconds` seconds, then done when `done`.
    static func clauses(seconds: Int, done: Bool) -> Transcript {
        var events = (0..<seconds).map { StreamEvent(timeMs: Double($0) * 1000 + 400, kind: .delta(clause)) }
        if done { events.append(StreamEvent(timeMs: Double(seconds) * 1000, kind: .done)) }
        return Transcript(events: events)
    }

    static func clientOptions(_ client: ClientProfile, fps: Double = 10) -> RenderOptions {
        var options = RenderOptions.snapshot
        options.client = client
        options.fps = fps
        return options
    }

    /// 002: the reader scrolled up 400 pt while the draft streams below: the view stays where
    /// they are reading and "↓ New content" floats above the composer.
    @Test func theNewContentPillWhileReadingUp() {
        var options = Self.clientOptions(.reference, fps: 20)
        options.interactions = [ReaderAction(timeMs: 9000, kind: .scroll(byPt: -400))]
        assertStreamSnapshot(of: .file("Examples/ar-nda-draft.md"), options: options, frames: .times([9000, 11_000]),
                             named: "reader-scrolled-up")
    }

    /// 001: the single 30 s timeout, with the partial answer kept as if complete, and with no
    /// answer at all (the note's apology).
    @Test func thePollingClientsTimeout() {
        let options = Self.clientOptions(.lumePolling)
        assertStreamSnapshot(of: .transcript(Self.clauses(seconds: 40, done: true)), options: options, frames: .final, named: "partial")
        assertStreamSnapshot(of: .transcript(Transcript(events: [StreamEvent(timeMs: 35_000, kind: .done)])), options: options,
                             frames: .final, named: "empty")
    }

    /// 000: three failed reconnects end the answer with an error and "Resume".
    @Test func theMobileClientGivesUpWithResume() {
        var transcript = Self.clauses(seconds: 4, done: false)
        transcript.events.append(StreamEvent(timeMs: 4000, kind: .reconnect("attempt=1")))
        let options = Self.clientOptions(.haqqMobile)
        assertStreamSnapshot(of: .transcript(transcript), options: options, frames: .times([5000]), named: "reconnecting")
        assertStreamSnapshot(of: .transcript(transcript), options: options, frames: .final, named: "gave-up")
    }

    /// 000: "Stop generating" while streaming, then the answer as it stood when pressed.
    @Test func theMobileClientStops() {
        var options = Self.clientOptions(.haqqMobile)
        options.interactions = [ReaderAction(timeMs: 3000, kind: .stop)]
        assertStreamSnapshot(of: .transcript(Self.clauses(seconds: 8, done: true)), options: options, frames: .times([2500]),
                             named: "streaming")
        assertStreamSnapshot(of: .transcript(Self.clauses(seconds: 8, done: true)), options: options, frames: .final, named: "stopped")
    }

    /// 000: "Drafting clause 3 of 7…" on the seven-clause Arabic draft.
    @Test func theProgressOfASevenClauseDraft() {
        var options = Self.clientOptions(.haqqMobile, fps: 20)
        options.client.overlays.progress?.expectedClauses = 7
        assertStreamSnapshot(of: .file("Examples/ar-nda-draft.md"), options: options, frames: .times([10_000]), named: "clause-3")
    }

    /// A team's own client from its trace: the React Native client that mirrors textAlign right to
    /// the left in an RTL app, as it drew it (issue: consume a team's own client).
    @Test func aClientTrace() {
        assertStreamSnapshot(of: .file("Examples/traces/align-mirrored.jsonl"), frames: .final, named: "align-mirrored")
    }
}
