/// Where the service's own unstructured tasks run: a job's watcher and its ending, a session's
/// render and idle clock, a callback poll's timer, a review being made, the PostgreSQL client.
/// Structured work inherits its caller's task executor preference; a `Task {}` does not, so these
/// are started here, with the configuration's (`ServiceConfiguration.taskExecutor`). Nil, as in
/// `serve`: Swift's global executor. The test suites give their own threads, so that a test's
/// server never waits behind the rendering tests that block the cooperative pool.
struct TaskPreference: Sendable {
    /// A `TaskExecutor` (typed as `Executor` so that the configuration builds where task
    /// executors are not available); nil: the global executor.
    let executor: (any Executor)?

    @discardableResult
    func start<Success: Sendable>(_ operation: sending @escaping () async -> Success) -> Task<Success, Never> {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), let preferred = executor as? any TaskExecutor {
            return Task(executorPreference: preferred, operation: operation)
        }
        return Task(operation: operation)
    }
}
