import Streamshot

/// Chooses reference frames while a render runs, keeping only their PNG bytes.
struct FrameSelector {
    let selection: FrameSelection
    private(set) var chosen: [(frame: Frame, reason: String, png: [UInt8])] = []
    private var last: (frame: Frame, png: [UInt8])?
    private var keyFrames = KeyFrameTracker()
    private var nextTime = 0

    init(_ selection: FrameSelection) {
        self.selection = selection
    }

    mutating func offer(_ frame: Frame, png: [UInt8]) {
        defer { last = (frame, png) }
        switch selection {
        case .keyFrames:
            if let reason = keyFrames.reason(for: frame) { chosen.append((frame, reason, png)) }
        case .everyNth(let n):
            if frame.index % max(1, n) == 0 { chosen.append((frame, "every \(n)th", png)) }
        case .times(let times):
            // The last frame at or before each time: take it when the next frame passes that time.
            while nextTime < times.count, let previous = last, frame.timeMs > times[nextTime] + 0.01 {
                if chosen.last?.frame.index != previous.frame.index {
                    chosen.append((previous.frame, "t=\(Int(times[nextTime]))ms", previous.png))
                }
                nextTime += 1
            }
        case .final:
            break
        case .all:
            chosen.append((frame, "frame", png))
        }
    }

    /// The chosen frames, the final frame included.
    mutating func finish() -> [(frame: Frame, reason: String, png: [UInt8])] {
        if let last, chosen.last?.frame.index != last.frame.index {
            chosen.append((last.frame, "final", last.png))
        }
        return chosen
    }
}
