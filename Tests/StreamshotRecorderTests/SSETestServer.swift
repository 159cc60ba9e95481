import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP server on 127.0.0.1 (port chosen by the system) that streams SSE the way a
/// backend does, including dropping the connection mid-stream and resuming from Last-Event-ID.
final class SSETestServer: Sendable {
    /// What each connection asked for.
    struct Seen: Sendable {
        var path: String
        var headers: [(String, String)]
        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    }

    static let words = ["عقد ", "إيجار ", "وحدة ", "تجارية. ", "The ", "lease ", "runs ", "one ", "year."]

    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let channel: any Channel
    private let requests = NIOLockedValueBox<[Seen]>([])
    let port: Int

    init() throws {
        let requests = self.requests
        channel = try ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(Handler(requests: requests))
                }
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        port = channel.localAddress!.port!
    }

    var seen: [Seen] { requests.withLockedValue { $0 } }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func stop() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// Ollama `/api/chat` lines for the words, then (when `done`) its last line.
    static func ollamaLines(done: Bool) -> [String] {
        words.map {
            #"{"model":"qwen3:8b","created_at":"2025-11-20T10:00:00Z","message":{"role":"assistant","content":"\#($0)"},"done":false}"# + "\n"
        }
            + (done
                ? [
                    #"{"model":"qwen3:8b","created_at":"2025-11-20T10:00:01Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}"#
                        + "\n"
                ] : [])
    }

    static func event(_ index: Int) -> String {
        if index == words.count + 1 { return "id: \(index)\ndata: {\"type\":\"done\"}\n\n" }
        let content = words[index - 1]
        return "id: \(index)\ndata: {\"type\":\"delta\",\"content\":\"\(content)\"}\n\n"
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let requests: NIOLockedValueBox<[Seen]>
        var head: HTTPRequestHead?

        init(requests: NIOLockedValueBox<[Seen]>) {
            self.requests = requests
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): self.head = head
            case .body: break
            case .end:
                guard let head else { return }
                let seen = Seen(path: head.uri, headers: head.headers.map { ($0.name, $0.value) })
                let connection = requests.withLockedValue { list -> Int in
                    list.append(seen)
                    return list.filter { $0.path == head.uri }.count
                }
                respond(context: context, path: head.uri, connection: connection, lastEventId: Int(seen.header("Last-Event-ID") ?? ""))
            }
        }

        private func respond(context: ChannelHandlerContext, path: String, connection: Int, lastEventId: Int?) {
            switch path {
            case "/stream":
                // First connection: events 1-4, then the connection drops. A reconnect resumes at
                // Last-Event-ID, repeating that event once (the recorder must not write it twice).
                let range = connection == 1 ? 1...4 : (lastEventId ?? 1)...(SSETestServer.words.count + 1)
                sendEvents(context: context, range.map(SSETestServer.event), thenClose: connection == 1)
            case "/always-drop":
                sendEvents(context: context, [SSETestServer.event(1)], thenClose: true)
            case "/idle":
                sendEvents(context: context, [SSETestServer.event(1)], thenClose: false)
            case "/slow-head":
                // The response head a second late (a loaded server), then one event and quiet.
                let (context, handler) = (NIOLoopBound(context, eventLoop: context.eventLoop), NIOLoopBound(self, eventLoop: context.eventLoop))
                context.value.eventLoop.scheduleTask(in: .seconds(1)) {
                    handler.value.sendEvents(context: context.value, [SSETestServer.event(1)], thenClose: false)
                }
            case "/keep-alive":
                // One event, then only keep-alive comments: an idle stream that never goes quiet.
                sendEvents(context: context, [SSETestServer.event(1)], thenClose: false)
                let channel = context.channel
                channel.eventLoop.scheduleRepeatedTask(initialDelay: .milliseconds(50), delay: .milliseconds(50)) { task in
                    guard channel.isActive else { return task.cancel() }
                    channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: ": ping\n"))), promise: nil)
                }
            case "/endless-line":
                // A data line that never ends, 64 KB at a time.
                sendEvents(context: context, [SSETestServer.event(1)], thenClose: false)
                let chunk = "data: " + String(repeating: "x", count: 65_536)
                for _ in 0..<40 { context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: chunk)))), promise: nil) }
            case "/invalid-utf8":
                var bytes = ByteBuffer(string: "data: {\"type\":\"delta\",\"content\":\"bad ")
                bytes.writeBytes([0xFF, 0xFE])
                bytes.writeString("\"}\n\n")
                sendEvents(context: context, [], thenClose: false)
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "data: {\"type\":\"done\"}\n\n")))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            case "/ndjson", "/ndjson-closed":
                // Ollama's /api/chat, a line every 100 ms (the second line split across two writes);
                // the closed one stops before its done line.
                var headers = HTTPHeaders()
                headers.add(name: "Content-Type", value: "application/x-ndjson")
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                let lines = SSETestServer.ollamaLines(done: path == "/ndjson")
                let channel = context.channel
                for (index, line) in lines.enumerated() {
                    channel.eventLoop.scheduleTask(in: .milliseconds(Int64(100 * (index + 1)))) {
                        let cut = index == 1 ? line.utf8.count / 2 : line.utf8.count
                        let bytes = Array(line.utf8)
                        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: bytes[..<cut]))), promise: nil)
                        if cut < bytes.count {
                            channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: bytes[cut...]))), promise: nil)
                        }
                        if index == lines.count - 1 { channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil) }
                    }
                }
            case "/unauthorized":
                sendPlain(context: context, status: .unauthorized, contentType: "application/json", body: "{\"error\":\"expired\"}")
            case "/html":
                sendPlain(context: context, status: .ok, contentType: "text/html", body: "<html>login</html>")
            default:
                sendPlain(context: context, status: .internalServerError, contentType: "text/plain", body: "boom")
            }
        }

        private func sendEvents(context: ChannelHandlerContext, _ events: [String], thenClose: Bool) {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/event-stream")
            headers.add(name: "Cache-Control", value: "no-store")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: ": hello\n\n")))), promise: nil)
            for event in events {
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: event)))), promise: nil)
            }
            if thenClose {
                // Drop the connection once the events are on the wire, as a flaky network does.
                let channel = context.channel
                channel.eventLoop.scheduleTask(in: .milliseconds(1500)) { channel.close(promise: nil) }
            } else if events.last?.contains("done") == true {
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }

        private func sendPlain(context: ChannelHandlerContext, status: HTTPResponseStatus, contentType: String, body: String) {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: contentType)
            headers.add(name: "Content-Length", value: String(body.utf8.count))
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
