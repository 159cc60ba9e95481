import Foundation
import Streamshot
import StreamshotGraphics
import Testing

@testable import StreamshotTesting

/// The testing library itself: moments, record modes, failures with artifacts, stale references,
/// tolerance, and renders shared between assertions.
@Suite struct StreamSnapshotTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let events = [
        StreamEvent(timeMs: 200, kind: .delta("البند الأول: الأطراف.\n\n")),
        StreamEvent(timeMs: 900, kind: .delta("البند الثاني: مدة العقد.")),
        StreamEvent(timeMs: 1200, kind: .done)
    ]
    static let input = SnapshotInput.transcript(Transcript(events: events))

    /// A heading, an Arabic clause and an English sentence, 400 ms apart (`shifted(by:)` moves it).
    static let answer = [
        StreamEvent(timeMs: 300, kind: .delta("## البند الأول: الأطراف\n\n")),
        StreamEvent(timeMs: 700, kind: .delta("يلتزم المستأجر بدفع الإيجار في موعده.\n\n")),
        StreamEvent(timeMs: 1100, kind: .delta("The notice period runs from receipt.")),
        StreamEvent(timeMs: 1500, kind: .done)
    ]

    /// `answer` `shiftMs` later: every event, the done included.
    static func shifted(by shiftMs: Double) -> SnapshotInput {
        .transcript(Transcript(events: answer.map { StreamEvent(timeMs: $0.timeMs + shiftMs, kind: $0.kind) }))
    }

    private func verify(
        _ record: SnapshotRecordMode, _ input: SnapshotInput = Self.input, frames: FrameSelection = .everyBlock,
        tolerance: ImageTolerance = .exact, in folder: String,
        _ configure: (inout RenderSettings) -> Void = { _ in }
    ) throws -> SnapshotOutcome {
        var settings = RenderSettings.snapshot
        settings.size.height = 200
        configure(&settings)
        let stream = try RenderedStream.of(input, settings: settings, packageRoot: Self.root, keeping: frames)
        let references = ReferenceFolder(
            identity: TestIdentity(file: "F", suites: ["S"], function: "t", arguments: []), name: nil,
            snapshotsDirectory: folder + "/Snapshots", artifactsDirectory: folder + "/artifacts")
        return try StreamSnapshot(frames: frames, tolerance: tolerance, record: record).verify(stream, folder: references, packageRoot: folder)
    }

    private func temporary() -> String {
        NSTemporaryDirectory() + "streamshot-snapshot-tests-\(UUID().uuidString)"
    }

    private func files(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder + "/Snapshots/F/S/t").sorted()
    }

    @Test func referencesAreNamedForTheirMomentsAndAllSaysWhatItWrote() throws {
        let folder = temporary()
        let recorded = try verify(.all, in: folder)
        #expect(recorded.failures.isEmpty)
        #expect(try files(folder) == ["block-0-shown.png", "block-1-shown.png", "final.png", "first-text.png", "manifest.txt"])
        #expect(
            recorded.notes == [
                "recorded 5 reference(s) in Snapshots/F/S/t: first-text.png, block-0-shown.png, block-1-shown.png, final.png, manifest.txt"
            ])
        #expect(try verify(.never, in: folder).failures.isEmpty)
    }

    /// Every client's fades and caret blink read the frame clock alike wherever the answer starts.
    @Test(arguments: ["reference", "cloude", "haqq-mobile", "swiftui"])
    func theSameAnswerArrivingLaterStillMatchesMomentForMoment(client: String) throws {
        let folder = temporary()
        let settings: (inout RenderSettings) -> Void = { $0.client = ClientProfile.named(client)! }
        _ = try verify(.all, Self.shifted(by: 0), in: folder, settings)
        // A second later is 60 frames later: every moment has another frame number.
        let later = try verify(.never, Self.shifted(by: 1000), in: folder, settings)
        #expect(later.failures.isEmpty, "\(later.failures)")
        #expect(later.notes.isEmpty)
    }

    @Test func aChangedAnswerFailsWithExpectedActualDiffAndTheStructure() throws {
        let folder = temporary()
        _ = try verify(.all, in: folder)
        let outcome = try verify(.never, in: folder) { $0.textAlign = .left }
        let first = try #require(outcome.failures.first)
        // The growing line is held at the start edge, so the first difference is when block 1 shows.
        #expect(first.cause.hasPrefix("block-1-shown (frame "))
        #expect(first.cause.contains("pixels differ"))
        #expect(first.details.count == 3 && first.details[0].hasPrefix("expected: artifacts/F/S/t/") && first.details[2].hasPrefix("diff: "))
        let artifacts = try FileManager.default.contentsOfDirectory(atPath: folder + "/artifacts/F/S/t")
        #expect(artifacts.contains("final.expected.png") && artifacts.contains("final.actual.png") && artifacts.contains("final.diff.png"))
        #expect(outcome.failures.contains { $0.cause.hasPrefix("structure differs") && $0.cause.contains("align=left") })
        // A passing run leaves no artifacts of an earlier failure behind.
        #expect(try verify(.never, in: folder).failures.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/artifacts/F/S/t").isEmpty)
    }

    /// Two edited words fail the structure naming the words, with a little of the text around
    /// them, not a count of characters revealed.
    @Test func aChangedWordIsNamedInTheStructuresFailure() throws {
        let folder = temporary()
        _ = try verify(.all, .text("يلتزم المستأجر بدفع الأجرة في موعدها المحدد كل شهر."), in: folder)
        let outcome = try verify(.never, .text("يلتزم المستأجر بدفع الإيجار في موعده المحدد كل شهر."), in: folder)
        let structure = try #require(outcome.failures.first { $0.cause.contains("the text shown changed") })
        #expect(structure.cause.contains("«…") || structure.cause.contains("«يلتزم"), "\(structure.cause)")
        #expect(structure.cause.contains("الأجرة في موعدها") && structure.cause.contains("الإيجار في موعده"), "\(structure.cause)")
        #expect(TextChange.between("a\n| same text", "a\n| same text") == nil)
        #expect(TextChange.between("old reference without text", "a\n| text") == nil, "a reference from before has no text to compare")
    }

    @Test func missingRecordsAndSaysSoNeverFailsWithTheActualImage() throws {
        let folder = temporary()
        let never = try verify(.never, in: folder)
        let final = try #require(never.failures.first { $0.cause.hasPrefix("final (frame ") })
        #expect(final.cause.contains(": no reference Snapshots/F/S/t/final.png"))
        #expect(final.details == ["actual: artifacts/F/S/t/final.actual.png"])
        let missing = try verify(.missing, in: folder)
        #expect(
            missing.failures.map(\.cause) == [
                "no reference for first-text.png, block-0-shown.png, block-1-shown.png, final.png, manifest.txt in Snapshots/F/S/t: recorded them now"
            ])
        #expect(missing.failures.map(\.details) == [["commit them with the test (git add Snapshots/F/S/t); the next run compares with them"]])
        #expect(try verify(.missing, in: folder).failures.isEmpty)
    }

    @Test func failedReRecordsOnlyWhatDiffers() throws {
        let folder = temporary()
        _ = try verify(.all, in: folder)
        let dark: (inout RenderSettings) -> Void = { $0.theme = .dark }
        let failed = try verify(.failed, in: folder, dark)
        #expect(!failed.failures.isEmpty && failed.failures.allSatisfy { $0.cause.hasSuffix("(re-recorded)") })
        #expect(try verify(.never, in: folder, dark).failures.isEmpty)
    }

    @Test func staleReferencesAreRemovedOnReRecordAndNamedOtherwise() throws {
        let folder = temporary()
        _ = try verify(.all, in: folder)
        try Data([1]).write(to: URL(fileURLWithPath: folder + "/Snapshots/F/S/t/f000141.png"))
        let never = try verify(.never, in: folder)
        #expect(never.failures.isEmpty)
        #expect(never.notes == ["1 reference(s) in Snapshots/F/S/t that no moment uses any more: f000141.png; STREAMSHOT_RECORD=all removes them"])
        // Asking for the final frame only leaves the key frames stale too.
        let all = try verify(.all, frames: .final, in: folder)
        #expect(
            all.notes.first
                == "removed 4 stale reference(s) from Snapshots/F/S/t that no moment uses any more: block-0-shown.png, block-1-shown.png, f000141.png, first-text.png"
        )
        #expect(try files(folder) == ["final.png", "manifest.txt"])
    }

    @Test func toleranceAcceptsSmallDifferences() throws {
        let folder = temporary()
        _ = try verify(.all, in: folder)
        // The caret colour changes a few pixels only; structure is unchanged.
        let recolour: (inout RenderSettings) -> Void = { $0.theme.caret = Color(hex: 0xFF0000) }
        #expect(!(try verify(.never, in: folder, recolour)).failures.isEmpty)
        let loose = try verify(.never, tolerance: ImageTolerance(perPixel: 0, maxDifferingShare: 0.01), in: folder, recolour)
        #expect(loose.failures.isEmpty)
    }

    @Test func timesNameEachMomentAndAStreamEndingBeforeOneShowsTheEnd() throws {
        var settings = RenderSettings.snapshot
        settings.size.height = 200
        let stream = try RenderedStream.of(Self.input, settings: settings, packageRoot: Self.root, keeping: .times([1000, 1000, 99_000]))
        let moments = stream.moments
        #expect(moments.map(\.name) == ["t=1000ms", "t=99000ms", "final"])
        let frames = try stream.allFrames()
        #expect(moments[1].frame.index == frames.last?.index)
        #expect(moments[0].frame.timeMs <= 1000.01 && frames[moments[0].frame.index + 1].timeMs > 1000.01)
        // Only the moments' pictures are kept.
        #expect(Set(moments.map(\.png)).count <= 2)
    }

    @Test func assertionsOfOneStreamShareOneRender() throws {
        let first = try RenderedStream.of(Self.input, settings: .snapshot, packageRoot: Self.root)
        let again = try RenderedStream.of(Self.input, settings: .snapshot, packageRoot: Self.root)
        var dark = RenderSettings.snapshot
        dark.theme = .dark
        let other = try RenderedStream.of(Self.input, settings: dark, packageRoot: Self.root)
        #expect(first === again)
        #expect(first !== other)
        // A snapshot needs its moments' pictures; a check afterwards takes whichever render there is.
        let snapshot = try RenderedStream.of(Self.input, settings: .snapshot, packageRoot: Self.root, keeping: .keyFrames)
        #expect(snapshot !== first && snapshot.moments.map(\.name).first == "first-text")
        #expect(try RenderedStream.of(Self.input, settings: .snapshot, packageRoot: Self.root) === snapshot)
    }

    /// A long answer's default moments stay few: the first text, each top-level section's
    /// heading, the final frame — at most 12 — and `.everyBlock` names every block.
    @Test func keyFramesAreTheSectionsOfTheAnswer() throws {
        let sections = (1...14).map { "## البند \($0)\n\nنص البند \($0).\n\n### تفصيل\n\nتفصيل.\n" }.joined(separator: "\n")
        let settings = RenderSettings.snapshot
        let key = try RenderedStream.of(.text(sections), settings: settings, packageRoot: Self.root, keeping: .keyFrames)
        #expect(key.moments.map(\.name) == ["first-text"] + (1...10).map { "section-\($0)" } + ["final"])
        let headings = key.header.blocks.filter { $0.kind == .heading && $0.level == 2 }.map(\.id)
        let shown = try #require(key.moments.first { $0.name == "section-3" })
        #expect(shown.frame.blocks.first { $0.id == headings[2] }?.opacity == 1)
        let every = try RenderedStream.of(.text(sections), settings: settings, packageRoot: Self.root, keeping: .everyBlock)
        #expect(every.moments.count == key.header.blocks.count + 2)
    }

    @Test func theRecordModeIsReadInAnyCaseAndAnUnknownOneIsRefused() throws {
        #expect(try SnapshotRecordMode.fromEnvironment(["STREAMSHOT_RECORD": "NEVER"]) == .never)
        #expect(try SnapshotRecordMode.fromEnvironment([:]) == .missing)
        #expect(throws: InputError("STREAMSHOT_RECORD=none is not a record mode: use missing, all, failed, never")) {
            try SnapshotRecordMode.fromEnvironment(["STREAMSHOT_RECORD": "none"])
        }
    }

    @Test func twoAssertionsReachingForOneFolderAreToldApart() {
        let a = TestIdentity(file: "F", suites: ["A"], function: "t", arguments: [])
        let b = TestIdentity(file: "F", suites: ["B"], function: "t", arguments: [])
        let folder = "/tmp/streamshot-claims-\(UUID().uuidString)"
        #expect(ReferenceClaims.claim(folder, by: a, at: "F.swift:3", named: false) == nil)
        #expect(ReferenceClaims.claim(folder, by: a, at: "F.swift:3", named: false) == nil)  // the same assertion again
        let sameTest = ReferenceClaims.claim(folder, by: a, at: "F.swift:4", named: false)
        #expect(
            sameTest
                == "two assertions would share the references in \(folder): this one and another assertion in this test (F.swift:3); name it: assertStreamSnapshot(…, named: \"…\")"
        )
        let otherTest = ReferenceClaims.claim(folder, by: b, at: "F.swift:9", named: true)
        #expect(otherTest?.contains("this one and A/t (F.swift:3); give it a different name") == true)
    }

    @Test func folderNamesAreSafeOnEveryFileSystem() {
        #expect(ReferenceFolder.safeComponent("a/b: \"c\"") == "a_b_ _c_")
        #expect(ReferenceFolder.safeComponent("..") == "_.")
        let long = ReferenceFolder.safeComponent(String(repeating: "x", count: 200))
        #expect(long.count <= 80 && long.hasPrefix("xxxx") && long.contains("~"))
    }

    @Test func theAssertionReportsToSwiftTesting() {
        withKnownIssue {
            assertStreamSnapshot(of: .text("x"), arguments: "--network instant", record: .never, named: "does-not-exist")
        }
        withKnownIssue {
            assertStreamChecks(of: .text("x"), skipping: ["reveal-cadance": "typo"])
        }
        withKnownIssue {
            assertStreamSnapshot(of: .text("x"), arguments: "--pacing fast", named: "bad-option")
        }
    }

    /// `strict: true` fails on the render's warnings (a trace's bad field); without it the same
    /// render passes.
    @Test func strictChecksFailOnWarnings() {
        let trace = SnapshotInput.file("Tests/StreamshotTestingTests/Fixtures/strict/bad-field.jsonl")
        assertStreamChecks(of: trace)
        withKnownIssue {
            assertStreamChecks(of: trace, strict: true)
        } matching: { issue in
            "\(issue)".contains("strict: the render has 1 warning(s): bad-event: line 3: \"direction\" must be one of ltr, rtl, auto; ignored")
        }
    }

    /// A failing cell of a matrix is named in the failure; the passing cell reports nothing.
    @Test func aMatrixAssertionNamesTheFailingCell() {
        var options = RenderSettings.snapshot
        options.linePitch = .fontRelative
        options.network = .instant
        withKnownIssue {
            assertStreamChecks(
                of: .text("يلتزم المستأجر بسداد الأجرة في موعدها المحدد، وفي حال التأخر تستحق غرامة."),
                across: RenderMatrix(textSizes: [.accessibility2], themes: [.dark]), options: options)
        } matching: { issue in
            "\(issue)".contains("AX2_dark: line-height failed")
        }
    }
}

/// Suites and arguments name the folders: these live in this file beside each other.
@Suite struct TestIdentityTests {
    @Suite struct Outer {
        @Test(arguments: ["3g", "wifi"], [1, 2])
        func probe(network: String, seed: Int) {
            let identity = TestIdentity.current(filePath: #filePath, function: #function)
            #expect(identity.file == "StreamSnapshotTests")
            #expect(identity.suites == ["TestIdentityTests", "Outer"])
            #expect(identity.folderName == "probe(\(network),\(seed))")
            #expect(identity.filter == "TestIdentityTests/Outer/probe")
            #expect(!identity.isIndistinctCase)
        }
    }
}
