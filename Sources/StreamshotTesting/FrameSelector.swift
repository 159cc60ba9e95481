import Streamshot

/// A frame chosen as a reference, named for the moment it stands for (`first-text`,
/// `block-3-shown`, `t=1000ms`, `final`), so that the same answer arriving later or slower is
/// compared moment with moment, whatever the frames' numbers.
struct Moment {
    let name: String
    let frame: Frame
    let png: [UInt8]
}

/// Chooses the moments of a rendered stream.
enum FrameSelector {
    /// Every moment `selection` asks for, each once, in time order; `final` is always last.
    static func moments(_ selection: FrameSelection, of frames: [RenderedStream.Shown]) -> [Moment] {
        guard let last = frames.last else { return [] }
        var moments: [Moment] = []
        switch selection {
        case .keyFrames:
            var tracker = KeyFrameTracker()
            for shown in frames {
                moments += tracker.moments(for: shown.frame).map { Moment(name: $0.name, frame: shown.frame, png: shown.png) }
            }
        case .everyNth(let n):
            let step = max(1, n)
            moments = frames.filter { $0.frame.index % step == 0 }
                .map { Moment(name: "every-\(step)-\($0.frame.index / step)", frame: $0.frame, png: $0.png) }
        case .times(let times):
            moments = times.map { time in
                // The last frame at or before the time (the first frame for a time before it).
                let shown = frames.last { $0.frame.timeMs <= time + 0.01 } ?? frames[0]
                return Moment(name: "t=\(SettingRange.text(time))ms", frame: shown.frame, png: shown.png)
            }
        case .final:
            break
        case .all:
            moments = frames.map { Moment(name: "frame-\(String(repeating: "0", count: max(0, 6 - "\($0.frame.index)".count)))\($0.frame.index)",
                                          frame: $0.frame, png: $0.png) }
        }
        var names: Set<String> = []
        return (moments + [Moment(name: "final", frame: last.frame, png: last.png)]).filter { names.insert($0.name).inserted }
    }
}
