import StreamshotReview

/// What comparing one assertion's moments with its references found.
public struct SnapshotOutcome: Sendable {
    /// Each fails the test.
    public var failures: [SnapshotFailure] = []
    /// Said without failing: what `all` wrote, which stale references were removed or are left.
    public var notes: [String] = []
}

/// One reason a test fails: a line that says what is wrong, and the details that help.
public struct SnapshotFailure: Error, CustomStringConvertible, Sendable {
    /// One line: `final (frame 177, 2950 ms): 1204 of 249600 pixels differ (…)`.
    public var cause: String
    /// Where the expected, actual and diff images are; how to re-record.
    public var details: [String]
    /// For the run report: the moment this failure is about, with its images' file names.
    var moment: FailureRecord.Moment?
    /// For the run report: the structural snapshot's difference, and both texts.
    var structure: (difference: FailureRecord.Structure, expected: String, actual: String)?

    public init(_ cause: String, details: [String] = []) {
        self.cause = cause
        self.details = details
    }

    public var description: String { cause }

    /// The failures of one assertion as one: the references that differ named in its first line,
    /// each one's cause and details below, and `hint` (how to re-record) once at the end.
    static func combined(_ failures: [SnapshotFailure], hint: String) -> SnapshotFailure? {
        guard let first = failures.first else { return nil }
        guard failures.count > 1 else { return SnapshotFailure(first.cause, details: first.details + [hint]) }
        let names = failures.map { $0.moment?.name ?? ($0.structure != nil ? "manifest.txt" : String($0.cause.prefix { $0 != " " && $0 != ":" })) }
        return SnapshotFailure(
            "\(failures.count) of this assertion's references differ: \(names.joined(separator: ", "))",
            details: failures.flatMap { ["- " + $0.cause] + $0.details.map { "  " + $0 } } + [hint])
    }
}
