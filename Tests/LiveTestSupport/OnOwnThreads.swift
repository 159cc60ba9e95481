public import Testing

/// Runs a test (or every test of a suite) with `DedicatedThreads.shared` as its tasks' executor
/// preference: the test's body and every task it starts in structure (task groups, `async let`,
/// and so the servers the test runs in process) execute there, never behind a blocked thread of
/// the cooperative pool.
public struct OnOwnThreads: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            try await withTaskExecutorPreference(DedicatedThreads.shared) { try await function() }
        } else {
            // No task executors before these systems: the test runs on the global pool, as before.
            try await function()
        }
    }
}

extension Trait where Self == OnOwnThreads {
    /// The test's tasks run on threads of their own (`DedicatedThreads`).
    public static var onOwnThreads: Self { OnOwnThreads() }
}
