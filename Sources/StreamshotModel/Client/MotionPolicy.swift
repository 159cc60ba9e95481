import Foundation

/// How a client moves things: new blocks fading in, the view pinned to the bottom, and how long
/// the final state stays on screen.
public struct MotionPolicy: Sendable {
    /// How long a new block takes to fade in (ease-out cubic).
    public var fadeMs: Double
    /// Time constant of the pinned scroll's easing.
    public var scrollEaseMs: Double
    /// Frames kept after everything has settled, so the final state is visible.
    public var holdMs: Double
    /// Fades ease in (slow, then fast) rather than out (shared/seeds/002: `.easeIn(duration: 0.1)`).
    public var fadeEasesIn: Bool
    /// How long the smooth scroll to the bottom takes when the reader asks for it (the pill, send).
    public var smoothScrollMs: Double
    /// How near the bottom the view counts as at it, in points (shared/seeds/002: ~50 pt).
    public var pinTolerancePt: Double
    /// A blinking caret's period (on half, off half); nil: a steady caret.
    public var caretBlinkMs: Double?
    /// The view stays where a reader who scrolled up left it; false: every change scrolls to the
    /// bottom, reader or not (shared/seeds/003's `onChange { proxy.scrollTo(..., anchor: .bottom) }`).
    public var respectsReader: Bool

    public init(
        fadeMs: Double = 150, scrollEaseMs: Double = 100, holdMs: Double = 250, fadeEasesIn: Bool = false,
        smoothScrollMs: Double = 300, pinTolerancePt: Double = 50, caretBlinkMs: Double? = nil,
        respectsReader: Bool = true
    ) {
        self.fadeMs = fadeMs
        self.scrollEaseMs = scrollEaseMs
        self.holdMs = holdMs
        self.fadeEasesIn = fadeEasesIn
        self.smoothScrollMs = smoothScrollMs
        self.pinTolerancePt = pinTolerancePt
        self.caretBlinkMs = caretBlinkMs
        self.respectsReader = respectsReader
    }

    /// A block's opacity on a frame `sinceShownMs` after the frame it was first shown on: the
    /// fade as it stands at the end of that frame's interval, `frameMs` on. A fade counted from
    /// the frame's start draws the block's first frame at 0, without it: a blank frame between
    /// the typing indicator and the first text, and the caret gone for a frame at each new block.
    public func opacity(sinceShownMs: Double, frameMs: Double) -> Double {
        let progress = Self.onTheClock(sinceShownMs + frameMs) / fadeMs
        return fadeEasesIn ? easeInCubic(progress) : easeOutCubic(progress)
    }

    /// The caret's opacity `sinceMs` after the stream started showing text: steady, or on for the
    /// first half of each blink period.
    public func caretOpacity(sinceMs: Double) -> Double {
        guard let caretBlinkMs, caretBlinkMs > 0 else { return 1 }
        return Self.onTheClock(sinceMs).truncatingRemainder(dividingBy: caretBlinkMs) < caretBlinkMs / 2 ? 1 : 0
    }

    /// A duration on the frame clock, to 1/100 ms (as the manifest writes times). Frame times
    /// are multiples of 1000/fps, so a duration between two of them carries the rounding of
    /// both: without this, a fade ending exactly on a frame, or a blink turning exactly on one,
    /// would fall on either side of it by where in the stream it happens, and the same answer
    /// arriving a second later would fade or blink a frame apart.
    static func onTheClock(_ ms: Double) -> Double {
        (ms * 100).rounded() / 100
    }

    /// Eases the scroll toward the pinned-to-bottom target; snaps when within a quarter pixel,
    /// so a settled view is exactly still. Content that shrinks is followed at once. It lags the
    /// target by no more than `maxLag` (new lines sink into the bottom inset while the view
    /// catches up — never into a pill's band, never past the frame's bottom edge). Content that
    /// grew past the whole `inset` at once (a table row of several lines) instead slides up from
    /// below the edge at no more than `maxStep` a frame, rather than jumping into view; content
    /// that `grew` more than `maxSlide` in this frame (a screenful: a flush, a batched client's
    /// poll) is shown at once. (Judged by this frame's growth, not the lag: a lag built up over
    /// many frames is slid off, never snapped.) While it slides, what grows below is followed
    /// as it grows, up to five sixths of a line a frame: text typed faster than the slide (Persian at AX3 on a
    /// small phone over 3g: a line every frame and a half) is not typed for seconds below the
    /// screen.
    public func easedScroll(
        from current: Double, to target: Double, frameMs: Double, maxLag: Double = .infinity,
        inset: Double = .infinity, maxStep: Double = .infinity, grew: Double = 0,
        maxSlide: Double = .infinity
    ) -> Double {
        if target < current { return target }
        let eased = current + (target - current) * (1 - exp(-frameMs / scrollEaseMs))
        let kept = max(eased, target - maxLag)
        let pastTheEdge = target - inset - current
        let wasPastTheEdge = target - max(0, grew) - inset - current > 0
        // At most two and a half steps a frame (five sixths of a line): under the line a frame a
        // reader's eye follows even where a client sets its paragraphs smaller than the body size
        // the step is counted in (haqq-mobile's Arabic at AX3: 108 px against 120).
        let step = min(maxStep + (wasPastTheEdge ? max(0, grew) : 0), 2.5 * maxStep)
        let next = pastTheEdge > 0 && grew <= maxSlide ? min(kept, current + step) : kept
        return abs(target - next) < 0.25 ? target : next
    }
}

/// The ease-in curve: gentle at first, fast at the end.
func easeInCubic(_ x: Double) -> Double {
    let t = min(max(x, 0), 1)
    return t * t * t
}

/// The ease-out curve of fades: fast at first, gentle at the end.
func easeOutCubic(_ x: Double) -> Double {
    let t = min(max(x, 0), 1)
    return 1 - (1 - t) * (1 - t) * (1 - t)
}
