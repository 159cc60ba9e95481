import Foundation
import Streamshot
import StreamshotFuzzing
import Testing

/// A bounded fuzz run per target on every test run: the corpus (Examples/, Tests/Fuzz/corpus/)
/// and a fixed number of seeded mutants, so a run is the same everywhere and stays a few seconds.
/// Longer: `swift run -c release streamshot-fuzz TARGET SECONDS`, or `scripts/fuzz.sh TARGET SECONDS`
/// under libFuzzer. A finding is a trap: the test process ends on the input.
@Suite struct FuzzTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Inputs per target; STREAMSHOT_FUZZ_INPUTS raises it.
    static let inputs = ProcessInfo.processInfo.environment["STREAMSHOT_FUZZ_INPUTS"].flatMap(Int.init) ?? 400

    @Test(arguments: FuzzTarget.all.map(\.name))
    func noInputTrapsOrHangs(_ name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let run = FuzzRun(target: target, root: Self.root)
        #expect(run.corpus.count > 1, "the \(name) corpus is missing")
        let figures = run.run(seed: 14, seconds: .infinity, maxInputs: Self.inputs)
        #expect(figures.executions == Self.inputs)
    }

    /// The manifest corpus must read, or the fuzzer only ever meets the reader's first refusal:
    /// when the format changes, render them again (docs/bad-input.md).
    @Test func theManifestCorpusReads() throws {
        for file in FuzzTarget.manifest.corpus(Self.root) {
            _ = try Manifest.decode(try Data(contentsOf: file), name: file.lastPathComponent)
        }
    }

    @Test func theSameSeedMakesTheSameInputs() {
        var first = Mutator(seed: 3)
        var second = Mutator(seed: 3)
        let base = Array("data: {\"type\":\"delta\",\"content\":\"x\"}\n\n".utf8)
        for _ in 0..<50 { #expect(first.mutate(base, other: base) == second.mutate(base, other: base)) }
    }
}
