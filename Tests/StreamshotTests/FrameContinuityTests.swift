import Testing

@testable import Streamshot
@testable import StreamshotModel

/// From one frame to the next while an answer streams, nothing blinks: no frame is emptier than
/// the one before, the caret stays, a block comes with its first text, and the newest line stays
/// clear of the bottom edge. Each rule is asserted on every frame of real renders' manifests.
@Suite struct FrameContinuityTests {
    /// Answers that open with a heading (its `# ` arrives before its first word) and hold lists,
    /// a quote, code, a table and a thematic break, each long enough to scroll a small phone.
    static let answers = ["ar-answer.md", "en-answer.md", "ar-lease.md"]

    private static func options() -> RenderOptions {
        var options = TestSupport.smallOptions()
        options.widthPt = 320
        options.heightPt = 568
        return options
    }

    /// Every frame of `name` streamed on a steady network, as the manifest records it.
    private func frames(_ name: String, options: RenderOptions = Self.options()) throws -> [Frame] {
        try TestSupport.scenes(TestSupport.transcript(TestSupport.example(name)), options: options).scenes
            .map { $0.manifestFrame(file: "") }
    }

    /// Everything that arrived is on screen and nothing more will come.
    private func allRevealed(_ frame: Frame) -> Bool { frame.ended && frame.bufferedChars == 0 }

    /// Something is drawn: the typing indicator or a block that is not fully transparent.
    private func showsSomething(_ frame: Frame) -> Bool {
        frame.typingIndicator || frame.blocks.contains { $0.opacity > 0 }
    }

    @Test(arguments: answers)
    func noFrameIsEmptierThanTheOneBeforeWhileStreaming(_ name: String) throws {
        let frames = try frames(name)
        #expect(frames.first?.typingIndicator == true)
        for (previous, frame) in zip(frames, frames.dropFirst()) where !allRevealed(frame) {
            #expect(showsSomething(frame), "\(name) frame \(frame.index) is blank after frame \(previous.index)")
            let before = Dictionary(uniqueKeysWithValues: previous.blocks.map { ($0.id, $0.opacity) })
            for block in frame.blocks {
                #expect(block.opacity >= (before[block.id] ?? 0), "\(name) frame \(frame.index): block \(block.id) fades back")
            }
        }
    }

    @Test(arguments: answers)
    func theCaretIsOnEveryFrameFromTheFirstTextUntilItIsAllRevealed(_ name: String) throws {
        let frames = try frames(name)
        let firstText = try #require(frames.firstIndex { !$0.blocks.isEmpty })
        for frame in frames[firstText...] where !allRevealed(frame) {
            let caret = try #require(frame.caret, "\(name) frame \(frame.index) has no caret")
            let block = frame.blocks.first { $0.id == caret.blockId }
            #expect((block?.opacity ?? 0) > 0, "\(name) frame \(frame.index): the caret's block \(caret.blockId) is not drawn")
        }
        #expect(frames.last?.caret == nil, "the caret leaves once everything is shown")
    }

    @Test(arguments: answers)
    func aBlockAppearsWithItsFirstText(_ name: String) throws {
        for frame in try frames(name) {
            for block in frame.blocks where block.kind != .thematicBreak {
                #expect(block.lines.contains { $0.width > 0 }, "\(name) frame \(frame.index): block \(block.id) (\(block.kind)) is shown empty")
            }
        }
    }

    @Test(arguments: answers)
    func pinnedContentKeepsTheBottomInsetAndNothingRunsPastTheEdge(_ name: String) throws {
        let options = Self.options()
        let frames = try frames(name, options: options)
        let height = Double(options.heightPx)
        let pinned = frames.filter { $0.pinned == true }
        #expect(!pinned.isEmpty, "\(name) outgrows the viewport")
        for frame in pinned {
            for block in frame.blocks {
                #expect(block.inkBottom <= height + 0.5, "\(name) frame \(frame.index): block \(block.id) is cut at the bottom edge")
            }
        }
        // At rest, the last line sits the theme's inset above the edge: the composer's space.
        let last = try #require(frames.last?.blocks.last)
        let inset = options.theme.bottomInset * options.scale
        #expect(abs(height - (last.top + last.height) - inset) < 0.5, "\(name): \(height - (last.top + last.height)) px below the last block")
    }

    /// The pinned view eases after each new line instead of jumping: no frame scrolls more than
    /// a third of the body's line pitch while the text streams (it jumped ~90% of a line when
    /// the lag allowed below the text was the pill's band, not the whole bottom inset).
    @Test(arguments: answers)
    func thePinnedViewEasesAfterNewLines(_ name: String) throws {
        let options = Self.options()
        let frames = try frames(name, options: options)
        let arabicPitch = options.theme.bodySize * 1.8 * options.scale
        for (previous, frame) in zip(frames, frames.dropFirst()) where !frame.reconnecting && frame.scroll > previous.scroll {
            // Eased by at most a third of a line a frame; snapping both ends to device pixels adds up to one.
            #expect(
                frame.scroll - previous.scroll <= arabicPitch / 3 + 1,
                "\(name) frame \(frame.index) scrolls \(frame.scroll - previous.scroll) px at once")
        }
    }

    /// A table of rows three lines tall (taller than the room below the text), on a steady
    /// network and in 3G's bursts.
    static let tallRows =
        "## جدول الدفعات\n\nفيما يلي جدول الدفعات المستحقة بموجب العقد.\n\n| البند | المبلغ | التاريخ | ملاحظات |\n|---|--:|---|---|\n"
        + (1...14).map { "| بند \($0) | \($0 * 1250) درهم | 2026-0\(1 + $0 % 9)-1\($0 % 10) | ملاحظة طويلة نسبياً عن البند رقم \($0) |\n" }.joined()
        + "\nانتهى الجدول.\n"

    /// A table row appears whole once its line is complete; the pinned view slides up to it at
    /// no more than a third of a line a frame, as it eases after a line, instead of jumping (it
    /// jumped by the row's height less the inset, 67 pt for a two-line row on a phone). While it
    /// slides the view is not at the content's end yet, and says so (`pinned` is false), then
    /// comes to rest at the end.
    @Test(arguments: [("steady", NetworkProfile.steady), ("3g", NetworkProfile.threeG)])
    func aStreamedTableNeverMovesThePinnedViewPastTheBound(_ network: (name: String, profile: NetworkProfile)) throws {
        let options = Self.options()
        let frames = try TestSupport.scenes(TestSupport.transcript(Self.tallRows, network: network.profile, seed: 2), options: options)
            .scenes.map { $0.manifestFrame(file: "") }
        let arabicPitch = options.theme.bodySize * 1.8 * options.scale
        var slid = 0
        // A flush on done shows the whole buffer at once by the client's own rule (000); more than
        // a screenful at once is shown at once, as a chat view scrolled to its end shows it.
        let flushes = { (previous: Frame, frame: Frame) in frame.ended && previous.bufferedChars > 0 && frame.bufferedChars == 0 }
        for (previous, frame) in zip(frames, frames.dropFirst()) where !frame.reconnecting && !flushes(previous, frame) {
            #expect(
                frame.scroll - previous.scroll <= arabicPitch / 3 + 1,
                "\(network.name) frame \(frame.index) scrolls \(frame.scroll - previous.scroll) px at once")
            if frame.pinned == false, frame.scroll > previous.scroll { slid += 1 }
        }
        #expect(slid > 0, "\(network.name): no row was taller than the room below the text")
        #expect(frames.last?.pinned == true)
    }
}
