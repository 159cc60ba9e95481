import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Every stream ends one way, decided by the client's profile and recorded once: done, a
/// timeout (hard or idle), an error, or incomplete; each shown the way the profile's client
/// shows it. Asserted from the frames' scenes and the client's ending.
@Suite struct EndingTests {
    private static let clause = "يلتزم المستأجر بدفع الإيجار في موعده. "

    /// Runs `events` through `profile` at 10 frames a second (the timeouts are tens of seconds long).
    private func run(_ events: [StreamEvent], profile: ClientProfile) throws -> (scenes: [FrameScene], ending: Ending?) {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = profile
        let (scenes, loop) = try TestSupport.scenes(Transcript(events: events), options: options)
        return (scenes, loop.ending)
    }

    /// A clause a second for `seconds` seconds, then `done` if `done`.
    private func steady(seconds: Int, done: Bool) -> [StreamEvent] {
        var events = (0..<seconds).map { StreamEvent(timeMs: Double($0) * 1000 + 200, kind: .delta(Self.clause)) }
        if done { events.append(StreamEvent(timeMs: Double(seconds) * 1000, kind: .done)) }
        return events
    }

    private func noticeText(_ scene: FrameScene?) -> String? {
        scene?.blocks.first { $0.placed.layout.blockId == StrategyClient.noticeId }?.placed.layout.text
    }

    /// 001: one 30 s timeout from the request, never reset: a 40 s answer stops at 30 s, keeps
    /// what arrived by then as if complete (no notice), and shows nothing that came later.
    @Test func thePollingClientsTimeoutIsNeverReset() throws {
        let (scenes, ending) = try run(steady(seconds: 40, done: true), profile: .lumePolling)
        #expect(ending == Ending(kind: .timeout, timeMs: 30_000))
        let last = try #require(scenes.last)
        #expect(last.content.revealedChars == 30 * Self.clause.unicodeScalars.count)
        #expect(noticeText(last) == nil)
        #expect(last.content.allRevealed)
    }

    /// 001: nothing by the timeout: the note's apology instead of an answer, not an exit 1.
    @Test func thePollingClientApologisesForAnEmptyAnswer() throws {
        let (scenes, ending) = try run([StreamEvent(timeMs: 35_000, kind: .done)], profile: .lumePolling)
        #expect(ending?.kind == .timeout)
        #expect(noticeText(scenes.last) == "I'm having trouble responding right now. Please try again.")
    }

    /// 000: a capture that just stops is waited on until the 60 s hard timeout, then the partial
    /// answer keeps a notice offering a retry, in the app's language.
    @Test func theMobileClientWaitsSixtySecondsThenOffersRetry() throws {
        let (scenes, ending) = try run(steady(seconds: 5, done: false), profile: .haqqMobile.speaking(.arabic))
        #expect(ending == Ending(kind: .timeout, timeMs: 60_000))
        #expect((scenes.last?.content.timeMs ?? 0) >= 60_000)
        #expect(noticeText(scenes.last) == AppLanguage.arabic.timeoutNotice(afterText: true))
        // Until the timeout the answer is still streaming: the client has not given up yet.
        #expect(scenes.filter { $0.content.timeMs < 60_000 }.allSatisfy { !$0.content.streamEnded })
    }

    /// The reference's timeout is an idle one: a 70 s answer that keeps arriving ends with done;
    /// one that falls silent is ended 60 s after its last event.
    @Test func theReferenceTimesOutOnlyWhenTheStreamFallsSilent() throws {
        #expect(try run(steady(seconds: 70, done: true), profile: .reference).ending?.kind == .done)
        let silent = try run(steady(seconds: 3, done: false), profile: .reference)
        #expect(silent.ending == Ending(kind: .timeout, timeMs: 62_200))
    }

    /// 003 has no timeout: a stream that never says done is left as it stood at its last event.
    @Test func aClientWithoutATimeoutLeavesTheStreamIncomplete() throws {
        let (scenes, ending) = try run(steady(seconds: 3, done: false), profile: .swiftUI)
        #expect(ending == Ending(kind: .incomplete, timeMs: 2_200))
        #expect(noticeText(scenes.last) == nil)
    }

    @Test func anErrorIsAnErrorEnding() throws {
        let events = steady(seconds: 2, done: false) + [StreamEvent(timeMs: 2_500, kind: .error("overloaded"))]
        let (scenes, ending) = try run(events, profile: .reference)
        #expect(ending == Ending(kind: .error, timeMs: 2_500))
        // An app that names no language speaks English, whatever the answer's.
        #expect(noticeText(scenes.last) == AppLanguage.english.failureNotice("overloaded", afterText: true))
    }

    /// The manifest records the ending once, at its top level, with the client's name in its options.
    @Test func theManifestRecordsTheEnding() throws {
        var options = TestSupport.smallOptions()
        options.client = .lumePolling
        options.fps = 10
        let directory = TestSupport.temporaryDirectory("ending")
        let result = try RenderJob(
            input: .transcript(Transcript(events: steady(seconds: 2, done: true))), options: options,
            fontsDirectory: TestSupport.fontsDirectory
        ).render(to: directory)
        let manifest = try Manifest.read(from: directory + "/manifest.json")
        #expect(manifest.ending == Ending(kind: .done, timeMs: 2_000))
        #expect(manifest.options.client == .profile("lume-polling"))
        #expect(result.frameCount == manifest.frames.count)
    }

    /// A stream that ends before the space after its last word (a stop, a timeout, an error)
    /// ends there: the buffer that held the word for that space shows it, for nothing more will
    /// come to finish it. Whether «الإيجا» is a whole word or part of «الإيجار», no client can
    /// tell; dropping it would lose a word the stream sent (a reader of hidden renders judged a
    /// timeout's last word, «رسیدیں», held 5 s and then dropped, as lost text).
    @Test func aStreamCutAfterItsLastWordShowsIt() throws {
        let whole = "يلتزم المستأجر بدفع "
        for (arrived, kept) in [(whole + "الإيجا", whole + "الإيجا"), (whole + "الإيجار.", whole + "الإيجار.")] {
            var options = TestSupport.smallOptions()
            options.fps = 10
            options.interactions = [ReaderAction(timeMs: 1500, kind: .stop)]
            let (scenes, loop) = try TestSupport.scenes(Transcript(events: [StreamEvent(timeMs: 200, kind: .delta(arrived))]), options: options)
            #expect(loop.ending?.kind == .stopped)
            let last = try #require(scenes.last)
            #expect(
                last.content.revealedChars == kept.unicodeScalars.count && last.content.bufferedChars == 0 && last.content.allRevealed,
                "\(last.content.revealedChars) of \(arrived.unicodeScalars.count)")
        }
    }

}

/// The endings a connection brings: reconnects that all fail, a session revoked mid-stream.
@Suite struct ConnectionEndingTests {
    private static let clause = "يلتزم المستأجر بدفع الإيجار في موعده. "

    /// 000: three reconnects, 1 s apart, each given 2 s; when all fail the answer ends `gave-up`
    /// with an error under what was shown and "Resume".
    @Test func threeFailedReconnectsGiveUpWithResume() throws {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = .haqqMobile.speaking(.arabic)
        let events = [StreamEvent(timeMs: 200, kind: .delta(Self.clause)), StreamEvent(timeMs: 3000, kind: .reconnect("attempt=1"))]
        let (scenes, loop) = try TestSupport.scenes(Transcript(events: events), options: options)
        #expect(loop.ending == Ending(kind: .gaveUp, timeMs: 12_000))
        #expect(scenes.filter { $0.timeMs >= 3000 && $0.timeMs < 12_000 }.allSatisfy { $0.overlays.reconnecting })
        let last = try #require(scenes.last)
        let kinds = last.placedOverlays.map(\.overlay.kind)
        #expect(kinds == [.error, .retry])
        #expect(last.placedOverlays.map(\.overlay.text) == [AppLanguage.arabic.gaveUpNotice, AppLanguage.arabic.resume])
    }

    /// An error that comes while a table row waits for its columns to open: the row, the notice
    /// and its Retry show together, never the button alone (a reader saw "Retry" for 200 ms
    /// above no notice, the row «رسوم التوثيق | 250 | منصة» still held).
    @Test func theRetryButtonWaitsWithItsNotice() throws {
        var options = TestSupport.smallOptions()
        options.fps = 60
        let events = [
            StreamEvent(timeMs: 100, kind: .delta("| a | b |\n|---|---|\n| 9.1 | x |\n")),
            StreamEvent(timeMs: 900, kind: .delta("| 9.2 | cap is much wider than before |\n")),
            StreamEvent(timeMs: 950, kind: .error("overloaded"))
        ]
        let (scenes, loop) = try TestSupport.scenes(Transcript(events: events), options: options)
        #expect(loop.ending?.kind == .error)
        let kinds = scenes.map { Set($0.placedOverlays.map(\.overlay.kind)) }
        #expect(kinds.contains { $0.contains(.retry) }, "the error offers Retry")
        #expect(kinds.allSatisfy { !$0.contains(.retry) || $0.contains(.error) }, "Retry never stands without its notice")
    }

    /// 000: past a 500 ms round trip each attempt waits 3 s, not 1 s.
    @Test func aSlowLinkBacksOffThreeSeconds() {
        let policy = ReconnectPolicy()
        #expect(policy.backoff(rttMs: 300) == 1000 && policy.backoff(rttMs: 600) == 3000)
        #expect(policy.giveUpAfterMs(rttMs: 600) == 15_000 && policy.giveUpAfterMs(rttMs: nil) == 9000)
    }

    /// 000: a 401 mid-stream ends it `unauthorized`: the text stays, a notice says the session
    /// ended, and the button signs in.
    @Test func aRevokedSessionEndsUnauthorized() {
        let client = StrategyClient(profile: .reference.speaking(.arabic), frameMs: 100)
        var text = ArrivedText()
        text.append(Self.clause)
        text.ended = true
        let arrivals = Arrivals(
            text: text, firstArrivalMs: 0, errorMessage: "session revoked", isReconnecting: false,
            rewrittenFrom: nil, unauthorized: true)
        var content = client.decideContent(arrivals, at: 0)
        for frame in 1...40 where !content.allRevealed { content = client.decideContent(arrivals, at: Double(frame) * 100) }
        #expect(client.ending?.kind == .unauthorized)
        #expect(content.overlays.items.map(\.kind) == [.error, .retry])
        #expect(content.overlays.items.map(\.text) == [AppLanguage.arabic.unauthorizedNotice, AppLanguage.arabic.signIn])
    }
}
