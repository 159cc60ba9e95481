import Foundation
import StreamshotReview

/// Where one assertion's references live: `Snapshots/<file>/<suite>/<test(arguments)>/`, and
/// a `<name>/` folder in it for a named assertion. Failure artifacts mirror it.
struct ReferenceFolder {
    /// The references, absolute.
    let path: String
    /// Expected, actual and diff images of failures, absolute.
    let artifacts: String
    /// The run report `streamshot report` writes over all of a run's artifacts (its default place).
    let runReport: String

    init(identity: TestIdentity, name: String?, snapshotsDirectory: String, artifactsDirectory: String) {
        let components = [identity.file] + identity.suites + [identity.folderName] + (name.map { [$0] } ?? [])
        let relative = components.map(Self.safeComponent).joined(separator: "/")
        path = snapshotsDirectory + "/" + relative
        artifacts = artifactsDirectory + "/" + relative
        runReport = artifactsDirectory + "/" + RunReport.defaultName
    }

    /// A file name every file system takes: no separators or reserved characters, at most 80
    /// characters (a long argument keeps its start and a fingerprint of the rest).
    static func safeComponent(_ text: String) -> String {
        let reserved = Set("/\\:*?\"<>|")
        var safe = String(text.map { reserved.contains($0) || $0.isNewline || $0.asciiValue.map { $0 < 32 } == true ? "_" : $0 })
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        guard safe.count > 80 else { return safe.isEmpty ? "_" : safe }
        var hash: UInt32 = 0x811c_9dc5
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return String(safe.prefix(71)) + "~" + String(hash, radix: 16)
    }
}

/// Which assertion writes which folder, over the whole test run: two assertions that would
/// share one (same-named tests in two suites of one file are kept apart by the suite; the cases
/// of a parameterised test by their arguments; what remains is two assertions without names)
/// are reported instead of failing each other on every run.
enum ReferenceClaims {
    private struct Claim {
        let owner: TestIdentity
        let site: String
    }

    private static let claims = Locked<[String: Claim]>([:])

    /// Claims `folder` for the assertion at `site` in `owner`.
    /// - Returns: nil when the folder is this assertion's (a first claim, or the same assertion
    ///   run again), else why not and the way out.
    static func claim(_ folder: String, by owner: TestIdentity, at site: String, named: Bool) -> String? {
        claims.withLock { claims in
            guard let existing = claims[folder] else {
                claims[folder] = Claim(owner: owner, site: site)
                return nil
            }
            if existing.owner == owner, existing.site == site { return nil }
            let who = existing.owner == owner ? "another assertion in this test" : "\(existing.owner.description)"
            let fix = named ? "give it a different name" : "name it: assertStreamSnapshot(…, named: \"…\")"
            return "two assertions would share the references in \(folder): this one and \(who) (\(existing.site)); \(fix)"
        }
    }
}
