import Foundation
public import Hummingbird
import HummingbirdWebSocket
public import Logging

/// The service as `streamshot serve` and the tests run it: the job store opened (and jobs a
/// crash left running put back in the queue), the workers, and the routes.
/// - Throws: `ServiceConfigurationError`, or the store's errors opening the data folder.
public func buildApplication(_ configuration: ServiceConfiguration, logger: Logger? = nil) async throws -> some ApplicationProtocol {
    try configuration.validate()
    let logger = logger ?? Logger(label: "streamshot.serve")
    try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
    let store = try await openStore(configuration, logger: logger)
    let requeued = try await store.requeueInterrupted()
    if requeued > 0 { logger.info("put back in the queue after a restart", metadata: ["jobs": "\(requeued)"]) }
    let files = JobFiles(dataDirectory: configuration.dataDirectory)
    let metrics = ServiceMetrics()
    let runner = JobRunner(store: store, files: files, configuration: configuration, metrics: metrics, logger: logger)
    let sessions = LiveSessions(store: store, files: files, runner: runner, configuration: configuration)
    let router = buildRouter(store: store, files: files, sessions: sessions, metrics: metrics, configuration: configuration)
    let workers = RenderWorkers(store: store, runner: runner, configuration: configuration, logger: logger)
    return Application(
        router: router,
        server: .streamshot(configuration, sessions: sessions),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "streamshot"),
        services: [workers, sessions, CallbackSender(store: store, configuration: configuration, logger: logger)],
        logger: logger)
}

/// The job store the configuration names: PostgreSQL, shared, or SQLite in the data folder.
func openStore(_ configuration: ServiceConfiguration, logger: Logger) async throws -> any JobStore {
    guard let url = configuration.databaseURL else { return try SQLiteJobStore(path: configuration.dataDirectory + "/jobs.sqlite") }
    let store = try await PostgresJobStore(
        url: url, leaseSeconds: configuration.leaseSeconds,
        instance: configuration.instance ?? UUID().uuidString, logger: logger,
        taskExecutor: configuration.taskExecutor)
    logger.info("jobs in PostgreSQL", metadata: ["instance": "\(store.instance)"])
    return store
}

/// Every route, behind the problem+json boundary and the tokens.
func buildRouter(
    store: any JobStore, files: JobFiles, sessions: LiveSessions, metrics: ServiceMetrics,
    configuration: ServiceConfiguration
) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: ProblemMiddleware())
    router.add(middleware: BearerAuthentication(tokens: configuration.tokens.map { Array($0.utf8) }))
    router.get("/") { _, _ in
        let recent =
            configuration.tokens.isEmpty
            ? RecentRenders(try await store.jobs(status: nil)) { sessions.session($0)?.isOpen == true } : nil
        return JSONResponse.bytes(FrontPage.html(recent: recent), contentType: "text/html; charset=utf-8")
    }
    router.get("healthz") { _, _ in try JSONResponse.make(["status": "ok"]) }
    router.get("readyz") { _, _ in
        _ = try await store.count(status: .queued)
        return try JSONResponse.make(["status": "ready"])
    }
    router.get("metrics") { _, _ in
        JSONResponse.bytes(
            try await metrics.scrape(store: store, openSessions: sessions.openCount),
            contentType: "text/plain; version=0.0.4; charset=utf-8")
    }
    router.get("openapi.json") { _, _ in JSONResponse.bytes(OpenAPIDocument.json, contentType: "application/json") }
    RenderRoutes(
        store: store, files: files, configuration: configuration,
        reviews: ReviewMaker(
            files: files, fontsDirectory: configuration.fontsDirectory,
            patience: .milliseconds(Int64(configuration.reviewPatienceSeconds * 1000))),
        bulletin: sessions.bulletin
    ).add(to: router)
    SessionRoutes(sessions: sessions, store: store, files: files, configuration: configuration).add(to: router)
    return router
}
