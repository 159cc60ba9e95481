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

    /// A block's opacity `sinceShownMs` after it was first shown.
    public func opacity(sinceShownMs: Double) -> Double {
        easeOutCubic(sinceShownMs / fadeMs)
    }

    /// Eases the scroll toward the pinned-to-bottom target; snaps when within a quarter pixel,
    /// so a settled view is exactly still. Content that shrinks is followed at once.
    public func easedScroll(from current: Double, to target: Double, frameMs: Double) -> Double {
        if target < current { return target }
        let next = current + (target - current) * (1 - exp(-frameMs / scrollEaseMs))
        return abs(target - next) < 0.25 ? target : next
    }
}

/// The ease-out curve of fades: fast at first, gentle at the end.
func easeOutCubic(_ x: Double) -> Double {
    let t = min(max(x, 0), 1)
    return 1 - (1 - t) * (1 - t) * (1 - t)
}
