import Foundation

/// Runs the pipeline up to layout on the virtual frame clock: network events in, display
/// buffer, blocks, directions, layout, scroll and fades out, one `FrameScene` per frame.
/// Nothing here reads the wall clock.
final class FrameSimulator {
    let options: RenderOptions
    private var playback: StreamPlayback
    private var pacingState = PacingState()
    private var parser = BlockParser()
    private let document: DocumentLayout
    private(set) var responseDirection: WritingDirection?
    private var revealed = 0
    private var scroll = 0.0
    private var frameIndex = 0
    private var settledSinceMs: Double?
    private var parsedRevealed = -1

    /// Set when profiling.
    var timer: StageTimer?

    init(transcript: Transcript, options: RenderOptions, layouter: BlockLayouter) {
        self.options = options
        playback = StreamPlayback(transcript)
        document = DocumentLayout(layouter: layouter, policy: options.direction)
    }

    var warnings: [RenderWarning] { playback.warnings }
    /// Everything that arrived so far.
    var arrivedText: String { String(String.UnicodeScalarView(playback.text.scalars)) }
    var placedBlocks: [PlacedBlock] { document.placed }
    /// Every block ever shown, in document order (ids grow down the document; the notice, -1, last).
    var shownBlocks: [PlacedBlock] {
        document.everShown.values.sorted { ($0.layout.blockId < 0 ? Int.max : $0.layout.blockId) < ($1.layout.blockId < 0 ? Int.max : $1.layout.blockId) }
    }

    /// The next frame, or nil once the render is over (everything settled, then `holdMs`).
    func nextFrame() throws -> FrameScene? {
        let timeMs = Double(frameIndex) * options.frameMs
        if let settled = settledSinceMs, timeMs - settled > options.holdMs { return nil }

        if let rewrite = timer.measure("input", { playback.advance(to: timeMs) }) {
            revealed = min(revealed, rewrite)
            parser.rewind(to: rewrite)
            document.textWasRewritten()
            parsedRevealed = -1
        }
        let text = playback.text
        if let message = playback.errorMessage, text.count == 0 {
            // What a client shows when the stream failed before any text arrived.
            document.noticeText = "Error: " + message
        }
        if options.direction.lock == .none {
            // The bug on purpose: no waiting, and the direction follows whatever is shown.
            responseDirection = options.direction.naiveDirection(of: text.scalars[..<revealed])
        } else if responseDirection == nil {
            let waited = playback.firstArrivalMs.map { timeMs - $0 } ?? 0
            responseDirection = options.direction.responseDirection(arrived: text.scalars[...], waitedMs: waited, ended: text.ended)
        }
        if let response = responseDirection {
            let input = PacingInput(text: text, revealed: revealed, timeMs: timeMs, frameMs: options.frameMs)
            let step = timer.measure("pacing") { options.pacing.step(&pacingState, input) }
            revealed = max(revealed, min(text.count, step))
            let allShown = text.ended && revealed == text.count
            if options.naiveRelayout {
                // The baseline the benchmarks compare against: everything from scratch, every frame.
                parser = BlockParser()
                document.textWasRewritten()
                document.forgetLayouts()
                parsedRevealed = -1
            }
            if revealed != parsedRevealed || allShown {
                timer.measure("parse") { parser.update(text.scalars[..<revealed], ended: allShown) }
                parsedRevealed = revealed
            }
            try timer.measure("layout") { try document.sync(with: parser, arrived: text, response: response, timeMs: timeMs) }
        }

        let viewport = Double(options.heightPx)
        let target = max(0, document.contentBottom + document.topPadding - viewport)
        scroll = Self.easedScroll(from: scroll, to: target, frameMs: options.frameMs, easeMs: options.scrollEaseMs)
        let range = document.visibleRange(top: scroll, bottom: scroll + viewport)
        var fading = false
        let visible = range.map { index -> FrameScene.VisibleBlock in
            let placed = document.placed[index]
            let opacity = easeOutCubic((timeMs - placed.decision.shownAtMs) / options.fadeMs)
            if opacity < 1 { fading = true }
            return FrameScene.VisibleBlock(placed: placed, opacity: opacity)
        }
        let allRevealed = text.ended && revealed == text.count
        let streaming = !allRevealed && revealed > 0
        let scene = FrameScene(
            index: frameIndex, timeMs: timeMs, scroll: scroll, blocks: visible,
            caretBlockId: streaming ? document.placed.last?.layout.blockId : nil,
            showsTypingIndicator: revealed == 0 && !text.ended,
            isReconnecting: playback.isReconnecting && !text.ended,
            revealedChars: revealed, bufferedChars: text.count - revealed,
            pendingChars: text.lastBoundary(atOrBefore: text.count, notBefore: revealed) - revealed,
            responseDirection: responseDirection, streamEnded: text.ended,
            isSettled: allRevealed && !fading && scroll == target)
        if scene.isSettled {
            if settledSinceMs == nil { settledSinceMs = timeMs }
        } else {
            settledSinceMs = nil
        }
        frameIndex += 1
        return scene
    }

    /// Eases the scroll toward the pinned-to-bottom target; snaps when within a quarter pixel,
    /// so a settled view is exactly still.
    static func easedScroll(from current: Double, to target: Double, frameMs: Double, easeMs: Double) -> Double {
        if target < current { return target }
        let next = current + (target - current) * (1 - exp(-frameMs / easeMs))
        return abs(target - next) < 0.25 ? target : next
    }
}
