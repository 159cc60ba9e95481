import Foundation
import Streamshot
import StreamshotReview

/// Who asserts, as a failure record names it.
struct AssertionDescription: Sendable {
    /// `Phone/streams`, with the assertion's name or matrix cell.
    let test: String
    /// `LeaseTests.swift:7`.
    let place: String
    /// The command that accepts the change: `STREAMSHOT_RECORD=failed swift test --filter '…'`.
    let acceptCommand: String

    /// The line the failure's message ends with.
    var hint: String { "re-record: \(acceptCommand)" }
}

extension FailureRecord {
    /// The record of one failing snapshot assertion: every moment (the failing ones with their
    /// images), the structure's difference and text change, and where the stream first diverges.
    init(failures: [SnapshotFailure], moments: [StreamshotTesting.Moment], timeline: StreamTimeline, assertion: AssertionDescription) {
        let failed = Dictionary(failures.compactMap { $0.moment.map { ($0.name, $0) } }) { first, _ in first }
        let recorded = moments.map { moment in
            failed[moment.name] ?? FailureRecord.Moment(name: moment.name, frame: moment.frame.index, timeMs: moment.frame.timeMs)
        }
        let compared = recorded.enumerated().sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }.map(\.element)
        let structure = failures.lazy.compactMap(\.structure).first
        let message = SnapshotFailure.combined(failures, hint: assertion.hint).map { ([$0.cause] + $0.details).joined(separator: "\n") } ?? ""
        let texts = structure.map { (expected: $0.expected, actual: $0.actual) }
        let change = texts.flatMap { TextChange.excerpts($0.expected, $0.actual) }
        self.init(
            test: assertion.test, place: assertion.place, message: message, acceptCommand: assertion.acceptCommand,
            moments: compared, textChange: texts.flatMap { TextChange.between($0.expected, $0.actual) },
            textBefore: change?.before, textAfter: change?.after, structure: structure?.difference,
            firstDivergence: FirstDivergence.find(moments: compared, structure: texts, timeline: timeline),
            frameCount: timeline.frameCount, durationMs: timeline.durationMs)
    }
}
