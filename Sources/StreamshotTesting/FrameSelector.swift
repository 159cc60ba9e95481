import Streamshot

/// A frame chosen as a reference, named for the moment it stands for (`first-text`,
/// `section-2`, `t=1000ms`, `final`), so that the same answer arriving later or slower is
/// compared moment with moment, whatever the frames' numbers.
struct Moment {
    let name: String
    let frame: Frame
    let png: [UInt8]
}

/// Chooses the moments of a stream as it is rendered. It is asked about each frame before the
/// frame is encoded (`take`), so that only a frame that may be a moment is encoded at all, and
/// keeps those PNGs only while they may still be one: a long answer's test encodes and holds a
/// dozen pictures, not thousands.
final class MomentPicker {
    let selection: FrameSelection
    /// Picked so far, by name, in the order found.
    private var picked: [(name: String, frame: Frame)] = []
    /// `.keyFrames`: headings' first fully opaque frames, until the answer's blocks say which
    /// open its top-level sections — the first few of each size (a frame does not say a
    /// heading's level), so a long answer's hundreds of sub-headings hold no pictures.
    private var headings: [Int: Frame] = [:]
    private var headingsBySize: [Double: Int] = [:]
    private var tracker = KeyFrameTracker()
    /// `.times`: the times not yet passed, in order.
    private var pendingTimes: [Double]
    /// The time between frames: a frame is the one shown at a time when the next would be after it.
    private let frameMs: Double
    /// The latest frame: `final`, and the one a time falls after.
    private var latest: Frame?
    /// The PNGs of the frames that may be moments, by frame index.
    private var pngs: [Int: [UInt8]] = [:]

    /// At most this many key-frame moments: the first text, sections, the final frame.
    static let maxKeyMoments = 12

    init(_ selection: FrameSelection, frameMs: Double) {
        self.selection = selection
        self.frameMs = frameMs
        if case .times(let times) = selection { pendingTimes = times.sorted() } else { pendingTimes = [] }
    }

    /// Notes `frame`, before it is encoded.
    /// - Returns: whether its PNG may be a moment's (the last frame's is asked for at the end).
    func take(_ frame: Frame) -> Bool {
        let count = picked.count + headings.count
        var wanted = false
        switch selection {
        case .keyFrames:
            for moment in tracker.moments(for: frame) {
                if moment == .firstText { picked.append((moment.name, frame)) }
                if case .blockShown(let id) = moment, let block = frame.blocks.first(where: { $0.id == id }), block.kind == .heading,
                    headingsBySize[block.fontSize, default: 0] < 2 * Self.maxKeyMoments
                {
                    headingsBySize[block.fontSize, default: 0] += 1
                    headings[id] = frame
                }
            }
        case .everyBlock:
            picked += tracker.moments(for: frame).map { ($0.name, frame) }
        case .everyNth(let n):
            let step = max(1, n)
            if frame.index % step == 0 { picked.append(("every-\(step)-\(frame.index / step)", frame)) }
        case .times:
            wanted = takeTimes(frame)
        case .final:
            break
        case .all:
            picked.append(("frame-\(String(repeating: "0", count: max(0, 6 - "\(frame.index)".count)))\(frame.index)", frame))
        }
        latest = frame
        return wanted || picked.count + headings.count > count
    }

    /// `.times`: the last frame at or before each time (the first frame for a time before it).
    /// - Returns: whether `frame` is the one shown at a time still to come (the next frame is after it).
    private func takeTimes(_ frame: Frame) -> Bool {
        var wanted = false
        while let time = pendingTimes.first, frame.timeMs > time + 0.01 {
            picked.append(("t=\(SettingRange.text(time))ms", latest ?? frame))
            wanted = wanted || latest == nil
            pendingTimes.removeFirst()
        }
        return wanted || pendingTimes.first.map { frame.timeMs + frameMs > $0 + 0.01 } ?? false
    }

    /// Keeps `png` as the picture of `frame` (asked for by `take`, or the last frame).
    func attach(_ png: [UInt8], to frame: Frame) {
        pngs[frame.index] = png
    }

    /// Every moment asked for, each once, in time order; `final` is always last.
    /// - Parameter blocks: the answer's blocks as the manifest lists them (which headings open sections).
    func moments(blocks: [Manifest.Block]) -> [Moment] {
        guard let latest else { return [] }
        var moments = picked
        if case .times = selection {
            moments += pendingTimes.map { ("t=\(SettingRange.text($0))ms", latest) }
        }
        if case .keyFrames = selection {
            let sections = Self.sectionHeadings(blocks).compactMap { headings[$0] }
            let room = Self.maxKeyMoments - moments.count - 1
            moments += sections.prefix(room).enumerated().map { ("section-\($0.offset + 1)", $0.element) }
        }
        var names: Set<String> = []
        let inTimeOrder = moments.enumerated().sorted { ($0.element.frame.index, $0.offset) < ($1.element.frame.index, $1.offset) }.map(\.element)
        return (inTimeOrder + [("final", latest)]).filter { names.insert($0.name).inserted }.map { moment in
            // Every moment's frame was asked for by `take`, or is the last: its PNG is here.
            Moment(name: moment.name, frame: moment.frame, png: pngs[moment.frame.index] ?? [])
        }
    }

    /// The headings that open the answer's top-level sections: those outside lists and quotes at
    /// the shallowest level the answer uses there, in order.
    static func sectionHeadings(_ blocks: [Manifest.Block]) -> [Int] {
        let headings = blocks.filter { $0.kind == .heading && ($0.containers ?? []).isEmpty }
        guard let top = headings.compactMap(\.level).min() else { return [] }
        return headings.filter { $0.level == top }.map(\.id)
    }
}
