import Foundation
import Logging
import Streamshot

/// Runs one job that has started — claimed from the queue, or a live session — to its end:
/// renders it on a thread of its own (a render is CPU work that must not hold the server's
/// event loops or Swift's cooperative threads), stores its progress, stops it when cancelled,
/// and ends it exactly once.
struct JobRunner: Sendable {
    let store: any JobStore
    let files: JobFiles
    let configuration: ServiceConfiguration
    let metrics: ServiceMetrics
    let logger: Logger
    /// Where each frame is announced as it is made (the progress streams wait on it).
    let bulletin = FrameBulletin()

    /// Renders one claimed job and ends it.
    /// - Parameters:
    ///   - live: a live session's input, which the render waits on: a stop wakes it.
    ///   - timeLimitSeconds: the render's time limit (a session's counts its stream too).
    func execute(_ job: RenderJobRecord, live: LiveInput? = nil, timeLimitSeconds: Double? = nil) async {
        var logger = logger
        logger[metadataKey: "job"] = "\(job.id)"
        logger.info("rendering", metadata: ["attempt": "\(job.attempts)", "arguments": "\(job.arguments.joined(separator: " "))"])
        let control = RenderControl(timeLimitSeconds: timeLimitSeconds ?? configuration.jobTimeLimitSeconds) { reason in live?.stop(reason) }
        let watcher = configuration.tasks.start { await watch(job.id, control: control) }
        let started = ContinuousClock.now
        let (metrics, bulletin) = (metrics, bulletin)
        let outcome: Result<RenderResult, any Error>
        do {
            let renderJob = try makeRenderJob(job, live: live)
            let folder = try files.startRender(job.id, attempt: job.attempts)
            // Shutdown cancels the worker: the render then stops at its next frame.
            outcome = await withTaskCancellationHandler {
                // A frame that repeats the one before is a hard link to it: the same bytes, no new data on disk.
                await Self.onItsOwnThread {
                    try renderJob.render(to: folder, repeats: .hardLinked) { frame in
                        metrics.frameRendered()
                        try control.frameDone(frame.index + 1)
                        bulletin.announce(job.id, FrameBulletin.Latest(index: frame.index, timeMs: frame.timeMs))
                    }
                }
            } onCancel: {
                control.requestStop(.shutdown)
            }
        } catch {
            outcome = .failure(error)
        }
        watcher.cancel()
        // Ended even when the service is shutting down (which cancels this task): a job goes back
        // to the queue or ends, never stays "running" for the next start to find.
        let framesMade = control.framesDone
        await configuration.tasks.start { await end(job, outcome, framesMade: framesMade, after: ContinuousClock.now - started, logger: logger) }
            .value
        // Its progress streams wake to read how it ended, now that the store has it.
        bulletin.ended(job.id)
    }

    /// The job's render as the CLI would run it: its arguments, the server's fonts and threads.
    private func makeRenderJob(_ job: RenderJobRecord, live: LiveInput?) throws -> RenderJob {
        var settings = try RenderSettings(spec: job.spec)
        settings.fonts = configuration.fontsDirectory
        settings.encoderThreads = configuration.encoderThreadsPerJob
        if job.input == .trace { settings.clientTrace = true }
        settings.pictures = try files.pictures(job.id)
        var renderJob = try settings.job(input: live.map { .live($0) } ?? .file(files.input(job)))
        if live == nil, let body = FileManager.default.contents(atPath: files.input(job)) {
            renderJob.inputWarnings = job.input.disagreement(with: [UInt8](body)).map { [$0] } ?? []
        }
        return renderJob
    }

    /// Stores progress (renewing a shared store's lease) while the job runs, and stops it once a DELETE has cancelled it.
    private func watch(_ id: String, control: RenderControl) async {
        var stored = -1
        var lastWrite = ContinuousClock.now
        let renewEvery = Duration.milliseconds(Int64(configuration.leaseSeconds * 1000 / 3))
        while true {
            do {
                try await Task.sleep(for: .milliseconds(configuration.progressIntervalMs))
            } catch {
                return  // the render has ended
            }
            let done = control.framesDone
            if done != stored {
                try? await store.recordProgress(id, framesDone: done)
                stored = done
                lastWrite = .now
            } else if ContinuousClock.now - lastWrite >= renewEvery {
                // No new frame (a quiet live session): the lease is renewed all the same.
                try? await store.renewLease(id)
                lastWrite = .now
            }
            if (try? await store.job(id))?.status == .cancelled { control.requestStop(.cancelled) }
        }
    }

    private func end(
        _ job: RenderJobRecord, _ outcome: Result<RenderResult, any Error>, framesMade: Int, after duration: Duration,
        logger: Logger
    ) async {
        do {
            switch outcome {
            case .success(let result):
                try files.completeRender(job.id, attempt: job.attempts)
                let ended = try await store.finish(
                    job.id, as: .succeeded, frames: result.frameCount,
                    ending: result.header.ending?.kind.rawValue, error: nil)
                // Not ended here: cancelled or deleted meanwhile (its files go), or, on a shared store,
                // taken over by another instance after this one's lease ran out (its files stay: that
                // instance ends it).
                if !ended, try await [nil, .cancelled].contains(store.job(job.id)?.status) { files.remove(job.id) }
                metrics.renderEnded(ended ? .succeeded : .cancelled, after: duration, frames: result.frameCount)
                logger.info("succeeded", metadata: ["frames": "\(result.frameCount)"])
            case .failure(RenderControl.Stop.cancelled):
                files.discardRender(job.id, attempt: job.attempts)
                metrics.renderEnded(.cancelled, after: duration, frames: nil)
                logger.info("cancelled")
            case .failure(RenderControl.Stop.shutdown):
                files.discardRender(job.id, attempt: job.attempts)
                // Stopped before its first frame, the attempt did not happen: it is given back.
                _ = try await store.requeue(job.id, attemptMade: framesMade > 0)
                logger.info("back in the queue: the service is shutting down")
            case .failure(let error):
                files.discardRender(job.id, attempt: job.attempts)
                _ = try await store.finish(job.id, as: .failed, frames: nil, ending: nil, error: Self.message(error))
                metrics.renderEnded(.failed, after: duration, frames: nil)
                logger.info("failed", metadata: ["error": "\(Self.message(error))"])
            }
        } catch {
            logger.error("could not end the job", metadata: ["error": "\(error)"])
        }
    }

    static func message(_ error: any Error) -> String {
        switch error {
        case let error as InputError: return error.message
        case RenderControl.Stop.timeLimit(let seconds): return "rendering ran past this server's time limit of \(SettingRange.text(seconds)) s"
        default: return "\(error)"
        }
    }

    /// Runs blocking work on a thread outside Swift's cooperative pool.
    static func onItsOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async -> Result<Value, any Error> {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: Result { try work() }) }
            thread.stackSize = 16 << 20
            thread.start()
        }
    }
}
