import Foundation
import Testing

/// A team that snapshots with pointfreeco's swift-snapshot-testing: its package turns on the
/// `SnapshotTesting` trait and asserts `.streamFrames()`, `.streamManifest()` and
/// `.streamChecks()` with `assertSnapshot`, in Swift Testing and XCTest (`Fixtures/snapshot-consumer`).
/// Built and run for real: the library's own record modes record, compare and re-record; a
/// changed answer fails naming the moments that differ, and leaves the expected, actual and diff
/// PNGs under `--attachments-path`; the trait brings no command-line tool's packages.
@Suite(.serialized) struct SnapshotTestingConsumerTests {
    static let consumer = ConsumerPackage(fixture: "snapshot-consumer", workspace: "streamshot-snapshot-consumer", name: "LeaseSnapshots")
    static let answer = ["## البند الأول: الأطراف\n\n", "يلتزم المستأجر بدفع الإيجار في موعده.\n\n", "The notice period runs from receipt."]
    static let references = "Tests/LeaseSnapshotTests/__Snapshots__"

    @Test func aTeamsSnapshotTestsRecordCompareAndFail() async throws {
        try Self.consumer.prepare(references: [])
        try Self.consumer.writeAnswer(Self.answer)
        let build = try await Self.consumer.swift(["build", "--build-tests"])
        #expect(build.status == 0, "\(build.output)")
        let streamshotWarnings = build.output.split(separator: "\n").filter { $0.contains("/Sources/Streamshot") && $0.contains("warning:") }
        #expect(streamshotWarnings.isEmpty, "\(streamshotWarnings)")
        let resolved = Set(try Self.consumer.resolvedPackages())
        #expect(resolved.contains("swift-snapshot-testing"))
        #expect(resolved.isDisjoint(with: ["swift-argument-parser", "hummingbird", "swift-nio", "grdb.swift"]), "\(resolved)")

        let first = try await Self.test(record: "missing")
        #expect(first.status != 0 && first.output.contains("No reference was found on disk"), "\(first.output)")
        for file in [
            "LeaseSnapshotTests/leaseStreams.1.png", "LeaseSnapshotTests/leaseStreams.2.txt", "LeaseSnapshotTests/leaseStreams.3.txt",
            "LeaseSnapshotTests/recordModeForAScope.term.png", "LegacyLeaseSnapshotTests/testStreams.1.png"
        ] {
            #expect(Self.consumer.exists(Self.references + "/" + file), "\(file) was not recorded")
        }
        let compared = try await Self.test(record: "never")
        #expect(compared.status == 0, "\(compared.output)")

        // The same answer a second later: the moments, not the frame numbers, are compared.
        try Self.consumer.writeAnswer(Self.answer, shiftedBy: 1000)
        #expect(try await Self.test(record: "never").status == 0)

        // The last paragraph changes: the final moment differs, and the manifest names the words.
        try Self.consumer.writeAnswer(Array(Self.answer.dropLast()) + ["The term is one year."])
        let attachments = Self.consumer.workspace.appendingPathComponent("attachments").path
        try? FileManager.default.removeItem(atPath: attachments)
        try FileManager.default.createDirectory(atPath: attachments, withIntermediateDirectories: true)
        let changed = try await Self.test(record: "never", arguments: ["--attachments-path", attachments])
        #expect(changed.status != 0)
        #expect(changed.output.contains("moments that differ: final;") && changed.output.contains("pixels differ"), "\(changed.output)")
        #expect(changed.output.contains("The term is one year"), "the manifest's diff names the words: \(changed.output)")
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: attachments)) ?? []
        for suffix in ["expected.png", "actual.png", "diff.png"] {
            #expect(kept.contains { $0.hasPrefix("stream-frames") && $0.hasSuffix(suffix) }, "no \(suffix) attached: \(kept)")
        }

        // A stream that does not render says why, at the assertion's line.
        let broken = try await Self.consumer.swift(
            ["test", "--skip-build", "--filter", "aStreamThatDoesNotRender"],
            environment: ["BROKEN_STREAM": "1", "SNAPSHOT_TESTING_RECORD": "never"])
        #expect(
            broken.status != 0 && broken.output.contains("could not render the stream: ")
                && broken.output.contains("Streams/missing.jsonl: cannot read the file")
                && broken.output.contains("LeaseSnapshotTests.swift:"), "\(broken.output)")

        // Accepted with the library's own mode, then compared again.
        #expect(try await Self.test(record: "failed").status != 0, "re-recording what failed reports it")
        #expect(try await Self.test(record: "never").status == 0)
    }

    static func test(record: String, arguments: [String] = []) async throws -> (status: Int32, output: String) {
        try await consumer.swift(["test", "--skip-build"] + arguments, environment: ["SNAPSHOT_TESTING_RECORD": record])
    }
}
