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

    public init(fadeMs: Double = 150, scrollEaseMs: Double = 100, holdMs: Double = 250) {
        self.fadeMs = fadeMs
        self.scrollEaseMs = scrollEaseMs
        self.holdMs = holdMs
    }

    /// A block's opacity on a frame `sinceShownMs` after the frame it was first shown on: the
    /// fade as it stands at the end of that frame's interval, `frameMs` on. A fade counted from
    /// the frame's start draws the block's first frame at 0, without it: a blank frame between
    /// the typing indicator and the first text, and the caret gone for a frame at each new block.
    public func opacity(sinceShownMs: Double, frameMs: Double) -> Double {
        easeOutCubic((sinceShownMs + frameMs) / fadeMs)
    }

    /// Eases the scroll toward the pinned-to-bottom target; snaps when within a quarter pixel,
    /// so a settled view is exactly still. Content that shrinks is followed at once. It never lags
    /// the target by more than `maxLag` (the bottom inset): new lines sink into the inset while the
    /// view catches up, never past the frame's bottom edge.
    public func easedScroll(from current: Double, to target: Double, frameMs: Double, maxLag: Double = .infinity) -> Double {
        if target < current { return target }
        let next = max(current + (target - current) * (1 - exp(-frameMs / scrollEaseMs)), target - maxLag)
        return abs(target - next) < 0.25 ? target : next
    }
}

/// The ease-out curve of fades: fast at first, gentle at the end.
func easeOutCubic(_ x: Double) -> Double {
    let t = min(max(x, 0), 1)
    return 1 - (1 - t) * (1 - t) * (1 - t)
}
