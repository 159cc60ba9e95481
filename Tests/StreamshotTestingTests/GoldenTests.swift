import Foundation
import Streamshot
import StreamshotTesting
import Testing

/// Streamshot's own streaming visuals under golden-image test. CI runs with STREAMSHOT_RECORD=never;
/// re-record with `STREAMSHOT_RECORD=all swift test --filter GoldenTests`.
@Suite struct GoldenTests {
    static let arabic = "مدة هذا العقد سنة ميلادية واحدة تبدأ في 1 مارس 2026 وتنتهي في 28 فبراير 2027، وتتجدد تلقائيًا."
    static let english = "The notice period (30 days) runs from receipt, not from sending, and the draft should say so."

    /// `RenderSettings.snapshot` with the changes `configure` makes.
    static func settings(_ configure: (inout RenderSettings) -> Void) -> RenderSettings {
        var settings = RenderSettings.snapshot
        configure(&settings)
        return settings
    }

    /// textAlign x writingDirection, for Arabic and English: the final frame of each.
    @Test func alignmentMatrix() {
        for language in ["ar", "en"] {
            for align in TextAlign.allCases {
                for direction in ["auto", "ltr", "rtl"] {
                    assertStreamSnapshot(
                        of: .text(language == "ar" ? Self.arabic : Self.english),
                        arguments: "--network instant --size 390x150 --text-align \(align.rawValue) --writing-direction \(direction)",
                        frames: .final, named: "\(language)-\(align.rawValue)-\(direction)")
                }
            }
        }
    }

    /// An Arabic answer (heading, list, table, quote, code) across devices and text sizes, in the
    /// matrix form: each cell's final frame under its own name. Small phones and AX3 are where
    /// the 1.8x pitch, tables and the home indicator's band meet.
    @Test func arabicAnswerAcrossDevicesAndTextSizes() {
        assertStreamSnapshots(
            of: .file("Examples/ar-answer.md"),
            across: RenderMatrix(devices: [.iPhoneSE, .pixel7], textSizes: [.large, .accessibility3], scale: 1),
            options: Self.settings { $0.network = .instant }, frames: .final)
    }

    /// The bundled Arabic legal stream under each pacing, at the same moments.
    @Test(arguments: ["smooth", "batched", "raw"])
    func arabicLeaseUnderEachPacing(_ pacing: String) {
        assertStreamSnapshot(of: .file("Examples/ar-lease.sse"), arguments: "--pacing \(pacing)", frames: .times([1000, 2500, 5000]))
    }

    /// An English answer quoting an Arabic clause; an Arabic answer with a code block.
    @Test func mixedDocuments() {
        assertStreamSnapshot(of: .file("Examples/en-ar-mixed.md"), arguments: "--network instant", frames: .final, named: "en-quoting-ar")
        assertStreamSnapshot(of: .file("Examples/ar-code.md"), arguments: "--network instant", frames: .final, named: "ar-with-code")
    }

    /// A reasoning model's reply as the apps show it (issue 32): "Thinking… 3s" where the answer
    /// will start, the web search's status line, then the collapsed "Thought for 6s ›" above the
    /// answer; in an app laid out right to left, Arabic words from the right edge.
    @Test(arguments: [("en", "ltr"), ("ar", "rtl")])
    func reasoningAndToolActivity(_ language: String, _ layout: String) {
        assertStreamSnapshot(
            of: .file("Examples/providers/anthropic-thinking-\(language).sse"),
            arguments: "--size 390x200 --layout-direction \(layout)", frames: .times([3500, 5000, 6900]),
            named: "reasoning-\(language)")
    }

    /// A new block fading in: 0, 33, 67, 100 and 150 ms after it appears.
    @Test func fadeIn() {
        let transcript = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .delta("البند الأول: الأطراف.\n\n")),
            StreamEvent(timeMs: 1000, kind: .delta("البند الثاني: مدة العقد سنة واحدة.")),
            StreamEvent(timeMs: 1000, kind: .done)
        ])
        assertStreamSnapshot(
            of: .transcript(transcript), arguments: "--size 390x160 --pacing raw",
            frames: .times([1000, 1034, 1067, 1100, 1150]))
    }

    @Test func darkTheme() {
        assertStreamSnapshot(
            of: .file("Examples/ar-lease.md"),
            options: Self.settings {
                $0.theme = .dark
                $0.network = .instant
            },
            frames: .final)
    }

    /// Typical LLM answers as GitHub renders their Markdown — numbered steps with continuation
    /// paragraphs, code and a nested list under items, a quote holding a list, a checklist, a
    /// table, links — in English and Arabic, on a phone and a tablet, light and dark.
    @Test(arguments: [
        ("en-answer", "390x1100", "light"), ("ar-answer", "390x1100", "dark"),
        ("ar-answer", "820x1000", "light"), ("en-answer", "820x1000", "dark")
    ])
    func markdownAnswers(_ name: String, _ size: String, _ theme: String) {
        let input = SnapshotInput.file("Examples/\(name).md")
        let arguments = "--network instant --size \(size) --theme \(theme)"
        assertStreamSnapshot(of: input, arguments: arguments, frames: .final)
        assertStreamChecks(of: input, arguments: arguments)
    }

    /// The mixed-direction stress answer — an English item in an Arabic list, an English quote,
    /// a table of mixed cells, inline code and links in Arabic, code with Arabic comments, emoji,
    /// Hebrew with nikud and bold, long numbers, a Trojan-Source clause — on a phone, a small
    /// phone and a tablet.
    @Test(arguments: [("390x1500", "light"), ("375x1600", "dark"), ("820x1100", "light")])
    func mixedDirectionStress(_ size: String, _ theme: String) {
        let input = SnapshotInput.file("Examples/ar-mixed-stress.md")
        let arguments = "--network instant --size \(size) --theme \(theme)"
        assertStreamSnapshot(of: input, arguments: arguments, frames: .final)
        assertStreamChecks(of: input, arguments: arguments)
    }

    /// A Persian answer with GitHub's extras — footnotes, `<b>`, `<sup>`, `<br>` in a table cell,
    /// a warning alert, a five-column table wider than a phone — on a phone, a small phone at AX3
    /// (dark) and a tablet: final frames, and the phone mid-stream.
    static let extrasCells = [
        "phone": "--device iphone-14", "small-phone-AX3-dark": "--device iphone-se --text-size AX3 --theme dark",
        "tablet": "--device ipad-11", "phone-streaming": "--device iphone-14"
    ]

    @Test(arguments: ["phone", "small-phone-AX3-dark", "tablet", "phone-streaming"])
    func githubExtras(_ name: String) throws {
        let input = SnapshotInput.file("Examples/fa-github-extras.md")
        let arguments = try #require(Self.extrasCells[name])
        if name.hasSuffix("streaming") {
            assertStreamSnapshot(of: input, arguments: arguments, frames: .times([2500, 5000]))
        } else {
            assertStreamSnapshot(of: input, arguments: "--network instant " + arguments, frames: .final)
            assertStreamChecks(of: input, arguments: "--network instant " + arguments)
        }
    }

    /// A Hebrew answer with Swift and JSON, coloured as GitHub colours code (issue 48): right to
    /// left prose, left-to-right code lines whose Hebrew comments and strings read in place; on a
    /// phone, a small phone at AX3 in dark, and the phone mid-stream (a line being typed).
    @Test(arguments: ["phone", "small-phone-AX3-dark", "phone-streaming"])
    func hebrewCodeAnswer(_ name: String) throws {
        let input = SnapshotInput.file("Examples/he-code.md")
        let arguments = try #require(Self.extrasCells[name])
        if name.hasSuffix("streaming") {
            assertStreamSnapshot(of: input, arguments: arguments + " --network 3g --seed 2", frames: .times([2600, 3200]))
        } else {
            assertStreamSnapshot(of: input, arguments: "--network instant " + arguments, frames: .final)
            assertStreamChecks(of: input, arguments: "--network instant " + arguments)
        }
    }

    /// A Persian pro-rata rent answer with inline and display formulas (issue 48): formulas read
    /// left to right in their Persian lines, display ones centred (one wider than a phone fades at
    /// its edge); on a phone, a small phone at AX3 in dark, and the phone mid-stream, the frame
    /// before a display formula closes and the frame after.
    @Test(arguments: ["phone", "small-phone-AX3-dark", "phone-streaming"])
    func persianMathAnswer(_ name: String) throws {
        let input = SnapshotInput.file("Examples/fa-rent-math.md")
        let arguments = try #require(Self.extrasCells[name])
        if name.hasSuffix("streaming") {
            assertStreamSnapshot(of: input, arguments: arguments, frames: .times([2500, 2700]))
        } else {
            assertStreamSnapshot(of: input, arguments: "--network instant " + arguments, frames: .final)
            assertStreamChecks(of: input, arguments: "--network instant " + arguments)
        }
    }

    /// An Arabic legal answer from Claude (issue 49): 4 s of thinking whose text streams (its
    /// latest sentence under "Thinking…"), a web search, then five citations of four sources —
    /// numbered chips after the cited sentences and a Sources list under the answer, a "Thought
    /// for" row above it; on a phone, a small phone at AX3 in dark, the phone mid-stream (thinking,
    /// searching, the chips coming), and with the reasoning opened by the reader's tap.
    @Test(arguments: ["phone", "small-phone-AX3-dark", "phone-streaming", "phone-reasoning-open"])
    func arabicCitedAnswer(_ name: String) throws {
        let input = SnapshotInput.file("Examples/citations/anthropic-research-ar.sse")
        let arguments = (Self.extrasCells[name] ?? Self.extrasCells["phone"]!) + " --app-language ar"
        switch name {
        case "phone-streaming":
            assertStreamSnapshot(of: input, arguments: arguments, frames: .times([2500, 5500, 8200]))
        case "phone-reasoning-open":
            let opened = arguments + " --interaction expand@11s:reasoning"
            assertStreamSnapshot(of: input, arguments: opened, frames: .final)
            assertStreamChecks(of: input, arguments: opened)
        default:
            assertStreamSnapshot(of: input, arguments: arguments, frames: .final)
            assertStreamChecks(of: input, arguments: arguments)
        }
    }

    /// Claude searching in the middle of an Arabic answer (issue 49): the first paragraph, the
    /// sentence saying what it will look up, then the search's card in the flow — running with
    /// its seconds, then done with its sources and query — and the cited text after it; on a
    /// phone and on a small phone at AX3 in dark; `check` passes both.
    @Test(arguments: ["phone-streaming", "small-phone-AX3-dark"])
    func arabicSearchInTheAnswer(_ name: String) throws {
        let input = SnapshotInput.file("Examples/citations/anthropic-search-midway-ar.sse")
        let arguments = try #require(Self.extrasCells[name]) + " --app-language ar"
        // While the search runs, and once the text after it has come.
        assertStreamSnapshot(of: input, arguments: arguments, frames: .times(name.hasSuffix("streaming") ? [3000, 4400] : [2500, 5000]))
        assertStreamChecks(of: input, arguments: arguments)
    }

    /// An Arabic lease's plan and seal drawn from the team's PNGs (issue 49, `--image`): the plan
    /// wider than the column and shrunk to fit it, the seal at its own size on the start edge, the
    /// title deed among words left as its alt text; on a phone, a small phone at AX3 in dark, a
    /// tablet, and the phone as the plan fades in.
    @Test(arguments: ["phone", "small-phone-AX3-dark", "tablet", "phone-streaming"])
    func arabicLeasePlanWithPictures(_ name: String) throws {
        let input = SnapshotInput.file("Examples/pictures/ar-lease-plan.md")
        let pictures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/pictures").path
        let arguments = try #require(Self.extrasCells[name]) + " --image " + pictures
        if name.hasSuffix("streaming") {
            assertStreamSnapshot(of: input, arguments: arguments, frames: .times([2050, 2250]))
        } else {
            assertStreamSnapshot(of: input, arguments: "--network instant " + arguments, frames: .final)
            assertStreamChecks(of: input, arguments: "--network instant " + arguments)
        }
    }

    /// The notes' clients at the moments people look at (issue: the notes' clients, whole).
    static let clause = "يلتزم المستأجر بدفع الإيجار في موعده المحدد. "

    /// A clause a second for `seconds` seconds, then done when `done`.
    static func clauses(seconds: Int, done: Bool) -> Transcript {
        var events = (0..<seconds).map { StreamEvent(timeMs: Double($0) * 1000 + 400, kind: .delta(clause)) }
        if done { events.append(StreamEvent(timeMs: Double(seconds) * 1000, kind: .done)) }
        return Transcript(events: events)
    }

    /// 002: the reader scrolled up 400 pt while the draft streams below: the view stays where
    /// they are reading and "↓ New content" floats above the composer.
    @Test func theNewContentPillWhileReadingUp() {
        assertStreamSnapshot(
            of: .file("Examples/ar-nda-draft.md"), arguments: "--client reference --fps 20 --interaction scroll@9s:-400",
            frames: .times([9000, 11_000]))
    }

    /// 001: the single 30 s timeout, with the partial answer kept as if complete, and with no
    /// answer at all (the note's apology).
    @Test func thePollingClientsTimeout() {
        let arguments = "--client lume-polling --fps 10"
        assertStreamSnapshot(of: .transcript(Self.clauses(seconds: 40, done: true)), arguments: arguments, frames: .final, named: "partial")
        assertStreamSnapshot(
            of: .transcript(Transcript(events: [StreamEvent(timeMs: 35_000, kind: .done)])), arguments: arguments,
            frames: .final, named: "empty")
    }

    /// 000: three failed reconnects end the answer with an error and "Resume".
    @Test func theMobileClientGivesUpWithResume() {
        var transcript = Self.clauses(seconds: 4, done: false)
        transcript.events.append(StreamEvent(timeMs: 4000, kind: .reconnect("attempt=1")))
        assertStreamSnapshot(of: .transcript(transcript), arguments: "--client haqq-mobile --fps 10", frames: .times([5000]))
    }

    /// 000: "Stop generating" while streaming, then the answer as it stood when pressed.
    @Test func theMobileClientStops() {
        assertStreamSnapshot(
            of: .transcript(Self.clauses(seconds: 8, done: true)), arguments: "--client haqq-mobile --fps 10 --interaction stop@3s",
            frames: .times([2500]))
    }

    /// 000: "Drafting clause 3 of 7…" on the seven-clause Arabic draft.
    @Test func theProgressOfASevenClauseDraft() {
        assertStreamSnapshot(
            of: .file("Examples/ar-nda-draft.md"), arguments: "--client haqq-mobile --app-language ar --fps 20 --draft-clauses 7",
            frames: .times([10_000]))
    }

    /// A team's own client from its trace: the React Native client that mirrors textAlign right to
    /// the left in an RTL app, as it drew it (issue: consume a team's own client).
    @Test func aClientTrace() {
        assertStreamSnapshot(of: .file("Examples/traces/align-mirrored.jsonl"), frames: .final)
    }
}
