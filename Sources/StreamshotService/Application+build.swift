import Foundation
public import Hummingbird
public import Logging

/// The service as `streamshot serve` and the tests run it: the job store opened (and jobs a
/// crash left running put back in the queue), the workers, and the routes.
/// - Throws: `ServiceConfigurationError`, or the store's errors opening the data folder.
public func buildApplication(_ configuration: ServiceConfiguration, logger: Logger? = nil) async throws -> some ApplicationProtocol {
    try configuration.validate()
    let logger = logger ?? Logger(label: "streamshot.serve")
    try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
    let store = try SQLiteJobStore(path: configuration.dataDirectory + "/jobs.sqlite")
    let requeued = try await store.requeueInterrupted()
    if requeued > 0 { logger.info("put back in the queue after a restart", metadata: ["jobs": "\(requeued)"]) }
    let files = JobFiles(dataDirectory: configuration.dataDirectory)
    let router = buildRouter(store: store, files: files, configuration: configuration)
    let workers = RenderWorkers(store: store, files: files, configuration: configuration, logger: logger)
    return Application(router: router,
                       configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "streamshot"),
                       services: [workers], logger: logger)
}

/// Every route, behind the problem+json boundary and the tokens.
func buildRouter(store: any JobStore, files: JobFiles, configuration: ServiceConfiguration) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: ProblemMiddleware())
    router.add(middleware: BearerAuthentication(tokens: configuration.tokens.map { Array($0.utf8) }))
    router.get("healthz") { _, _ in try JSONResponse.make(["status": "ok"]) }
    router.get("readyz") { _, _ in
        _ = try await store.count(status: .queued)
        return try JSONResponse.make(["status": "ready"])
    }
    router.get("openapi.json") { _, _ in JSONResponse.bytes(OpenAPIDocument.json, contentType: "application/json") }
    RenderRoutes(store: store, files: files, configuration: configuration,
                 reviews: ReviewMaker(files: files, fontsDirectory: configuration.fontsDirectory)).add(to: router)
    return router
}
