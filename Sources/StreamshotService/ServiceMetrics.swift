import Foundation
import Prometheus

/// What `/metrics` tells Prometheus: jobs by status and the queue's depth (read from the store
/// at each scrape, so every instance on one store agrees), open sessions, frames rendered
/// (`rate()` of it is frames/s), and each render's duration and frames/s by how it ended.
final class ServiceMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let jobs: [JobStatus: Gauge]
    private let queueDepth: Gauge
    private let sessionsOpen: Gauge
    private let frames: Counter
    private let durations: [JobStatus: DurationHistogram]
    private let framesPerSecond: ValueHistogram

    init() {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        jobs = Dictionary(
            uniqueKeysWithValues: JobStatus.allCases.map { status in
                (
                    status,
                    registry.makeGauge(descriptor: Self.name("jobs", "", "Jobs in the store, by status."), labels: [("status", status.rawValue)])
                )
            })
        queueDepth = registry.makeGauge(descriptor: Self.name("queue_depth", "", "Jobs waiting for a worker."))
        sessionsOpen = registry.makeGauge(descriptor: Self.name("sessions_open", "", "Live sessions taking events."))
        frames = registry.makeCounter(descriptor: Self.name("frames_rendered", "total", "Frames rendered and written, by every job."))
        let seconds: [Duration] = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600].map { .milliseconds(Int($0 * 1000)) }
        durations = Dictionary(
            uniqueKeysWithValues: [JobStatus.succeeded, .failed, .cancelled].map { status in
                (
                    status,
                    registry.makeDurationHistogram(
                        descriptor: Self.name("render_duration", "seconds", "How long a job's render ran, by how it ended."),
                        labels: [("status", status.rawValue)], buckets: seconds)
                )
            })
        framesPerSecond = registry.makeValueHistogram(
            descriptor: Self.name("render_frames_per_second", "", "Frames a second of each successful render."),
            buckets: [5, 10, 20, 40, 60, 80, 120, 200, 400])
    }

    /// One frame written.
    func frameRendered() { frames.increment() }

    /// A render ended (one going back to the queue is not counted: it ends later).
    func renderEnded(_ status: JobStatus, after duration: Duration, frames count: Int?) {
        durations[status]?.record(duration)
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if status == .succeeded, let count, seconds > 0 { framesPerSecond.record(Double(count) / seconds) }
    }

    /// The exposition text, the gauges read now.
    func scrape(store: any JobStore, openSessions: Int) async throws -> [UInt8] {
        for status in JobStatus.allCases { jobs[status]?.set(Double(try await store.count(status: status))) }
        queueDepth.set(Double(try await store.count(status: .queued)))
        sessionsOpen.set(Double(openSessions))
        return registry.emitToBuffer()
    }

    private static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "streamshot", metricName: metric, unitName: unit, helpText: help)
    }
}
