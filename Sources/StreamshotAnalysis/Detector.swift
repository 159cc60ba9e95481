public import StreamshotManifest

/// A check over a render, computed from the manifest. A value, so detectors can be listed,
/// documented and run the same way by `check` and by the testing library.
public struct Detector: Sendable {
    public let name: String
    /// The formula, as the README documents it.
    public let formula: String
    let judge: @Sendable (Manifest, CheckThresholds, FramePixelSource?) -> Verdict

    /// What a detector concluded: its findings, its summary number, and (when it could not
    /// judge, as contrast without frames) why.
    struct Verdict {
        var findings: [Finding]
        var score: Double?
        var passed: Bool
        var note: String? = nil
    }

    /// A detector that reads the manifest only.
    init(name: String, formula: String,
         run: @escaping @Sendable (Manifest, CheckThresholds) -> (findings: [Finding], score: Double?, passed: Bool)) {
        self.name = name
        self.formula = formula
        judge = { manifest, thresholds, _ in
            let result = run(manifest, thresholds)
            return Verdict(findings: result.findings, score: result.score, passed: result.passed)
        }
    }

    /// A detector that also reads frame pixels.
    init(name: String, formula: String, judge: @escaping @Sendable (Manifest, CheckThresholds, FramePixelSource?) -> Verdict) {
        self.name = name
        self.formula = formula
        self.judge = judge
    }

    public static let all: [Detector] = [.directionFlip, .layoutShift, .revealCadence, .lineHeight, .alignment, .drawnText,
                                         .scrollHijack, .lostText, .silentEnding, .hung, .contentDirection, .scrollJump,
                                         .splitWord, .overlap, .rawSyntax, .contrast]

    /// Runs every detector.
    /// - Parameters:
    ///   - strict: the render's warnings fail the check too (they are listed either way).
    ///   - pixels: where the frames' pixels are (`FramePixelSource.directory` of a render folder);
    ///     without them the detectors that sample pixels report themselves not judged.
    public static func check(_ manifest: Manifest, thresholds: CheckThresholds = CheckThresholds(), strict: Bool = false,
                             pixels: FramePixelSource? = nil) -> CheckReport {
        CheckReport(thresholds: thresholds, detectors: all.map { detector in
            let verdict = detector.judge(manifest, thresholds, pixels)
            return CheckReport.DetectorResult(name: detector.name, formula: detector.formula, passed: verdict.passed,
                                              findings: verdict.findings, score: verdict.score, notJudged: verdict.note)
        }, warnings: manifest.warnings, strict: strict)
    }
}

extension Manifest {
    /// Consecutive frame pairs.
    var framePairs: Zip2Sequence<ArraySlice<Frame>, ArraySlice<Frame>> { zip(frames.dropLast(), frames.dropFirst()) }

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

    /// The first frame at or after the ending's time (the client ends a stream on a frame).
    var frameAtEnding: Frame? {
        guard let ending else { return nil }
        return frames.first { $0.timeMs >= ending.timeMs - Self.timeSlackMs }
    }
}

extension Frame {
    func block(_ id: Int) -> Frame.Block? { blocks.first { $0.id == id } }

    /// The conversation is on screen and live (not in the background, where the screen keeps an
    /// old picture, nor away in another conversation).
    var isOnScreen: Bool { app == nil || app == .active }
}
