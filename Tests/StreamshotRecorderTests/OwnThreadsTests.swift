import Foundation
import LiveTestSupport
import Testing

/// The live suites' executor: a test marked `.onOwnThreads` runs, with the tasks it starts, on
/// the dedicated threads, not on the cooperative pool the rendering suites block.
@Suite(.onOwnThreads) struct OwnThreadsTests {
    static func threadName() -> String {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return "no task executors here" }
        return DedicatedThreads.shared.isCurrent ? "live-test-" : Thread.current.name ?? ""
    }

    @Test func theBodyAndItsChildTasksRunOnTheDedicatedThreads() async throws {
        // Before task executors, the trait leaves the test where it was: nothing to prove.
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        #expect(Self.threadName().hasPrefix("live-test-"))
        let children = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { Self.threadName() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(children.allSatisfy { $0.hasPrefix("live-test-") }, "\(children)")
        async let child = Self.threadName()
        #expect(await child.hasPrefix("live-test-"))
        // A `Task {}` does not inherit the preference: why the service starts its own tasks with
        // `ServiceConfiguration.taskExecutor`, and why suites whose libraries start such tasks
        // (Hummingbird's WebSocket upgrade) do not share a process with the rendering suites.
        let unstructured = await Task { Self.threadName() }.value
        #expect(!unstructured.hasPrefix("live-test-"))
    }
}
