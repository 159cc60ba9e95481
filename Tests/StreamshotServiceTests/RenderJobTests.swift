import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Streamshot
import Testing

@testable import StreamshotService

/// Render jobs over HTTP, in-process: submit, follow, fetch, list, cancel, delete.
@Suite(.onOwnThreads) struct RenderJobTests {
    @Test func aJobRendersTheFramesTheCLIWould() async throws {
        let configuration = ServiceSupport.configuration()
        let app = try await ServiceSupport.application(configuration)
        try await app.test(.router) { client in
            let submitted = try await ServiceSupport.submit(
                client, ServiceSupport.answer, query: "size=390x300&scale=1&client=haqq-mobile&network=3g")
            #expect(submitted.status == .accepted)
            let id = try #require(try ServiceSupport.json(submitted)["id"] as? String)
            #expect(submitted.headers[.location] == "/v1/renders/\(id)")
            let ended = try await ServiceSupport.waitForEnd(client, id)
            #expect(ended["status"] as? String == "succeeded", "\(ended)")
            #expect(ended["ending"] as? String == "done")
            let frames = try #require(ended["frames"] as? Int)

            // The same input and options through RenderSettings, as the CLI renders them.
            let expected = NSTemporaryDirectory() + "streamshot-cli-\(UUID().uuidString)"
            let input = expected + ".jsonl"
            try ServiceSupport.answer.write(toFile: input, atomically: true, encoding: .utf8)
            var settings = try RenderSettings(
                arguments: "--size 390x300 --scale 1 --client haqq-mobile --network 3g --max-frames 20000 --max-duration 600")
            settings.fonts = configuration.fontsDirectory
            let cli = try settings.job(input: .file(input)).render(to: expected)
            #expect(cli.frameCount == frames)
            for index in Set([0, frames / 2, frames - 1]) {
                let name = String(format: "%06d.png", index)
                let served = try await client.execute(uri: "/v1/renders/\(id)/frames/\(name)", method: .get)
                #expect(served.status == .ok && served.headers[.contentType] == "image/png")
                #expect(Data(buffer: served.body) == FileManager.default.contents(atPath: expected + "/frames/" + name), "frame \(name)")
            }
            let manifest = try await client.execute(uri: "/v1/renders/\(id)/manifest.json", method: .get)
            #expect(Data(buffer: manifest.body) == FileManager.default.contents(atPath: expected + "/manifest.json"))
            let check = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)/check", method: .get))
            #expect(check["passed"] is Bool)
        }
    }

    /// GETs `uri` as a patient client does: again after `Retry-After` while the answer is `202`.
    static func fetchFollowingRetries(_ client: some TestClientProtocol, _ uri: String) async throws -> TestResponse {
        for _ in 0..<300 {
            let response = try await client.execute(uri: uri, method: .get)
            guard response.status == .accepted else { return response }
            #expect(response.headers[.retryAfter] == "2", "a 202 says when to ask again")
            try await Task.sleep(for: .milliseconds(200))
        }
        throw HarnessError("\(uri) was still being made after a minute")
    }

    @Test func theReviewIsMadeOnFirstRequestAndItsReportLoadsFromTheServer() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            let id = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.answer))["id"] as? String)
            _ = try await ServiceSupport.waitForEnd(client, id)
            // Two clients at once: one review.
            async let sheet = Self.fetchFollowingRetries(client, "/v1/renders/\(id)/review/contact-sheet.png")
            async let animation = Self.fetchFollowingRetries(client, "/v1/renders/\(id)/review/animation.png")
            for response in try await [sheet, animation] {
                #expect(response.status == .ok && response.headers[.contentType] == "image/png")
                #expect(Array(Data(buffer: response.body).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }
            let report = try await client.execute(uri: "/v1/renders/\(id)/report.html", method: .get)
            #expect(report.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(buffer: report.body)
            // Every image the report names is one the server serves beside it.
            let sources = html.matches(of: /src="([^"]+)"/).map { String($0.output.1) }
            #expect(!sources.isEmpty)
            for source in sources {
                #expect(!source.hasPrefix("/") && !source.hasPrefix("file:"), "\(source)")
                #expect(try await client.execute(uri: "/v1/renders/\(id)/\(source)", method: .get).status == .ok, "\(source)")
            }
            #expect(html.contains("frames/"), "the report's frames load by relative path")
            // Titled with the job and its input, not the job's folder ("render").
            #expect(
                html.contains("<title>Streamshot review: render \(id.prefix(8)) (jsonl, --size=390x300 --scale=1)</title>"), "\(html.prefix(400))")
            #expect(try await client.execute(uri: "/v1/renders/\(id)/review/report.html", method: .get).status == .notFound)
        }
    }

    /// A review that takes longer than the server waits is answered `202` with `Retry-After` (the
    /// report as a page that reloads itself), and served once made: no request is held for it.
    /// Every link a finished job gives answers a GET: its frames' index lists frames the server
    /// serves, in order; the report is made on the way.
    @Test func everyLinkOfAFinishedJobResolves() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            let id = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.answer))["id"] as? String)
            _ = try await ServiceSupport.waitForEnd(client, id)
            let job = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)", method: .get))
            let links = try #require(job["links"] as? [String: String])
            #expect(Set(links.keys) == ["self", "events", "manifest", "frames", "check", "report", "input", "watch"])
            for (name, link) in links.sorted(by: { $0.key < $1.key }) {
                let response = try await Self.fetchFollowingRetries(client, link)
                #expect(response.status == .ok, "\(name): \(link) answers \(response.status)")
            }
            let index = try ServiceSupport.json(try await client.execute(uri: try #require(links["frames"]), method: .get))
            let frames = try #require(index["frames"] as? [String])
            #expect(index["count"] as? Int == frames.count && !frames.isEmpty && frames == frames.sorted())
            for frame in [frames[0], frames[frames.count - 1]] {
                let response = try await client.execute(uri: frame, method: .get)
                #expect(response.status == .ok && response.headers[.contentType] == "image/png", "\(frame)")
            }
        }
    }

    @Test func aReviewStillBeingMadeIsA202ThatSaysWhenToAskAgain() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration { $0.reviewPatienceSeconds = 0 })
        try await app.test(.router) { client in
            let id = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.answer))["id"] as? String)
            _ = try await ServiceSupport.waitForEnd(client, id)
            let page = try await client.execute(uri: "/v1/renders/\(id)/report.html", method: .get)
            #expect(page.status == .accepted && page.headers[.retryAfter] == "2")
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(String(buffer: page.body).contains(#"http-equiv="refresh" content="2""#), "the page reloads itself")
            let image = try await client.execute(uri: "/v1/renders/\(id)/review/timeline.png", method: .get)
            #expect(image.status == .accepted && image.headers[.contentType] == "application/json")
            #expect(String(buffer: image.body).contains(#""status":"making""#))
            let made = try await Self.fetchFollowingRetries(client, "/v1/renders/\(id)/review/timeline.png")
            #expect(made.status == .ok && Array(Data(buffer: made.body).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        }
    }

    @Test func progressStreamsAsServerSentEventsUntilTheEnd() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            // Ten seconds of stream: still to finish when the events are asked for, however busy the machine.
            let id = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.clauses(50)))["id"] as? String)
            let events = try await client.execute(uri: "/v1/renders/\(id)/events", method: .get)
            #expect(events.headers[.contentType] == "text/event-stream")
            let text = String(buffer: events.body)
            #expect(text.contains("event: progress\ndata: {"))
            #expect(text.hasSuffix("\n\n") && text.contains("event: end\ndata: {") && text.contains("\"status\":\"succeeded\""))
        }
    }

    @Test func jobsAreListedByStatusThenCancelledOrDeleted() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            let quick = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.answer))["id"] as? String)
            _ = try await ServiceSupport.waitForEnd(client, quick)
            let long = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.longAnswer))["id"] as? String)
            try await ServiceSupport.waitUntilRunning(client, long)

            let early = try await client.execute(uri: "/v1/renders/\(long)/manifest.json", method: .get)
            #expect(early.status == .conflict && early.headers[.contentType] == "application/problem+json")
            let succeeded = try ServiceSupport.json(try await client.execute(uri: "/v1/renders?status=succeeded", method: .get))
            #expect((succeeded["renders"] as? [[String: Any]])?.map { $0["id"] as? String } == [quick])

            #expect(try await client.execute(uri: "/v1/renders/\(long)", method: .delete).status == .noContent)
            let cancelled = try await ServiceSupport.waitForEnd(client, long)
            #expect(cancelled["status"] as? String == "cancelled")
            #expect(try await client.execute(uri: "/v1/renders/\(quick)", method: .delete).status == .noContent)
            #expect(try await client.execute(uri: "/v1/renders/\(quick)", method: .get).status == .notFound)
        }
    }

    @Test func aFullQueueIsToldToComeBackLater() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration { $0.maxQueue = 1 })
        try await app.test(.router) { client in
            let running = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.longAnswer))["id"] as? String)
            try await ServiceSupport.waitUntilRunning(client, running)
            #expect(try await ServiceSupport.submit(client, ServiceSupport.longAnswer).status == .accepted)
            let refused = try await ServiceSupport.submit(client, ServiceSupport.longAnswer)
            #expect(refused.status == .tooManyRequests && refused.headers[.retryAfter] == "5")
            #expect(
                try ServiceSupport.json(refused)["detail"] as? String
                    == "1 jobs are waiting, as many as this server queues (--max-queue); try again later")
        }
    }

    @Test func aJobPastTheTimeLimitFailsSayingSo() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration { $0.jobTimeLimitSeconds = 0.2 })
        try await app.test(.router) { client in
            let id = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.longAnswer))["id"] as? String)
            let ended = try await ServiceSupport.waitForEnd(client, id)
            #expect(ended["status"] as? String == "failed")
            #expect(ended["error"] as? String == "rendering ran past this server's time limit of 0.2 s")
        }
    }
}

/// A live server on a free port, many clients at once.
@Suite(.onOwnThreads) struct ConcurrentClientTests {
    @Test func fiftyJobsFromTenClientsAllFinishWithTheSameFrames() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration { $0.workers = 2 })
        try await app.test(.live) { client in
            // Each job as (status, attempts, frames).
            let ended = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        var states: [String] = []
                        for _ in 0..<5 {
                            let submitted = try await ServiceSupport.submit(client, ServiceSupport.answer)
                            let id = try #require(try ServiceSupport.json(submitted)["id"] as? String)
                            let state = try await ServiceSupport.waitForEnd(client, id)
                            states.append("\(state["status"] ?? "-") \(state["attempts"] ?? "-") \(state["frames"] ?? "-")")
                        }
                        return states
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(ended.count == 50)
            #expect(Set(ended).count == 1 && ended[0].hasPrefix("succeeded 1 "), "\(Set(ended))")
            let listed = try ServiceSupport.json(try await client.execute(uri: "/v1/renders?status=succeeded", method: .get))
            #expect((listed["renders"] as? [Any])?.count == 50)
        }
    }
}
