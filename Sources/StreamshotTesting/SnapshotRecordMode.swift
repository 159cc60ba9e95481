public import Foundation
import Streamshot

/// When references are written, as swift-snapshot-testing and Playwright users know it.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Write references that do not exist yet (the test fails once, saying so); compare the rest.
    case missing
    /// Write every reference anew, remove the ones no moment uses any more; the test passes and
    /// says what it wrote (the one-command re-record).
    case all
    /// Overwrite the references that no longer match, remove the ones no moment uses any more;
    /// the test still fails for what differed.
    case failed
    /// Never write: a missing or changed reference fails (the CI setting).
    case never

    /// `STREAMSHOT_RECORD` (any case), else `missing`.
    /// - Throws: `InputError` naming the value and the modes, for a value that is none of them
    ///   (`none` does not silently mean `missing`).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SnapshotRecordMode {
        guard let value = environment["STREAMSHOT_RECORD"], !value.isEmpty else { return .missing }
        guard let mode = SnapshotRecordMode(rawValue: value.lowercased()) else {
            throw InputError("STREAMSHOT_RECORD=\(value) is not a record mode: use \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return mode
    }

    /// Whether this mode writes a reference that is missing.
    var writesMissing: Bool { self != .never }

    /// Whether this mode removes references that no moment uses any more.
    var removesStale: Bool { self == .all || self == .failed }
}
