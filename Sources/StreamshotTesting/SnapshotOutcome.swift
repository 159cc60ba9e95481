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

    public init(_ cause: String, details: [String] = []) {
        self.cause = cause
        self.details = details
    }

    public var description: String { cause }
}
