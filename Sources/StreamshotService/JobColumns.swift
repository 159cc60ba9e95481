import Foundation

/// A job as both stores' rows hold it: the render spec as JSON text, the callback in columns.
/// (PostgreSQL's rows also hold the lease, which only that store reads.)
struct JobColumns: Codable {
    var id: String
    var status: String
    var createdAtMs: Int64
    var input: String
    var spec: String
    var framesDone: Int
    var frames: Int?
    var ending: String?
    var error: String?
    var attempts: Int
    var callbackUrl: String?
    var callbackState: String?
    var callbackAttempts: Int
    var callbackNextAtMs: Int64
    var callbackError: String?

    init(_ job: RenderJobRecord) throws {
        id = job.id
        status = job.status.rawValue
        createdAtMs = job.createdAtMs
        input = job.input.rawValue
        spec = try StoredSpecMigration.storedText(job.spec)
        framesDone = job.framesDone
        frames = job.frames
        ending = job.ending
        error = job.error
        attempts = job.attempts
        callbackUrl = job.callback?.url
        callbackState = job.callback?.state.rawValue
        callbackAttempts = job.callback?.attempts ?? 0
        callbackNextAtMs = job.callback?.nextAtMs ?? 0
        callbackError = job.callback?.lastError
    }

    var record: RenderJobRecord {
        var job = RenderJobRecord(
            id: id, createdAtMs: createdAtMs, input: InputKind(rawValue: input) ?? .md,
            spec: StoredSpecMigration.spec(fromStored: spec))
        job.status = JobStatus(rawValue: status) ?? .failed
        job.framesDone = framesDone
        job.frames = frames
        job.ending = ending
        job.error = error
        job.attempts = attempts
        if let callbackUrl {
            job.callback = Callback(url: callbackUrl)
            job.callback?.state = callbackState.flatMap(Callback.State.init) ?? .failed
            job.callback?.attempts = callbackAttempts
            job.callback?.nextAtMs = callbackNextAtMs
            job.callback?.lastError = callbackError
        }
        return job
    }
}
