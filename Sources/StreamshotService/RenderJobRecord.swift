import Foundation
public import Streamshot

/// Where a render job is in its life. A job ends exactly once: succeeded, failed or cancelled.
public enum JobStatus: String, Codable, Sendable, CaseIterable {
    case queued, running, succeeded, failed, cancelled

    public var isFinished: Bool { self == .succeeded || self == .failed || self == .cancelled }
}

/// One render job as the store keeps it: what to render (its input is a file beside the store,
/// its options a `RenderSpec`) and how far it got.
public struct RenderJobRecord: Encodable, Sendable, Equatable {
    public var id: String
    public var status: JobStatus
    /// When it was submitted, in ms since 1970 (orders the queue and the list; never a render input).
    public var createdAtMs: Int64
    /// How the input file is read: sse, jsonl, md, txt or trace.
    public var input: InputKind
    /// The render options, the server's caps included.
    public var spec: RenderSpec
    public var framesDone: Int
    /// The render's frame count, once it has succeeded.
    public var frames: Int?
    /// The stream's ending (done, timeout, stopped…), once it has succeeded.
    public var ending: String?
    /// Why it failed or was cancelled.
    public var error: String?
    /// How many times a worker has started it (a restart after a crash starts it again).
    public var attempts: Int
    /// Where to POST the job once it has ended, and how that delivery stands.
    public var callback: Callback?

    public init(id: String, createdAtMs: Int64, input: InputKind, spec: RenderSpec) {
        self.id = id
        self.status = .queued
        self.createdAtMs = createdAtMs
        self.input = input
        self.spec = spec
        self.framesDone = 0
        self.attempts = 0
    }
}

extension RenderJobRecord {
    /// A job whose options are given as `streamshot render` takes them.
    /// - Throws: `InputError` for an option the render list does not have.
    public init(id: String, createdAtMs: Int64, input: InputKind, arguments: [String]) throws {
        self.init(id: id, createdAtMs: createdAtMs, input: input, spec: try RenderSpec.parse(arguments, in: RenderSettings.descriptors).spec)
    }

    /// The options as `streamshot render` takes them: what the job reports and logs, and the
    /// command that renders the same frames.
    public var arguments: [String] { spec.arguments(in: RenderSettings.descriptors) }
}

/// A job's completion callback: a signed POST of the ended job to `url`, retried with backoff.
public struct Callback: Codable, Sendable, Equatable {
    public enum State: String, Codable, Sendable {
        /// The job has not ended yet.
        case waiting
        /// The job has ended; the POST is due at `nextAtMs`.
        case pending
        /// The receiver answered 2xx.
        case delivered
        /// Every attempt failed; `lastError` says how the last one did.
        case failed
    }

    public var url: String
    public var state: State
    public var attempts: Int
    public var nextAtMs: Int64
    public var lastError: String?

    public init(url: String) {
        self.url = url
        state = .waiting
        attempts = 0
        nextAtMs = 0
    }
}
