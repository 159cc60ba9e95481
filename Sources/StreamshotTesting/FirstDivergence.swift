import Foundation
import Streamshot
import StreamshotReview

/// The first frame of this run's stream that differs from what the references hold. The
/// references keep a few moments, not the expected stream, so this is the earliest of what can
/// be pinned down: the frame that first shows text the reference never showed there, the first
/// moment whose picture differs, and the moment where the structure first differs.
enum FirstDivergence {
    static func find(
        moments: [FailureRecord.Moment], structure: (expected: String, actual: String)?,
        timeline: StreamTimeline
    ) -> FailureRecord.Divergence? {
        var candidates = [firstDifferingMoment(moments)]
        if let structure {
            candidates.append(firstDifferingText(structure.expected, structure.actual, timeline: timeline))
            candidates.append(firstDifferingStructure(structure.expected, structure.actual, moments: moments))
        }
        // The earliest frame; of two on one frame, the first found (text before structure).
        return candidates.compactMap { $0 }.enumerated().min { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }?.element
    }

    /// The earliest moment whose picture differs, and the last one before it that still matches.
    private static func firstDifferingMoment(_ moments: [FailureRecord.Moment]) -> FailureRecord.Divergence? {
        guard let index = moments.firstIndex(where: { $0.cause != nil && $0.expected != nil }) else { return nil }
        let moment = moments[index]
        let before = moments[..<index].last { $0.cause == nil }
        let since = before.map { "; \($0.name) (frame \($0.frame)) still matches" } ?? ""
        return FailureRecord.Divergence(
            frame: moment.frame, timeMs: moment.timeMs,
            reason: "\(moment.name) is the first moment whose picture differs\(since)")
    }

    /// The first frame revealing a character past what the expected and actual shown texts share.
    /// A text that only got shorter has no such frame.
    private static func firstDifferingText(_ expected: String, _ actual: String, timeline: StreamTimeline) -> FailureRecord.Divergence? {
        guard expected.contains("\n" + StructuralSnapshot.textMark) else { return nil }
        let (e, a) = (Array(TextChange.shown(expected).unicodeScalars), Array(TextChange.shown(actual).unicodeScalars))
        let shared = zip(e, a).prefix { $0 == $1 }.count
        guard a.count > shared, let frame = timeline.firstFrame(showingMoreThan: shared) else { return nil }
        return FailureRecord.Divergence(
            frame: frame.frame, timeMs: frame.timeMs,
            reason: "the first frame to show text the reference does not (after \(shared) characters that agree)")
    }

    /// The moment whose section of the structural snapshot holds its first differing line
    /// (lines before any moment's, the text and the viewport, are the final moment's).
    private static func firstDifferingStructure(
        _ expected: String, _ actual: String,
        moments: [FailureRecord.Moment]
    ) -> FailureRecord.Divergence? {
        let (e, a) = (
            expected.split(separator: "\n", omittingEmptySubsequences: false), actual.split(separator: "\n", omittingEmptySubsequences: false)
        )
        guard let line = (0..<max(e.count, a.count)).first(where: { $0 >= e.count || $0 >= a.count || e[$0] != a[$0] }) else { return nil }
        let names = Set(moments.map(\.name))
        let section = a.prefix(min(line + 1, a.count)).reversed().lazy.compactMap { text -> String? in
            guard let colon = text.range(of: ": revealed=") else { return nil }
            let name = String(text[..<colon.lowerBound])
            return names.contains(name) ? name : nil
        }.first
        guard let moment = moments.first(where: { $0.name == section }) ?? moments.last else { return nil }
        return FailureRecord.Divergence(
            frame: moment.frame, timeMs: moment.timeMs,
            reason: "the structure first differs at \(moment.name) (line \(line + 1) of manifest.txt)")
    }
}
