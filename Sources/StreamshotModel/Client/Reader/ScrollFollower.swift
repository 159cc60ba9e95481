/// The scroll view's position and whether it follows the content's end (shared/seeds/002:
/// pinned while the bottom of the content is within ~50 pt of the viewport's bottom; unpinned
/// when the reader drags up; pinned again by tapping the pill, sending, or scrolling back down).
/// Unpinned, the position stays where the reader left it: text arriving below never moves
/// what they are reading.
struct ScrollFollower {
    package private(set) var scroll = 0.0
    package private(set) var pinned = true
    /// Pinned and at rest there: not on the way back down a smooth scroll the reader asked for,
    /// nor sliding up to content that grew taller than the room below the text (until it
    /// arrives, what lies below the frame is not cut off, only not reached yet).
    package var following: Bool { pinned && smoothScroll == nil && !catchingUp }
    /// The view lags the content's end by more than the room below the text.
    private var catchingUp = false
    /// A smooth scroll to the bottom the reader asked for: where and when it started.
    private var smoothScroll: (from: Double, startMs: Double)?

    /// One frame's step.
    /// - Parameters:
    ///   - target: the bottom-most scroll (the content's height less the viewport's), in pixels.
    ///   - dragPx: how far the reader dragged this frame, in pixels.
    ///   - repin: the reader asked for the bottom.
    ///   - jump: go to the bottom at once, pinned.
    ///   - tolerancePx: how near the bottom counts as at it.
    ///   - lagRoom: how far the view may lag the content's end and still show all of it (while
    ///     it lags more, it is on its way there, not following).
    ///   - ease: the pinned scroll's easing toward `target` from a position.
    package mutating func step(
        target: Double, dragPx: Double, repin: Bool, jump: Bool, tolerancePx: Double, lagRoom: Double = .infinity,
        timeMs: Double, motion: MotionPolicy, ease: (Double) -> Double
    ) {
        defer { catchingUp = pinned && target - scroll > lagRoom + 0.5 }
        if jump {
            (scroll, pinned, smoothScroll) = (target, true, nil)
        } else if dragPx != 0 {
            smoothScroll = nil
            scroll = min(max(scroll + dragPx, 0), target)
            pinned = target - scroll <= tolerancePx
        } else if repin {
            pinned = true
            smoothScroll = (scroll, timeMs)
        }
        guard pinned else {
            scroll = min(scroll, target)  // content that shrank (a rewrite) takes the view with it
            return
        }
        if dragPx != 0 { return }  // the reader's own frame: the finger, not the easing, sets it
        if let (from, start) = smoothScroll {
            let progress = (timeMs - start) / motion.smoothScrollMs
            scroll = progress >= 1 ? target : from + (target - from) * easeOutCubic(progress)
            if progress >= 1 || scroll >= target { smoothScroll = nil }
            scroll = min(scroll, target)
        } else {
            scroll = ease(scroll)
        }
    }
}
