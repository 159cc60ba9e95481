public import Foundation
import StreamshotManifest

/// What one failing golden assertion found, as the testing library writes it beside its
/// artifacts (`failure.json`) for `streamshot report` to read: the test, the message, each
/// moment with its images, the text that changed, where the stream first diverges, and the
/// command that accepts the change. File names are relative to the record's folder, so the
/// artifacts folder can be moved or zipped as a CI artifact.
public struct FailureRecord: Codable, Sendable, Equatable {
    /// The record's name in an assertion's artifacts folder.
    public static let fileName = "failure.json"

    /// One moment the assertion compared, matching or not.
    public struct Moment: Codable, Sendable, Equatable {
        /// `final`, `first-text`, `section-2`, `t=1000ms`.
        public var name: String
        public var frame: Int
        public var timeMs: Double
        /// Why it fails (`1204 of 249600 pixels differ (…)`); nil when it matches.
        public var cause: String?
        /// The images' file names; expected and diff are absent when there is no reference or
        /// the sizes differ.
        public var expected: String?
        public var actual: String?
        public var diff: String?

        public init(
            name: String, frame: Int, timeMs: Double, cause: String? = nil, expected: String? = nil, actual: String? = nil,
            diff: String? = nil
        ) {
            self.name = name
            self.frame = frame
            self.timeMs = timeMs
            self.cause = cause
            self.expected = expected
            self.actual = actual
            self.diff = diff
        }
    }

    /// The structural snapshot's difference, with both texts' file names.
    public struct Structure: Codable, Sendable, Equatable {
        public var cause: String
        public var expected: String?
        public var actual: String?

        public init(cause: String, expected: String? = nil, actual: String? = nil) {
            self.cause = cause
            self.expected = expected
            self.actual = actual
        }
    }

    /// One side of a text change: the changed text with a little unchanged text either side.
    public struct TextExcerpt: Codable, Sendable, Equatable {
        public var lead: String
        public var changed: String
        public var trail: String

        public init(lead: String, changed: String, trail: String) {
            self.lead = lead
            self.changed = changed
            self.trail = trail
        }

        /// The excerpt as one string.
        public var text: String { lead + changed + trail }
    }

    /// The first frame of this run's stream that differs from what the references hold, and why
    /// it is that frame.
    public struct Divergence: Codable, Sendable, Equatable {
        public var frame: Int
        public var timeMs: Double
        public var reason: String

        public init(frame: Int, timeMs: Double, reason: String) {
            self.frame = frame
            self.timeMs = timeMs
            self.reason = reason
        }
    }

    /// Which assertion failed: a snapshot has images and a command that re-records it; a check
    /// has findings at frames, accepted in the test's code (`skipping:`) or by fixing the client.
    public enum Kind: String, Codable, Sendable {
        case snapshot, checks
    }

    public var kind: Kind
    /// `Phone/streams`, and the assertion's name or matrix cell when it has one.
    public var test: String
    /// `LeaseTests.swift:7`.
    public var place: String
    /// The failure as the test reported it: its first line, then the details.
    public var message: String
    /// `STREAMSHOT_RECORD=failed swift test --filter 'Phone/streams'`; for checks, the test's
    /// code that accepts the findings.
    public var acceptCommand: String
    /// Every moment compared, in frame order (for checks: each listed finding, by its detector).
    public var moments: [Moment]
    /// `«…» became «…»`, when the text shown changed.
    public var textChange: String?
    /// The text change's two sides, lines kept: what the reference showed and what this run shows.
    public var textBefore: TextExcerpt?
    public var textAfter: TextExcerpt?
    public var structure: Structure?
    public var firstDivergence: Divergence?
    /// This run's stream: frames and length, for the timeline.
    public var frameCount: Int
    public var durationMs: Double

    public init(
        kind: Kind = .snapshot, test: String, place: String, message: String, acceptCommand: String, moments: [Moment],
        textChange: String? = nil, textBefore: TextExcerpt? = nil, textAfter: TextExcerpt? = nil, structure: Structure? = nil,
        firstDivergence: Divergence? = nil, frameCount: Int, durationMs: Double
    ) {
        self.kind = kind
        self.test = test
        self.place = place
        self.message = message
        self.acceptCommand = acceptCommand
        self.moments = moments
        self.textChange = textChange
        self.textBefore = textBefore
        self.textAfter = textAfter
        self.structure = structure
        self.firstDivergence = firstDivergence
        self.frameCount = frameCount
        self.durationMs = durationMs
    }

    /// The record as JSON: keys sorted, so the same failure writes the same bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// - Throws: a message naming the file and what is wrong with it.
    public static func read(from path: String) throws -> FailureRecord {
        guard let data = FileManager.default.contents(atPath: path) else { throw ReportError("\(path): cannot read the file") }
        let record: FailureRecord
        do {
            record = try JSONDecoder().decode(FailureRecord.self, from: data)
        } catch {
            throw ReportError("\(path): not a Streamshot failure record: \(error)")
        }
        if let (field, name) = record.fileNames.first(where: { !RelativeFileName.isInside($0.name) }) {
            throw ReportError(
                "\(path): \(field) \"\(name.prefix(200))\": expected a file name inside the record's folder "
                    + "(relative, with no scheme and no `..`)")
        }
        return record
    }

    /// Every file name the record gives, with the field it is in: the page links each.
    var fileNames: [(field: String, name: String)] {
        var names: [(String, String?)] = []
        for (position, moment) in moments.enumerated() {
            names += [
                ("moments[\(position)].expected", moment.expected), ("moments[\(position)].actual", moment.actual),
                ("moments[\(position)].diff", moment.diff)
            ]
        }
        names += [("structure.expected", structure?.expected), ("structure.actual", structure?.actual)]
        return names.compactMap { field, name in name.map { (field, $0) } }
    }
}

/// Why a run report could not be made: says where and what.
public struct ReportError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
