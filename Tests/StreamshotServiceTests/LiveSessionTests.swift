import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import LiveTestSupport
import Logging
import Streamshot
import StreamshotTrace
import Synchronization
import Testing

@testable import StreamshotService

/// `/v1/sessions`: a client's stream renders while it arrives, and ends as an ordinary job whose
/// frames are those of a render of the stored stream.
@Suite(.onOwnThreads) struct LiveSessionTests {
    /// The Swift trace emitter, sending each record over HTTP as it is made: frames and the latest
    /// one are there before the session closes, and the finished job's frames and manifest equal
    /// an in-process render of the stream it stored.
    @Test func aSessionFedByTheSwiftEmitterRendersWhileItRuns() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.live) { client in
            let opened = try ServiceSupport.json(try await client.execute(uri: "/v1/sessions?input=trace", method: .post))
            let id = try #require(opened["id"] as? String)
            #expect(opened["open"] as? Bool == true)
            let upload = LiveTraceUpload(session: URL(string: "http://127.0.0.1:\(try #require(client.port))/v1/sessions/\(id)")!)
            let trace = TraceRecorder(
                platform: .reactNative, layoutDirection: "rtl", viewport: (390, 300, 1), fontSize: 17,
                onRecord: upload.send)
            trace.style(direction: "rtl", textAlign: "auto", lineHeight: 1.8)
            let words = "يلتزم المستأجر بدفع الإيجار في موعده المحدد وفق أحكام هذا العقد وملاحقه".split(separator: " ")
            for (offset, word) in words.enumerated() {
                trace.show(append: (offset == 0 ? "" : " ") + word)
                try await Task.sleep(for: .milliseconds(80))
            }
            // Still open: frames are there already, and the newest of them.
            let during = try ServiceSupport.json(try await client.execute(uri: "/v1/sessions/\(id)", method: .get))
            let render = try #require(during["render"] as? [String: Any])
            #expect(during["open"] as? Bool == true)
            #expect(render["status"] as? String == "running")
            // Some frames, not a number of them: how many depends on the machine's speed (a loaded
            // machine once had 15 where 20 were asked), the rule is that they are made while it runs.
            #expect((render["framesDone"] as? Int ?? 0) > 0, "frames are made while the session runs: \(render)")
            let latest = try await client.execute(uri: "/v1/sessions/\(id)/frames/latest.png", method: .get)
            #expect(latest.status == .ok)
            #expect(Array(Data(buffer: latest.body).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])

            trace.end("done")
            try await Self.onAThread { try upload.finish() }
            let ended = try await ServiceSupport.waitForEnd(client, id)
            #expect(ended["status"] as? String == "succeeded")
            #expect(ended["ending"] as? String == "done")
            try await Self.expectFramesOfItsStoredInput(client, id, frames: try #require(ended["frames"] as? Int))
        }
    }

    /// The TypeScript emitter (Emitters/typescript/live-example.ts), compiled with tsc and run with
    /// node against a live server: its session ends as a job whose frames are its stored input's.
    @Test(
        .enabled(
            if: ["/usr/bin/node", "/usr/bin/tsc"].allSatisfy(FileManager.default.isExecutableFile(atPath:)),
            "needs node and tsc: apt-get install nodejs node-typescript (scripts/setup.sh does)"))
    func aSessionFedByTheTypeScriptEmitterEndsAsAJob() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.live) { client in
            let out = NSTemporaryDirectory() + "streamshot-ts-live-\(UUID().uuidString)"
            let emitters = ServiceSupport.checkout + "/Emitters/typescript"
            let port = try #require(client.port)
            let (compiled, compilerSaid) = try await OpenAPIDocumentTests.run(
                "/usr/bin/tsc",
                [
                    "--strict", "--target", "es2020", "--module", "commonjs", "--outDir", out,
                    emitters + "/live-example.ts", emitters + "/streamshot-trace.ts"
                ])
            try #require(compiled == 0, "\(compilerSaid)")
            let (ran, printed) = try await OpenAPIDocumentTests.run("/usr/bin/node", [out + "/live-example.js", "http://127.0.0.1:\(port)"])
            try #require(ran == 0, "\(printed)")
            let id = printed.trimmingCharacters(in: .whitespacesAndNewlines)
            let ended = try await ServiceSupport.waitForEnd(client, id)
            #expect(ended["status"] as? String == "succeeded", "\(ended)")
            #expect(ended["ending"] as? String == "done")
            try await Self.expectFramesOfItsStoredInput(client, id, frames: try #require(ended["frames"] as? Int))
        }
    }

    /// The Android emitter (Emitters/android/LiveExample.kt, Kotlin 1.3), compiled with Debian's
    /// kotlinc and run on the JDK against a live server: its session ends as a job whose frames are
    /// its stored input's.
    @Test(
        .enabled(
            if: ["/usr/bin/kotlinc", "/usr/bin/java", "/usr/share/java/kotlin-stdlib.jar"].allSatisfy(FileManager.default.fileExists(atPath:)),
            "needs kotlinc and java: apt-get install kotlin openjdk-17-jdk-headless (scripts/setup.sh does)"))
    func aSessionFedByTheAndroidEmitterEndsAsAJob() async throws {
        // Compiled before the server starts: kotlinc holds a CPU for 10 s or more.
        let out = NSTemporaryDirectory() + "streamshot-kotlin-live-\(UUID().uuidString)"
        let emitters = ServiceSupport.checkout + "/Emitters/android"
        let (compiled, compilerSaid) = try await OpenAPIDocumentTests.run(
            "/usr/bin/kotlinc",
            [
                "-d", out, emitters + "/LiveExample.kt", emitters + "/StreamshotTrace.kt"
            ])
        try #require(compiled == 0, "\(compilerSaid)")
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (ran, printed) = try await OpenAPIDocumentTests.run(
                "/usr/bin/java",
                [
                    "-cp", out + ":/usr/share/java/kotlin-stdlib.jar", "example.LiveExampleKt", "http://127.0.0.1:\(port)"
                ])
            try #require(ran == 0, "\(printed)")
            let id = try #require(printed.split(whereSeparator: \.isNewline).last.map(String.init), "it prints the session's id")
            let ended = try await ServiceSupport.waitForEnd(client, id)
            #expect(ended["status"] as? String == "succeeded", "\(ended)")
            #expect(ended["ending"] as? String == "done")
            let manifest = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)/manifest.json", method: .get))
            #expect((manifest["text"] as? String)?.hasPrefix("يلتزم المستأجر بدفع الإيجار") == true, "\(manifest["text"] ?? "no text")")
            try await Self.expectFramesOfItsStoredInput(client, id, frames: try #require(ended["frames"] as? Int))
        }
    }

    /// Over a WebSocket, SSE events a message at a time; closing the socket ends the session.
    @Test func aWebSocketSessionEndsWhenItsSocketCloses() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.live) { client in
            let opened = try ServiceSupport.json(try await client.execute(uri: "/v1/sessions?input=sse&size=390x300&scale=1", method: .post))
            let id = try #require(opened["id"] as? String)
            let deltas = ["## البند الأول\\n\\n", "يلتزم المستأجر ", "بدفع الإيجار.\\n\\n", "The notice period runs from receipt."]
            var logger = Logger(label: "ws-client")
            logger.logLevel = .error
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(try #require(client.port))/v1/sessions/\(id)/ws", logger: logger) {
                _, outbound, _ in
                for delta in deltas {
                    try await outbound.write(.text("data: {\"type\":\"delta\",\"content\":\"\(delta)\"}\n\n"))
                    try await Task.sleep(for: .milliseconds(60))
                }
                try await outbound.write(.text("data: {\"type\":\"done\"}\n\n"))
            }
            let ended = try await ServiceSupport.waitForEnd(client, id)
            #expect(ended["status"] as? String == "succeeded", "\(ended)")
            let stored = String(buffer: try await client.execute(uri: "/v1/renders/\(id)/input", method: .get).body)
            #expect(stored.hasPrefix(": t="), "each arrival is stamped as the recorder stamps a capture: \(stored.prefix(80))")
            let manifest = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)/manifest.json", method: .get))
            #expect((manifest["text"] as? String)?.hasSuffix("The notice period runs from receipt.") == true)
            try await Self.expectFramesOfItsStoredInput(client, id, frames: try #require(ended["frames"] as? Int))
        }
    }

    /// A message of 40 KB in one frame is taken whole (16 KB or more reset the connection and lost it).
    /// Shown as it comes (`pacing=raw`): the reference's display buffer would reveal 40 KB over
    /// half a minute of frames, a render whose time is the machine's, not what this test asks.
    @Test func aLargeWebSocketMessageIsTakenWhole() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.live) { client in
            let opened = try ServiceSupport.json(
                try await client.execute(
                    uri: "/v1/sessions?input=sse&size=390x300&scale=1&pacing=raw",
                    method: .post))
            let id = try #require(opened["id"] as? String)
            // Lines well under the line limit, 40 KB in all.
            let long = String(repeating: "يلتزم المستأجر بدفع الإيجار.\n", count: 800)
            var logger = Logger(label: "ws-client")
            logger.logLevel = .error
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(try #require(client.port))/v1/sessions/\(id)/ws", logger: logger) {
                _, outbound, _ in
                let escaped = long.replacingOccurrences(of: "\n", with: "\\n")
                let message = "data: {\"type\":\"delta\",\"content\":\"\(escaped)\"}\n\ndata: {\"type\":\"done\"}\n\n"
                #expect(message.utf8.count > 40_000)
                try await outbound.write(.text(message))
            }
            let ended = try await ServiceSupport.waitForEnd(client, id)
            let manifest = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)/manifest.json", method: .get))
            #expect(manifest["text"] as? String == long, "\(ended)")
        }
    }

    /// A WebSocket message with an unreadable trace line, or one that raises a warning, is
    /// answered saying so; the readable lines are kept, and a clean message gets no answer.
    @Test func aWebSocketMessageIsToldWhatItsLinesRaised() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.live) { client in
            let start = #"{"type":"start","version":1,"platform":"swiftui","viewport":{"width":300,"height":200,"scale":1}}"#
            let opened = try ServiceSupport.json(try await client.execute(uri: "/v1/sessions", method: .post, body: ByteBuffer(string: start + "\n")))
            let id = try #require(opened["id"] as? String)
            var logger = Logger(label: "ws-client")
            logger.logLevel = .error
            let answers = Mutex<[String]>([])
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(try #require(client.port))/v1/sessions/\(id)/ws", logger: logger) {
                inbound, outbound, _ in
                try await outbound.write(.text(#"{"type":"show","append":"نص "}"#))
                try await outbound.write(.text("{oops\n" + #"{"type":"show","append":"كامل."}"#))
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                if case .text(let text)? = try await messages.next() { answers.withLock { $0.append(text) } }
                try await outbound.write(.text(#"{"type":"end","ending":"done"}"#))
            }
            let received = answers.withLock { $0 }
            #expect(received.count == 1, "only the message with a bad line is answered: \(received)")
            let first = try #require(received.first)
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
            #expect((answer["refused"] as? [String])?.first?.hasPrefix("line 3 ({oops)") == true, "\(answer)")
            let ended = try await ServiceSupport.waitForEnd(client, id)
            let manifest = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)/manifest.json", method: .get))
            #expect(manifest["text"] as? String == "نص كامل.", "\(ended)")
        }
    }

    /// Each POST's answer carries the warnings its chunk raised, once; a chunk ending inside an
    /// event raises none for it (the rest is still to come).
    @Test func eachAnswerCarriesItsChunksWarnings() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            let opened = try ServiceSupport.json(try await client.execute(uri: "/v1/sessions?input=sse&size=390x300&scale=1", method: .post))
            let id = try #require(opened["id"] as? String)
            func send(_ body: String) async throws -> [String]? {
                let answer = try await client.execute(uri: "/v1/sessions/\(id)/events", method: .post, body: ByteBuffer(string: body))
                #expect(answer.status == .accepted)
                return try ServiceSupport.json(answer)["warnings"] as? [String]
            }
            #expect(try await send("data: {\"type\":\"delta\",\"content\":\"مرحبا \"}\n\n") == [])
            let bad = try await send("data: {not json\n\ndata: {\"type\":\"delta\",\"content\":\"بك\"}\n\ndata: {\"type\":\"del")
            #expect(bad?.count == 1 && bad?.first?.hasPrefix("SSE event 2: JSON does not parse") == true, "\(bad ?? [])")
            #expect(try await send("ta\",\"content\":\".\"}\n\n") == [], "said once, and the event split across POSTs is whole")
            _ = try await client.execute(uri: "/v1/sessions/\(id)/close", method: .post)
            let ended = try await ServiceSupport.waitForEnd(client, id)
            let manifest = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)/manifest.json", method: .get))
            #expect(manifest["text"] as? String == "مرحبا بك.", "\(ended)")
        }
    }

    /// docs/service.md's live-session example, its lines posted as written: the render it makes
    /// passes `check` (a `show` alone, as it once was, fails line-height and silent-ending).
    @Test func theDocsLiveSessionExamplePassesCheck() async throws {
        let docs = try String(contentsOfFile: ServiceSupport.checkout + "/docs/service.md", encoding: .utf8)
        let bodies = docs.split(separator: "\n").filter { $0.contains("/events --data-binary $'") }.compactMap { line -> String? in
            guard let start = line.range(of: "$'")?.upperBound, let end = line[start...].firstIndex(of: "'") else { return nil }
            return line[start..<end].replacingOccurrences(of: "\\n", with: "\n")
        }
        #expect(bodies.count == 2, "the example's two POSTs of events: \(bodies)")
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            let opened = try ServiceSupport.json(try await client.execute(uri: "/v1/sessions?input=trace", method: .post))
            let id = try #require(opened["id"] as? String)
            for body in bodies {
                let answer = try await client.execute(uri: "/v1/sessions/\(id)/events", method: .post, body: ByteBuffer(string: body))
                let warnings = try ServiceSupport.json(answer)["warnings"] as? [String]
                #expect(answer.status == .accepted && warnings == [], "\(body): \(warnings ?? [])")
            }
            _ = try await client.execute(uri: "/v1/sessions/\(id)/close", method: .post)
            let ended = try await ServiceSupport.waitForEnd(client, id)
            #expect(ended["ending"] as? String == "done")
            let check = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)/check", method: .get))
            #expect(check["passed"] as? Bool == true, "\(check)")
        }
    }

    /// A client that goes quiet without closing: the session ends with what arrived.
    @Test func aQuietSessionEndsAtTheIdleLimit() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration { $0.sessionIdleSeconds = 1 })
        try await app.test(.live) { client in
            let body =
                #"{"type":"start","version":1,"platform":"swiftui","viewport":{"width":300,"height":200,"scale":1}}"# + "\n"
                + #"{"type":"show","append":"The client stopped here"}"# + "\n"
            let opened = try ServiceSupport.json(try await client.execute(uri: "/v1/sessions", method: .post, body: ByteBuffer(string: body)))
            let id = try #require(opened["id"] as? String)
            let ended = try await ServiceSupport.waitForEnd(client, id, seconds: 60)
            #expect(ended["status"] as? String == "succeeded")
            #expect(ended["ending"] as? String == "incomplete", "a trace with no end left its answer as it stood")
            let late = try await client.execute(uri: "/v1/sessions/\(id)/events", method: .post, body: ByteBuffer(string: "{}\n"))
            #expect(late.status == .conflict)
            #expect(late.headers[.contentType] == "application/problem+json")
        }
    }

    /// What a session refuses, and what it keeps when it does.
    @Test func badSessionRequestsAreToldWhatWasWrong() async throws {
        let app = try await ServiceSupport.application(
            ServiceSupport.configuration {
                $0.maxBodyBytes = 2048
                $0.maxSessions = 1
            })
        try await app.test(.router) { client in
            #expect(try await client.execute(uri: "/v1/sessions/nope/events", method: .post, body: ByteBuffer(string: "{}\n")).status == .notFound)
            #expect(try await client.execute(uri: "/v1/sessions?input=md", method: .post).status == .badRequest)
            #expect(try await client.execute(uri: "/v1/sessions?pacing=warp", method: .post).status == .badRequest)
            let opened = try ServiceSupport.json(try await client.execute(uri: "/v1/sessions", method: .post))
            let id = try #require(opened["id"] as? String)
            #expect(try await client.execute(uri: "/v1/sessions", method: .post).status == .tooManyRequests, "one session at most here")
            #expect(try await client.execute(uri: "/v1/sessions/\(id)/ws", method: .get).status == .upgradeRequired)

            let line = #"{"type":"show","append":"clause "}"# + "\n"
            let kept = try await client.execute(uri: "/v1/sessions/\(id)/events", method: .post, body: ByteBuffer(string: line))
            #expect(kept.status == .accepted)
            // Unreadable lines are named, by their number among the session's lines; the readable ones are kept.
            let mixed = "{oops\n" + #"{"type":"show","append":"two "}"# + "\n[1,2]\n"
            let partly = try await client.execute(uri: "/v1/sessions/\(id)/events", method: .post, body: ByteBuffer(string: mixed))
            #expect(partly.status == .badRequest)
            #expect(
                try ServiceSupport.json(partly)["detail"] as? String
                    == "session \(id) kept the readable lines of this body and not these 2: line 2 ({oops): JSON does not parse; line 4 ([1,2]): expected a JSON object"
            )
            let tooMuch = try await client.execute(
                uri: "/v1/sessions/\(id)/events", method: .post,
                body: ByteBuffer(string: String(repeating: line, count: 100)))
            #expect(tooMuch.status == .contentTooLarge)
            let state = try ServiceSupport.json(try await client.execute(uri: "/v1/sessions/\(id)", method: .get))
            #expect(state["open"] as? Bool == true, "the session goes on with what it kept")
            #expect(try await client.execute(uri: "/v1/sessions/\(id)/close", method: .post).status == .accepted)
            #expect(try await client.execute(uri: "/v1/sessions/\(id)/close", method: .post).status == .conflict)
            let ended = try await ServiceSupport.waitForEnd(client, id)
            #expect(ended["status"] as? String == "succeeded")
            let manifest = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)/manifest.json", method: .get))
            #expect(
                (manifest["text"] as? String)?.hasPrefix("clause two ") == true, "the first events were kept, the readable line beside bad ones too")
        }
    }

    /// The job's frames and manifest, as served, equal a render of its stored input in this
    /// process with the arguments the job reports.
    static func expectFramesOfItsStoredInput(_ client: some TestClientProtocol, _ id: String, frames: Int) async throws {
        let job = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)", method: .get))
        let kind = try #require(InputKind(rawValue: job["input"] as? String ?? ""))
        var settings = try RenderSettings(arguments: try #require(job["arguments"] as? [String]))
        settings.fonts = ServiceSupport.configuration().fontsDirectory
        settings.clientTrace = kind == .trace
        let folder = NSTemporaryDirectory() + "streamshot-session-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + kind.fileName
        try Data(buffer: try await client.execute(uri: "/v1/renders/\(id)/input", method: .get).body).write(to: URL(fileURLWithPath: path))
        let renderJob = try settings.job(input: .file(path))
        let local = try await onAThread { try renderJob.render(to: folder + "/render") }
        #expect(local.frameCount == frames)
        for index in Set([0, frames / 3, frames / 2, frames - 1]).sorted() {
            let served = Data(buffer: try await client.execute(uri: String(format: "/v1/renders/\(id)/frames/%06d.png", index), method: .get).body)
            let rendered = try Data(contentsOf: URL(fileURLWithPath: folder + String(format: "/render/frames/%06d.png", index)))
            #expect(served == rendered, "frame \(index) equals the render of the stored input")
        }
        let manifest = Data(buffer: try await client.execute(uri: "/v1/renders/\(id)/manifest.json", method: .get).body)
        #expect(manifest == (try Data(contentsOf: URL(fileURLWithPath: folder + "/render/manifest.json"))))
    }

    static func onAThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await JobRunner.onItsOwnThread(work).get()
    }
}
