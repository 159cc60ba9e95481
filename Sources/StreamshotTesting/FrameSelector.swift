import Streamshot

/// A frame chosen as a reference, named for the moment it stands for (`first-text`,
/// `section-2`, `t=1000ms`, `final`), so that the same answer arriving later or slower is
/// compared moment with moment, whatever the frames' numbers.
struct Moment {
    let name: String
    let frame: Frame
    let png: [UInt8]
}

/// Chooses the moments of a stream as it is rendered, keeping the PNG of a frame only while it
/// may still be one: a long answer's test holds a dozen pictures, not thousands.
struct MomentPicker {
    let selection: FrameSelection
    /// Picked so far, by name, in the order found.
    private var picked: [Moment] = []
    /// `.keyFrames`: headings' first fully opaque frames, until the answer's blocks say which
    /// open its top-level sections — the first few of each size (a frame does not say a
    /// heading's level), so a long answer's hundreds of sub-headings hold no pictures.
    private var headings: [Int: Moment] = [:]
    private var headingsBySize: [Double: Int] = [:]
    private var tracker = KeyFrameTracker()
    /// `.times`: the times not yet passed, in order.
    private var pendingTimes: [Double]
    /// The latest frame: `final`, and the one a time falls after.
    private var latest: Moment?

    /// At most this many key-frame moments: the first text, sections, the final frame.
    static let maxKeyMoments = 12

    init(_ selection: FrameSelection) {
        self.selection = selection
        if case .times(let times) = selection { pendingTimes = times.sorted() } else { pendingTimes = [] }
    }

    mutating func offer(_ frame: Frame, png: [UInt8]) {
        switch selection {
        case .keyFrames:
            for moment in tracker.moments(for: frame) {
                if moment == .firstText { picked.append(Moment(name: moment.name, frame: frame, png: png)) }
                if case .blockShown(let id) = moment, let block = frame.blocks.first(where: { $0.id == id }), block.kind == .heading,
                   headingsBySize[block.fontSize, default: 0] < 2 * Self.maxKeyMoments {
                    headingsBySize[block.fontSize, default: 0] += 1
                    headings[id] = Moment(name: moment.name, frame: frame, png: png)
                }
            }
        case .everyBlock:
            picked += tracker.moments(for: frame).map { Moment(name: $0.name, frame: frame, png: png) }
        case .everyNth(let n):
            let step = max(1, n)
            if frame.index % step == 0 { picked.append(Moment(name: "every-\(step)-\(frame.index / step)", frame: frame, png: png)) }
        case .times:
            // The last frame at or before each time (the first frame for a time before it).
            while let time = pendingTimes.first, frame.timeMs > time + 0.01 {
                let shown = latest ?? Moment(name: "", frame: frame, png: png)
                picked.append(Moment(name: "t=\(SettingRange.text(time))ms", frame: shown.frame, png: shown.png))
                pendingTimes.removeFirst()
            }
        case .final:
            break
        case .all:
            picked.append(Moment(name: "frame-\(String(repeating: "0", count: max(0, 6 - "\(frame.index)".count)))\(frame.index)",
                                 frame: frame, png: png))
        }
        latest = Moment(name: "final", frame: frame, png: png)
    }

    /// Every moment asked for, each once, in time order; `final` is always last.
    /// - Parameter blocks: the answer's blocks as the manifest lists them (which headings open sections).
    func moments(blocks: [Manifest.Block]) -> [Moment] {
        guard let latest else { return [] }
        var moments = picked
        if case .times = selection {
            moments += pendingTimes.map { Moment(name: "t=\(SettingRange.text($0))ms", frame: latest.frame, png: latest.png) }
        }
        if case .keyFrames = selection {
            let sections = Self.sectionHeadings(blocks).compactMap { headings[$0] }
            let room = Self.maxKeyMoments - moments.count - 1
            moments += sections.prefix(room).enumerated().map { Moment(name: "section-\($0.offset + 1)", frame: $0.element.frame, png: $0.element.png) }
        }
        var names: Set<String> = []
        let inTimeOrder = moments.enumerated().sorted { ($0.element.frame.index, $0.offset) < ($1.element.frame.index, $1.offset) }.map(\.element)
        return (inTimeOrder + [latest]).filter { names.insert($0.name).inserted }
    }

    /// The headings that open the answer's top-level sections: those outside lists and quotes at
    /// the shallowest level the answer uses there, in order.
    static func sectionHeadings(_ blocks: [Manifest.Block]) -> [Int] {
        let headings = blocks.filter { $0.kind == .heading && ($0.containers ?? []).isEmpty }
        guard let top = headings.compactMap(\.level).min() else { return [] }
        return headings.filter { $0.level == top }.map(\.id)
    }
}
