import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// The moments issue 11's clients get wrong — a reader scrolled up, leaving the app, a stream that
/// ends badly or never ends — each with a detector that fires on the client that breaks its rule
/// and passes the profile that keeps it. Small renders at 10 fps with no PNG encoding: the
/// timeouts are tens of seconds long, and only the manifest is read.
@Suite struct ClientMomentDetectorTests {
    /// A paragraph every 500 ms from 200 ms, then `done` after the last one if `done`.
    static func paragraphs(_ count: Int, done: Bool = true) -> [StreamEvent] {
        var events = (0..<count).map { index in
            StreamEvent(
                timeMs: 200 + 500 * Double(index),
                kind: .delta("Paragraph \(index + 1) says enough words to wrap onto a second line here.\n\n"))
        }
        if done { events.append(StreamEvent(timeMs: 200 + 500 * Double(count), kind: .done)) }
        return events
    }

    static func options(_ client: ClientProfile, _ interactions: [ReaderAction] = []) -> RenderOptions {
        var options = Fixtures.smallOptions()
        options.heightPt = 300
        options.fps = 10
        options.encodesFrames = false
        options.client = client
        options.interactions = interactions
        return options
    }

    static func render(_ events: [StreamEvent], _ client: ClientProfile, _ interactions: [ReaderAction] = []) throws -> Manifest {
        try RenderJob(
            input: .transcript(Transcript(events: events)), options: options(client, interactions),
            fontsDirectory: Fixtures.fontsDirectory
        ).render { _, _ in }
    }

    static func result(_ manifest: Manifest, _ detector: Detector, thresholds: CheckThresholds = CheckThresholds())
        -> CheckReport.DetectorResult
    {
        Detector.check(manifest, thresholds: thresholds).detectors.first { $0.name == detector.name }!
    }

    static func frame(atMs timeMs: Double, in manifest: Manifest) throws -> Frame {
        try #require(manifest.frames.first { abs($0.timeMs - timeMs) < 0.01 })
    }

    // MARK: scroll-hijack

    /// The reader drags up 400 pt at 5 s, while paragraphs keep arriving every 500 ms.
    static let scrollUp = [ReaderAction(timeMs: 5000, kind: .scroll(byPt: -400))]

    /// shared/seeds/003's `onChange` scrolls to the bottom on every change: the next paragraph
    /// (5.2 s) pins the view again, and its eased scroll moves the reader on the frame after.
    @Test func theSwiftUIClientScrollsAReaderWhoScrolledUp() throws {
        let manifest = try Self.render(Self.paragraphs(20), .swiftUI, Self.scrollUp)
        let scrolled = try Self.frame(atMs: 5000, in: manifest)
        #expect(scrolled.pinned == false, "the drag must leave the view unpinned for the test to mean anything")
        let hijack = Self.result(manifest, .scrollHijack)
        #expect(!hijack.passed)
        #expect(hijack.findings.count == 1)
        let finding = try #require(hijack.findings.first)
        #expect(finding.kind == .scrollHijack)
        #expect(finding.frameIndex == 53)
        #expect(finding.timeMs == 5300)
        #expect((finding.values["dy"] ?? 0) > 0)
        // With no reader there is no one to hijack: `pinned` alone never makes a finding.
        var readerless = manifest
        readerless.interactions = nil
        #expect(Self.result(readerless, .scrollHijack).passed)
    }

    /// The profiles that leave the reader where they are pass with the same drag, and with a tap
    /// on the pill later (the reader's own smooth scroll to the bottom is theirs, not a hijack).
    @Test(arguments: [ClientProfile.reference, .cloude, .haqqMobile])
    func aClientThatRespectsTheReaderPasses(_ client: ClientProfile) throws {
        let actions = Self.scrollUp + [ReaderAction(timeMs: 7000, kind: .tapNewContent)]
        let manifest = try Self.render(Self.paragraphs(20), client, actions)
        #expect(try Self.frame(atMs: 6000, in: manifest).pinned == false)
        #expect(try Self.frame(atMs: 6000, in: manifest).scroll == Self.frame(atMs: 5000, in: manifest).scroll)
        let hijack = Self.result(manifest, .scrollHijack)
        #expect(hijack.passed, "\(hijack.findings.map(\.message))")
        // Nor is the reader's own scroll a layout shift: blocks that scroll into view are not the
        // ones of the same kind that scrolled out (only a rewrite replaces blocks).
        let shift = Self.result(manifest, .layoutShift)
        #expect(shift.passed && shift.findings.isEmpty, "\(shift.findings.map(\.message))")
    }

    // MARK: lost-text

    /// Leaving the app and the conversation and coming back: every profile drops nothing and
    /// shows everything by the end.
    static let awayAndBack = [
        ReaderAction(timeMs: 1500, kind: .background), ReaderAction(timeMs: 3000, kind: .foreground),
        ReaderAction(timeMs: 4000, kind: .switchAway), ReaderAction(timeMs: 5500, kind: .switchBack)
    ]

    @Test(arguments: ClientProfile.builtin)
    func everyProfileShowsWhatArrivedAcrossBackgroundAndSwitches(_ client: ClientProfile) throws {
        let manifest = try Self.render(Self.paragraphs(12), client, Self.awayAndBack)
        #expect(manifest.frames.contains { $0.app == .background } && manifest.frames.contains { $0.app == .away })
        let lost = Self.result(manifest, .lostText)
        #expect(lost.passed, "\(client.name): \(lost.findings.map(\.message))")
        // Off screen nothing is revealed, and coming back shows what waited at once: neither is
        // a stall or a burst (at 10 fps the smooth pacing's ordinary frames are bursts; only the
        // frames away and the first frames back are asserted here).
        let offScreen = [1500.0...3000, 4000...5500]
        let cadence = Self.result(manifest, .revealCadence).findings.filter { finding in
            (finding.kind == .stall || finding.kind == .burst) && offScreen.contains { $0.contains(finding.timeMs) }
        }
        #expect(cadence.isEmpty, "\(client.name): \(cadence.map { "\($0.timeMs) ms: \($0.message)" })")
    }

    /// A stream the client times out (reference: notice; 001: kept as if complete) still shows
    /// every character that arrived before the timeout.
    @Test(arguments: [ClientProfile.reference, .lumePolling, .haqqMobile, .swiftUI])
    func aTimedOutStreamShowsWhatArrived(_ client: ClientProfile) throws {
        let manifest = try Self.render(Self.paragraphs(6, done: false), client)
        #expect(manifest.ending?.kind != .done)
        #expect(Self.result(manifest, .lostText).passed)
    }

    /// A client that drops its display buffer when the stream ends (it stops revealing at `done`,
    /// so what was still waiting is never drawn). No profile is that broken, so the test writes
    /// its manifest as that client would: a real render's, with the reveal held from the ending's
    /// frame on where it stood the frame before (the reference shows the rest at once at `done`).
    @Test func textStillBufferedAtTheEndingMustBeShown() throws {
        let events = [
            StreamEvent(timeMs: 100, kind: .delta(String(repeating: "Forty characters of text arrive at once. ", count: 8))),
            StreamEvent(timeMs: 200, kind: .done)
        ]
        var manifest = try Self.render(events, .reference)
        #expect(Self.result(manifest, .lostText).passed)
        let endingFrame = try #require(manifest.frameAtEnding)
        let held = manifest.frames[endingFrame.index - 1].revealedChars
        let arrived = endingFrame.revealedChars + endingFrame.bufferedChars
        #expect(held < arrived, "the test needs text waiting when the stream ends")
        for index in endingFrame.index..<manifest.frames.count {
            manifest.frames[index].revealedChars = held
            manifest.frames[index].bufferedChars = arrived - held
        }
        let lost = Self.result(manifest, .lostText)
        #expect(!lost.passed)
        let finding = try #require(lost.findings.first)
        #expect(finding.kind == .textNeverShown)
        #expect(finding.frameIndex == manifest.frames.count - 1)
        #expect(finding.timeMs == manifest.frames.last?.timeMs)
        #expect(finding.values["arrived"] == Double(arrived))
        #expect(finding.values["revealed"] == Double(held))
    }

    /// A stream cut after a word but before its space (a timeout here): the reference shows the
    /// word it held for that space, and `reveal-cadence` does not call the stream's own cut a
    /// partial word. A client that empties its buffer as it ends (the word held, then dropped on
    /// the ending's frame) loses it: the test writes that client's manifest from the real one.
    @Test func aWordHeldForItsSpaceIsShownWhenTheStreamIsCut() throws {
        let before = "يلتزم المستأجر بدفع الإيجار في موعده ويقدم "
        let events = [StreamEvent(timeMs: 100, kind: .delta(before + "رسیدیں"))]
        var client = ClientProfile.reference
        client.ending.timeoutMs = 3000
        var manifest = try Self.render(events, client)
        #expect(manifest.ending?.kind == .timeout)
        let all = (before + "رسیدیں").unicodeScalars.count
        #expect(manifest.frames.last?.revealedChars == all)
        #expect(Self.result(manifest, .lostText).passed)
        let cadence = Self.result(manifest, .revealCadence)
        #expect(!cadence.findings.contains { $0.kind == .partialWord }, "\(cadence.findings.map(\.message))")

        let endingFrame = try #require(manifest.frameAtEnding)
        #expect(manifest.frames[endingFrame.index - 1].revealedChars + manifest.frames[endingFrame.index - 1].bufferedChars == all)
        for index in endingFrame.index..<manifest.frames.count {
            manifest.frames[index].revealedChars = min(manifest.frames[index].revealedChars, before.unicodeScalars.count)
            manifest.frames[index].bufferedChars = 0
            manifest.frames[index].pendingChars = 0
        }
        let lost = Self.result(manifest, .lostText)
        let finding = try #require(lost.findings.first)
        #expect(!lost.passed && finding.kind == .textNeverShown)
        #expect(finding.values["arrived"] == Double(all) && finding.values["revealed"] == Double(before.unicodeScalars.count))
    }

    /// A client that, on coming back to the foreground, replays its buffer from the start instead
    /// of from where it was (shared/seeds/000: "replay from buffer, drop nothing") shows less than
    /// before it left. The test writes its manifest from a real render's: from the first frame
    /// in the foreground, the reveal restarts at zero and catches up by 40 characters a frame.
    @Test func textShownBeforeTheBackgroundMustBeThereAfter() throws {
        var manifest = try Self.render(Self.paragraphs(12), .reference, Array(Self.awayAndBack.prefix(2)))
        let back = try Self.frame(atMs: 3000, in: manifest)
        let before = manifest.frames[back.index - 1]
        #expect(before.app == .background && back.app == nil && before.revealedChars > 0)
        for index in back.index..<manifest.frames.count {
            let replayed = min(manifest.frames[index].revealedChars, 40 * (index - back.index))
            manifest.frames[index].bufferedChars += manifest.frames[index].revealedChars - replayed
            manifest.frames[index].revealedChars = replayed
        }
        let dropped = Self.result(manifest, .lostText).findings.filter { $0.kind == .textDropped }
        #expect(dropped.count == 1)
        #expect(dropped.first?.frameIndex == back.index)
        #expect(dropped.first?.timeMs == 3000)
        // A rewrite between is the stream's own doing, not the client's.
        manifest.warnings.append(RenderWarning(kind: .rewrite, message: "snapshot rewrote the text", timeMs: 2000))
        #expect(Self.result(manifest, .lostText).findings.allSatisfy { $0.kind != .textDropped })
    }

    /// A reconnect mid-answer: the reference keeps what the reader had read through the band; a
    /// client that starts its text anew from what came after the drop (the manifest written so
    /// from the reference's) has lost it. A stream's own rewrite excuses the drop; a trace's does not.
    @Test func textShownBeforeAReconnectMustBeThereAfter() throws {
        var events = Self.paragraphs(12)
        events.insert(StreamEvent(timeMs: 2300, kind: .reconnect("connection reset")), at: 5)
        var manifest = try Self.render(events, .reference)
        #expect(Self.result(manifest, .lostText).findings.isEmpty, "the reference keeps its text")
        let band = manifest.frames.indices.filter { manifest.frames[$0].reconnecting }
        let first = try #require(band.first)
        let last = try #require(band.last)
        let kept = manifest.frames[first - 1].revealedChars
        #expect(kept > 0)
        for index in (last + 1)..<manifest.frames.count {
            manifest.frames[index].revealedChars -= min(kept, manifest.frames[index].revealedChars)
        }
        let dropped = Self.result(manifest, .lostText).findings.filter { $0.kind == .textDropped }
        #expect(dropped.map(\.frameIndex) == [last + 1], "\(dropped.map(\.message))")
        manifest.warnings.append(RenderWarning(kind: .rewrite, message: "snapshot rewrote the text", timeMs: manifest.frames[last].timeMs))
        #expect(Self.result(manifest, .lostText).findings.allSatisfy { $0.kind != .textDropped }, "the stream rewrote it")
        manifest.options.client = .trace
        #expect(Self.result(manifest, .lostText).findings.contains { $0.kind == .textDropped }, "a trace's rewrite is the client's own")
    }

    // MARK: silent-ending

    /// Partial text, then silence: shared/seeds/001 keeps the text at its 30 s timeout as if it
    /// were complete — no notice, no retry — by the note's own rule; the detector says so.
    @Test func thePollingClientsTimeoutWithPartialTextIsSilent() throws {
        let manifest = try Self.render(Self.paragraphs(4, done: false), .lumePolling)
        #expect(manifest.ending == Ending(kind: .timeout, timeMs: 30_000))
        let silent = Self.result(manifest, .silentEnding)
        #expect(!silent.passed)
        let finding = try #require(silent.findings.first)
        #expect(finding.kind == .silentEnding)
        #expect(finding.frameIndex == manifest.frames.count - 1)
        #expect(finding.timeMs == manifest.frames.last?.timeMs)
        #expect(finding.timeMs >= 30_000)
        #expect(finding.message.contains("timeout at 30000 ms"))
    }

    /// The reference times the same stream out with a notice and "Tap to retry".
    @Test func theReferenceSaysTheStreamTimedOut() throws {
        let manifest = try Self.render(Self.paragraphs(4, done: false), .reference)
        #expect(manifest.ending?.kind == .timeout)
        let kinds = Set((manifest.frames.last?.overlays ?? []).map(\.kind))
        #expect(kinds.contains(.error) && kinds.contains(.retry))
        #expect(Self.result(manifest, .silentEnding).passed)
    }

    /// 001 with no text at all does say something: the note's apology, as the error notice.
    @Test func thePollingClientsEmptyAnswerIsNotSilent() throws {
        let manifest = try Self.render([StreamEvent(timeMs: 35_000, kind: .done)], .lumePolling)
        #expect(manifest.ending?.kind == .timeout)
        #expect(Self.result(manifest, .silentEnding).passed)
    }

    // MARK: hung

    /// An SSE capture that never says done: three deltas, then the connection just stops.
    static let captureWithoutDone = """
        : t=200
        data: {"type": "delta", "content": "The capture starts well "}

        : t=700
        data: {"type": "delta", "content": "and then simply stops, "}

        : t=1200
        data: {"type": "delta", "content": "with no done event."}


        """

    static func renderCapture(_ client: ClientProfile) throws -> Manifest {
        let directory = Fixtures.temporaryDirectory("hung")
        let path = directory + "/capture.sse"
        try Self.captureWithoutDone.write(toFile: path, atomically: true, encoding: .utf8)
        return try RenderJob(input: .file(path), options: options(client), fontsDirectory: Fixtures.fontsDirectory).render { _, _ in }
    }

    /// shared/seeds/003 has no timeout: the stream is left as it stood at its last event.
    @Test func theSwiftUIClientLeavesAStreamWithoutDoneHanging() throws {
        let manifest = try Self.renderCapture(.swiftUI)
        #expect(manifest.options.timeoutRecorded && manifest.options.timeout == nil)
        let hung = Self.result(manifest, .hung)
        #expect(!hung.passed)
        let finding = try #require(hung.findings.first)
        #expect(finding.kind == .leftIncomplete)
        #expect(finding.timeMs == 1200)
        #expect(finding.frameIndex == 12)
    }

    /// The reference ends the same capture 60 s after its last event, with a notice.
    @Test func theReferenceTimesTheCaptureOut() throws {
        let manifest = try Self.renderCapture(.reference)
        #expect(manifest.ending == Ending(kind: .timeout, timeMs: 61_200))
        #expect(Self.result(manifest, .hung).passed)
        #expect(Self.result(manifest, .silentEnding).passed)
    }

    /// A client that ignores its own 60 s idle timeout keeps the answer streaming after it: not
    /// ended, the caret up, the last word (no space after it yet) still held back. No profile does,
    /// so the test writes its manifest as that client would: the reference's render of the
    /// capture, with every frame from the timeout on as the frame before it.
    static func streamingPastTheTimeout() throws -> Manifest {
        var manifest = try renderCapture(.reference)
        let timedOut = try #require(manifest.frameAtEnding)
        let before = manifest.frames[timedOut.index - 1]
        #expect(!before.ended && before.caret != nil)
        for index in timedOut.index..<manifest.frames.count {
            let (frameIndex, timeMs, file) = (manifest.frames[index].index, manifest.frames[index].timeMs, manifest.frames[index].file)
            manifest.frames[index] = before
            (manifest.frames[index].index, manifest.frames[index].timeMs, manifest.frames[index].file) = (frameIndex, timeMs, file)
        }
        manifest.ending = nil
        return manifest
    }

    @Test func streamingPastTheTimeoutIsAHang() throws {
        let manifest = try Self.streamingPastTheTimeout()
        let hung = Self.result(manifest, .hung)
        #expect(!hung.passed)
        let finding = try #require(hung.findings.first)
        #expect(hung.findings.count == 1)
        #expect(finding.kind == .stillStreaming)
        // The text last changed at 1.2 s: the first frame more than 60 s after it.
        #expect(finding.timeMs == 61_300)
        #expect(finding.frameIndex == 613)
        #expect(finding.message.contains("not ended, caret"))
    }

    /// With no timeout of its own, a client is held to `hungMs` (60 s by default, `--hung-ms`).
    @Test func aClientWithoutATimeoutIsHeldToHungMs() throws {
        var manifest = try Self.streamingPastTheTimeout()
        manifest.options.timeout = nil
        #expect(Self.result(manifest, .hung).findings.first?.timeMs == 61_300)
        var thresholds = CheckThresholds()
        thresholds.hungMs = 10_000
        let finding = try #require(Self.result(manifest, .hung, thresholds: thresholds).findings.first)
        #expect(finding.kind == .stillStreaming)
        #expect(finding.timeMs == 11_300)
        #expect(finding.values["limitMs"] == 10_000)
    }
}

extension Manifest {
    /// The first frame at or after the ending's time (the client ends a stream on a frame).
    var frameAtEnding: Frame? {
        guard let ending else { return nil }
        return frames.first { $0.timeMs >= ending.timeMs - 0.01 }
    }
}
