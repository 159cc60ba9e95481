import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Testing

@testable import StreamshotService

/// `/metrics` counts what the service did, in Prometheus's text format.
@Suite(.onOwnThreads) struct MetricsTests {
    @Test func metricsCountJobsFramesAndDurations() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            var frames = 0
            for _ in 0..<2 {
                let id = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.answer))["id"] as? String)
                let ended = try await ServiceSupport.waitForEnd(client, id)
                frames += try #require(ended["frames"] as? Int)
            }
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let samples = Self.samples(String(buffer: response.body))
            #expect(samples[#"streamshot_jobs{status="succeeded"}"#] == 2)
            #expect(samples[#"streamshot_jobs{status="queued"}"#] == 0)
            #expect(samples["streamshot_queue_depth"] == 0)
            #expect(samples["streamshot_sessions_open"] == 0)
            #expect(samples["streamshot_frames_rendered_total"] == Double(frames), "every frame written is counted once")
            #expect(samples[#"streamshot_render_duration_seconds_count{status="succeeded"}"#] == 2)
            #expect(samples["streamshot_render_frames_per_second_count"] == 2)
        }
    }

    /// `name{labels} value` lines, comments left out.
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        return samples
    }
}
