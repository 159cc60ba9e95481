import Foundation
public import StreamshotManifest
import StreamshotOptions

/// A check over a render, computed from the manifest. A value, so detectors can be listed,
/// documented and run the same way by `check` and by the testing library.
///
/// Each detector is one pass over the frames in order (`FramePass`): it sees the manifest's
/// header (everything but the frames: `frames` is empty) and then each frame once, keeping only
/// what it needs, so `check` judges a 20,000-frame render in the memory of a frame.
public struct Detector: Sendable {
    public let name: String
    /// The formula, as docs/detectors.md documents it.
    public let formula: String
    let start: @Sendable (Manifest, CheckThresholds, FramePixelSource?) -> FramePass

    /// What a detector concluded: its findings, its summary number, and (when it could not
    /// judge, as contrast without frames) why.
    struct Verdict {
        var findings: [Finding]
        var score: Double?
        var passed: Bool
        var note: String? = nil
    }

    /// A detector that reads the manifest only.
    init(name: String, formula: String, pass: @escaping @Sendable (Manifest, CheckThresholds) -> FramePass) {
        self.name = name
        self.formula = formula
        start = { header, thresholds, _ in pass(header, thresholds) }
    }

    /// A detector that also reads frame pixels.
    init(name: String, formula: String, pixelPass: @escaping @Sendable (Manifest, CheckThresholds, FramePixelSource?) -> FramePass) {
        self.name = name
        self.formula = formula
        start = pixelPass
    }

    public static let all: [Detector] = [
        .directionFlip, .layoutShift, .revealCadence, .lineHeight, .alignment, .drawnText,
        .scrollHijack, .lostText, .silentEnding, .hung, .contentDirection, .scrollJump, .caretInView,
        .splitWord, .overlap, .rawSyntax, .tableColumns, .contrast
    ]

    /// Runs every detector over a manifest in memory.
    /// - Parameters:
    ///   - strict: the render's warnings fail the check too (they are listed either way).
    ///   - pixels: where the frames' pixels are (`FramePixelSource.directory` of a render folder);
    ///     without them the detectors that sample pixels report themselves not judged.
    public static func check(
        _ manifest: Manifest, thresholds: CheckThresholds = CheckThresholds(), strict: Bool = false,
        pixels: FramePixelSource? = nil
    ) -> CheckReport {
        var header = manifest
        header.frames = []
        return run(header: header, thresholds: thresholds, strict: strict, pixels: pixels) { visit in manifest.frames.forEach(visit) }
    }

    /// Runs every detector over a manifest on disk, reading it a frame at a time.
    /// - Throws: `InputError` for a frame that is not one.
    public static func check(
        _ file: ManifestFile, thresholds: CheckThresholds = CheckThresholds(), strict: Bool = false,
        pixels: FramePixelSource? = nil
    ) throws -> CheckReport {
        try check(header: file.header, thresholds: thresholds, strict: strict, pixels: pixels, frames: file.forEachFrame)
    }

    /// Runs every detector over a render's header (its manifest without frames) and its frames as
    /// `frames` hands them over, in order (the testing library's frame journal).
    /// - Parameter lanes: 2 splits the detectors into two groups judged at once, each on its own
    ///   thread and its own reading of the frames: `frames` is then called twice, at once, and
    ///   must hand each caller every frame (a file read twice). The report is the same.
    public static func check(
        header: Manifest, thresholds: CheckThresholds = CheckThresholds(), strict: Bool = false,
        pixels: FramePixelSource? = nil, lanes: Int = 1,
        frames: ((Frame) throws -> Void) throws -> Void
    ) throws -> CheckReport {
        let unjudged = UnjudgedParts(viewport: header.viewport)
        let passes = all.map { $0.start(header, thresholds, pixels) } + [unjudged.pass]
        let groups =
            lanes > 1
            ? [
                passes.enumerated().filter { $0.offset % 2 == 0 }.map(\.element),
                passes.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            ] : [passes]
        let failures = LaneFailures(count: groups.count)
        withoutActuallyEscaping(frames) { frames in
            let work = UncheckedLanes(groups: groups, frames: frames)
            DispatchQueue.concurrentPerform(iterations: groups.count) { lane in
                do {
                    try visit(work.groups[lane], skippingRepeats: true) { visit in
                        try withoutActuallyEscaping(visit) { try work.frames($0) }
                    }
                } catch {
                    failures.record(error, lane: lane)
                }
            }
        }
        if let failure = failures.first { throw failure }
        return report(passes, header: header, thresholds: thresholds, strict: strict, unjudged: unjudged)
    }

    /// Every pass shown every frame, repeats included: what skipping them must never change (tests).
    static func checkEveryFrame(_ manifest: Manifest) -> CheckReport {
        run(header: manifest, thresholds: CheckThresholds(), strict: false, pixels: nil, skippingRepeats: false) { visit in
            manifest.frames.forEach(visit)
        }
    }

    private static func run(
        header: Manifest, thresholds: CheckThresholds, strict: Bool, pixels: FramePixelSource?, skippingRepeats: Bool = true,
        frames: ((Frame) -> Void) throws -> Void
    ) rethrows -> CheckReport {
        let unjudged = UnjudgedParts(viewport: header.viewport)
        let passes = all.map { $0.start(header, thresholds, pixels) } + [unjudged.pass]
        try visit(passes, skippingRepeats: skippingRepeats, frames: frames)
        return report(passes, header: header, thresholds: thresholds, strict: strict, unjudged: unjudged)
    }

    /// Shows `passes` every frame `frames` hands over, in order.
    private static func visit(_ passes: [FramePass], skippingRepeats: Bool, frames: ((Frame) -> Void) throws -> Void) rethrows {
        var previous: Frame?
        try frames { frame in
            // Most frames of a slow stream show the picture before them again: passes that judge
            // only what a frame shows have nothing new to see there.
            let repeats = skippingRepeats && (previous.map { frame.showsSame(as: $0) } ?? false)
            for pass in passes where !(repeats && pass.judgesPictureOnly) { pass.visit(frame) }
            previous = frame
        }
    }

    /// The passes' verdicts, in the detectors' order (the pass after theirs gathers what was not judged).
    private static func report(
        _ passes: [FramePass], header: Manifest, thresholds: CheckThresholds, strict: Bool,
        unjudged: UnjudgedParts
    ) -> CheckReport {
        var report = CheckReport(
            thresholds: thresholds,
            detectors: zip(all, passes).map { detector, pass in
                let verdict = pass.finish()
                return CheckReport.DetectorResult(
                    name: detector.name, formula: detector.formula, passed: verdict.passed,
                    findings: verdict.findings, score: verdict.score, notJudged: verdict.note)
            }, warnings: header.warnings, strict: strict, client: header.options.clientName)
        let notes = unjudged.notes
        report.unjudged = notes.isEmpty ? nil : notes
        return report
    }
}

/// Each lane's passes and the frames' source, handed to the lanes' threads: a lane touches only
/// its own passes, and the source reads the frames anew for each caller.
private struct UncheckedLanes: @unchecked Sendable {
    let groups: [[FramePass]]
    let frames: ((Frame) throws -> Void) throws -> Void
}

/// Where each lane puts the error that stopped it.
private final class LaneFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var byLane: [(any Error)?]
    init(count: Int) { byLane = Array(repeating: nil, count: count) }

    func record(_ error: any Error, lane: Int) { lock.withLock { byLane[lane] = error } }
    /// The first lane's error, if any stopped.
    var first: (any Error)? { lock.withLock { byLane.compactMap { $0 }.first } }
}

/// One detector's pass over a render: it is shown each frame once, in order, then concludes.
struct FramePass {
    let visit: (Frame) -> Void
    let finish: () -> Detector.Verdict
    /// The pass reads of a frame only what it shows (`Frame.showsSame`), and a frame that shows
    /// the picture before it again can add nothing to its verdict: the runner skips such frames.
    /// A pass that reads times, counts or the reader's actions sees every frame.
    var judgesPictureOnly = false

    init(visit: @escaping (Frame) -> Void, verdict: @escaping () -> Detector.Verdict) {
        self.visit = visit
        finish = verdict
    }

    /// A pass whose verdict is its findings, a score and whether it passed.
    init(visit: @escaping (Frame) -> Void, finish: @escaping () -> (findings: [Finding], score: Double?, passed: Bool)) {
        self.visit = visit
        self.finish = {
            let result = finish()
            return Detector.Verdict(findings: result.findings, score: result.score, passed: result.passed)
        }
    }

    /// This pass, skipping frames that show the picture before them again.
    var onPictures: FramePass {
        var pass = self
        pass.judgesPictureOnly = true
        return pass
    }

    /// A pass over consecutive pairs of frames.
    static func pairs(
        _ visit: @escaping (_ previous: Frame, _ frame: Frame) -> Void,
        finish: @escaping () -> (findings: [Finding], score: Double?, passed: Bool)
    ) -> FramePass {
        var last: Frame?
        return FramePass(
            visit: { frame in
                if let previous = last { visit(previous, frame) }
                last = frame
            }, finish: finish)
    }
}

extension Manifest {
    func block(_ id: Int) -> Manifest.Block? { blocks.first { $0.id == id } }

    /// The blocks by id, for a pass that looks one up per frame (a linear search per frame and
    /// block would grow with the square of the document on a long render).
    var blocksById: [Int: Manifest.Block] { Dictionary(blocks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) }

    /// One frame's duration; 0 for a manifest built in memory with no usable fps (the reader
    /// rejects those), so no detector divides by zero.
    var frameMs: Double { fps.isFinite && fps > 0 ? 1000 / fps : 0 }

    /// Times are written to 1/100 ms: two times this close are the same moment.
    static let timeSlackMs = 0.01

    /// Whether the reader did something in (after, upTo] — the frame at `upTo` is the one their
    /// action reached. Times within `timeSlackMs` of either end count, so rounding never hides an action.
    func readerActed(after: Double, upTo: Double) -> Bool {
        !readerActions(after: after, upTo: upTo).isEmpty
    }

    /// The reader's actions in (after, upTo].
    func readerActions(after: Double, upTo: Double) -> [Manifest.Interaction] {
        (interactions ?? []).filter { $0.timeMs > after - Self.timeSlackMs && $0.timeMs <= upTo + Self.timeSlackMs }
    }

    /// Whether a rewrite warning falls in (after, upTo]; one without a time could be anywhere.
    func rewrote(after: Double, upTo: Double) -> Bool {
        warnings.contains { warning in
            guard warning.kind == .rewrite else { return false }
            guard let time = warning.timeMs else { return true }
            return time > after - Self.timeSlackMs && time <= upTo + Self.timeSlackMs
        }
    }
}

extension Ending {
    /// Whether a frame at `timeMs` is at or after the ending (the client ends a stream on a frame).
    func isReached(at timeMs: Double) -> Bool { timeMs >= self.timeMs - Manifest.timeSlackMs }
}

extension Frame {
    func block(_ id: Int) -> Frame.Block? { blocks.first { $0.id == id } }

    /// Whether this frame shows what `previous` showed: its blocks at the same places (the same
    /// array, handed on by the renderer or the frame journal, or equal ones), the same scroll,
    /// caret, overlays, direction, pin and app state, and the same ending state. Its time and
    /// counts may differ.
    func showsSame(as previous: Frame) -> Bool {
        scroll == previous.scroll && pinned == previous.pinned && direction == previous.direction && ended == previous.ended
            && app == previous.app && caret == previous.caret && overlays == previous.overlays
            && (blocks.sharesStorage(with: previous.blocks) || blocks == previous.blocks)
    }

    /// The conversation is on screen and live (not in the background, where the screen keeps an
    /// old picture, nor away in another conversation).
    var isOnScreen: Bool { app == nil || app == .active }
}
