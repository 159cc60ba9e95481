import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Testing

@testable import StreamshotService

/// A watcher hears of each frame as it is made, not when the store is next told: with the store
/// told of progress once a minute here, every newest frame a session has written — and its end —
/// must reach the progress stream long before that minute (a frame at most the ones being drawn
/// behind). The watch page shows them in a browser.
@Suite(.onOwnThreads) struct LiveProgressTests {
    /// Three sends of a client trace, each 400 ms more of the stream, then its end.
    static let sends = [
        #"{"t":0,"type":"start","version":1,"layoutDirection":"rtl","viewport":{"width":320,"height":240,"scale":1}}"# + "\n"
            + #"{"t":0,"type":"style","direction":"rtl","textAlign":"right","lineHeight":1.8}"# + "\n"
            + #"{"t":400,"type":"show","append":"يلتزم المستأجر "}"# + "\n",
        #"{"t":800,"type":"show","append":"بدفع الإيجار "}"# + "\n",
        #"{"t":1200,"type":"show","append":"في موعده."}"# + "\n" + #"{"t":1250,"type":"end","kind":"done"}"# + "\n"
    ]

    @Test func eachFrameIsToldAsItIsMadeNotWhenTheStoreIsNext() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration { $0.progressIntervalMs = 60_000 })
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let id = try #require(try ServiceSupport.json(try await client.execute(uri: "/v1/sessions?input=trace", method: .post))["id"] as? String)
            let watcher = try RawConnection(port: port)
            watcher.send("GET /v1/renders/\(id)/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            var heard = ProgressStream(connection: watcher)
            for body in Self.sends.dropLast() {
                let sent = try await client.execute(uri: "/v1/sessions/\(id)/events", method: .post, body: ByteBuffer(string: body))
                #expect(sent.status == .accepted)
                let newest = try await Self.newestFrame(client, id)
                #expect(newest.timeMs != nil, "a frame of a render running here says its time")
                // The store would hear of it in a minute; the stream must tell it well before.
                #expect(heard.read(within: 30) { $0.frames.last ?? -1 >= newest.index }, "frame \(newest.index) was not told: \(heard.text)")
            }
            let last = try await client.execute(
                uri: "/v1/sessions/\(id)/events?close=true", method: .post,
                body: ByteBuffer(string: try #require(Self.sends.last)))
            #expect(last.status == .accepted)
            #expect(
                heard.read(within: 30) { $0.text.contains("event: end") && $0.text.contains(#""status":"succeeded""#) },
                "the end was not told: \(heard.text)")
            #expect(heard.frames == heard.frames.sorted() && Set(heard.frames).count == heard.frames.count, "told out of order: \(heard.frames)")
        }
    }

    static let browserAvailable = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].contains { FileManager.default.isExecutableFile(atPath: $0) }

    /// The watch page in headless Chromium while a client streams: it shows frames in order as
    /// they are made, then how the render ended, its newest frame loaded, and each of its links
    /// answers (the report may still be being made: a 202 that says when to ask again).
    @Test(.enabled(if: browserAvailable, "needs chromium: scripts/setup.sh installs it"))
    func theWatchPageShowsTheFramesAsTheyAreMadeThenHowItEnded() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let id = try #require(try ServiceSupport.json(try await client.execute(uri: "/v1/sessions?input=trace", method: .post))["id"] as? String)
            let page = try WatchPageCheck(url: "http://127.0.0.1:\(port)/v1/renders/\(id)/watch")
            try page.waitUntilOpened()
            for body in Self.sends.dropLast() {
                _ = try await client.execute(uri: "/v1/sessions/\(id)/events", method: .post, body: ByteBuffer(string: body))
                _ = try await Self.newestFrame(client, id)
            }
            _ = try await client.execute(
                uri: "/v1/sessions/\(id)/events?close=true", method: .post, body: ByteBuffer(string: try #require(Self.sends.last)))
            let shown = try page.result()
            let seen = shown["seen"] as? [Int] ?? []
            #expect(!seen.isEmpty && seen == seen.sorted(), "frames shown: \(seen)")
            #expect(shown["ended"] as? String == "succeeded" && (shown["status"] as? String)?.hasPrefix("succeeded (done)") == true, "\(shown)")
            #expect(shown["imageLoaded"] as? Bool == true && shown["imageWidth"] as? Int == 320, "\(shown)")
            let links = shown["links"] as? [[String: Any]] ?? []
            #expect(links.count == 5, "\(links)")
            for link in links {
                let expected = link["href"] as? String == "report.html" ? [200, 202] : [200]
                #expect(expected.contains(link["status"] as? Int ?? 0), "\(link)")
            }
            #expect((shown["errors"] as? [String])?.isEmpty == true, "\(shown)")
        }
    }

    /// The newest frame on disk, by its `Streamshot-Frame` header, once there is one.
    static func newestFrame(_ client: some TestClientProtocol, _ id: String) async throws -> (index: Int, timeMs: Double?) {
        for _ in 0..<600 {
            let answer = try await client.execute(uri: "/v1/sessions/\(id)/frames/latest.png", method: .get)
            if answer.status == .ok, let index = answer.headers[LatestFrameResponse.indexField].flatMap(Int.init) {
                return (index, answer.headers[LatestFrameResponse.timeField].flatMap(Double.init))
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HarnessError("session \(id) made no frame")
    }
}

/// A progress stream read as it comes, over a connection of its own.
struct ProgressStream {
    let connection: RawConnection
    private(set) var text = ""

    init(connection: RawConnection) { self.connection = connection }

    /// The frames its progress events named, in the order told.
    var frames: [Int] {
        text.components(separatedBy: #""latestFrame":{"index":"#).dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    /// Reads until `told` holds or `seconds` pass (a bound on a server that says nothing, not a
    /// speed: what is told is judged).
    mutating func read(within seconds: Double, until told: (ProgressStream) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !told(self) {
            guard Date() < deadline else { return false }
            let outcome = connection.read(for: 0.1)
            text += outcome.text
            if outcome.closed { return told(self) }
        }
        return true
    }
}

/// `scripts/check_watch_page.py` running beside the test: it says `opened` once the page follows
/// the render, and what the page showed once the render has ended.
final class WatchPageCheck {
    private let process = Process()
    private let output = Pipe()
    private var received = ""

    init(url: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [ServiceSupport.checkout + "/scripts/check_watch_page.py", url, "120"]
        process.standardOutput = output
        try process.run()
    }

    func waitUntilOpened() throws {
        _ = try line { $0 == "opened" }
    }

    /// What the page showed, once it has ended (the script's last line).
    func result() throws -> [String: Any] {
        let json = try line { $0.hasPrefix("{") }
        process.waitUntilExit()
        return (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:]
    }

    /// The first line the script prints that `matches`.
    private func line(_ matches: (String) -> Bool) throws -> String {
        while true {
            while let newline = received.firstIndex(of: "\n") {
                let line = String(received[..<newline])
                received = String(received[received.index(after: newline)...])
                if matches(line) { return line }
            }
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw HarnessError("the watch page check ended without the line asked for: \(received)") }
            received += String(decoding: data, as: UTF8.self)
        }
    }
}
