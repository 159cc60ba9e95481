import Foundation
import StreamshotFuzzing
import Testing

/// The concurrency stress, briefly, in every run of the suite (issue 50; `scripts/stress.sh` runs
/// it for minutes): three threads render different workloads at once, and every frame and
/// manifest is byte-identical to the same render made alone.
@Suite struct ConcurrentRendersTests {
    @Test func rendersSideBySideMatchTheRendersMadeAlone() throws {
        let figures = try ConcurrentRenders(root: FuzzTests.root, workloadCount: 4).run(jobs: 3, seconds: 4)
        #expect(figures.renders >= 3, "\(figures)")
        #expect(figures.mismatches.isEmpty && figures.errors.isEmpty, "\(figures)")
    }
}
