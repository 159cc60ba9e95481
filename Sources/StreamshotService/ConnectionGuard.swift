import NIOCore
import NIOHTTP1

/// Keeps every connection's time and size bounded, at the HTTP/1 level (after the decoder, so it
/// sees requests and answers but parses nothing itself):
/// - a request's line and headers must arrive within the header timeout of their first byte:
///   past it the client is answered `408` and the connection closed;
/// - a connection that sends nothing for the idle timeout — a new one, one between requests, or
///   one inside a request's body — is closed; while the server answers, no clock runs. (A new
///   connection gets the idle limit, not the header one: clients open connections ahead of need.)
/// - what the decoder refuses (headers past the cap, a bad request line, `Content-Length: -1`, a
///   TLS handshake, a bad chunk size) is answered `431` or `400` in problem+json and the connection
///   closed — unless a request is open, whose route then answers it (the error reaches its body).
///
/// Without it, a connection that never finished its first request held its socket for good: the
/// framework's own idle timer starts only once a first request has been read.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    static let name = "streamshot.connection-guard"

    struct Limits: Sendable {
        var header: TimeAmount
        var idle: TimeAmount
        /// For the 431's detail.
        var maxHeaderBytes: Int
        var maxHeaderFields: Int
    }

    private let limits: Limits
    private var lastRead = NIODeadline.now()
    /// When the first byte of the head being awaited arrived; nil while none has.
    private var headClock: NIODeadline?
    private var readingBody = false
    /// Requests whose answer has not ended.
    private var answersOwed = 0
    private var closeAfterAnswer = false
    private var finished = false
    private var timer: Scheduled<Void>?

    init(limits: Limits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        lastRead = .now()
        arm(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            answersOwed += 1
            readingBody = true
            headClock = nil
        case .body:
            break
        case .end:
            readingBody = false
        }
        arm(context)
        context.fireChannelRead(data)
    }

    /// Every socket read ends here, even one that completed no part: the clock of a head starts at its first byte.
    func channelReadComplete(context: ChannelHandlerContext) {
        lastRead = .now()
        if !readingBody, answersOwed == 0, headClock == nil {
            headClock = lastRead
            arm(context)
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        answersOwed = max(0, answersOwed - 1)
        lastRead = .now()
        if closeAfterAnswer, answersOwed == 0 {
            context.writeAndFlush(data, promise: promise)
            close(context)
            return
        }
        context.write(data, promise: promise)
        arm(context)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !finished else { return }  // what arrives after a refusal, while the connection closes
        guard let parserError = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        if answersOwed > 0 {
            // The open request's route reads the error from its body and answers; then the connection goes.
            closeAfterAnswer = true
            return context.fireErrorCaught(error)
        }
        if parserError == .headerOverflow {
            answer(
                context, .requestHeaderFieldsTooLarge, "Request header fields too large",
                "the request line and headers are larger than this server takes (\(limits.maxHeaderBytes) bytes, \(limits.maxHeaderFields) fields)")
        } else {
            answer(context, .badRequest, "Bad request", "the request is not HTTP/1.1 this server reads (\(parserError))")
        }
    }

    // MARK: - The clock

    private enum Expiry { case slowHead, idle }

    /// The next moment something is due, and what; nil while the server answers.
    private func deadline() -> (at: NIODeadline, expiry: Expiry)? {
        if readingBody { return (lastRead + limits.idle, .idle) }
        if answersOwed > 0 { return nil }
        let idle = lastRead + limits.idle
        guard let headClock else { return (idle, .idle) }
        let head = headClock + limits.header
        return head < idle ? (head, .slowHead) : (idle, .idle)
    }

    /// One timer, set for the next deadline; it sets itself again when the deadline has moved.
    private func arm(_ context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        guard !finished, let due = deadline() else { return }
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        timer = loop.scheduleTask(deadline: due.at) { [self] in
            timer = nil
            guard let now = deadline() else { return }
            guard now.at <= .now() else { return arm(context) }
            switch now.expiry {
            case .slowHead:
                answer(
                    context, .requestTimeout, "Request timeout",
                    "the request line and headers took longer than this server waits (\(Self.seconds(limits.header)) s)")
            case .idle:
                close(context)
            }
        }
    }

    // MARK: - Ending

    /// A problem+json answer, then the connection closed.
    private func answer(_ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ title: String, _ detail: String) {
        guard !finished else { return }
        let body = Problem.json(status: Int(status.code), title: title, detail: detail, instance: nil)
        var headers = HTTPHeaders([
            ("Content-Type", "application/problem+json"), ("Content-Length", "\(body.count)"),
            ("Connection", "close")
        ])
        if status == .requestTimeout { headers.add(name: "Retry-After", value: "0") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        close(context)
    }

    private func close(_ context: ChannelHandlerContext) {
        guard !finished else { return }
        finished = true
        timer?.cancel()
        timer = nil
        context.close(promise: nil)
    }

    private static func seconds(_ amount: TimeAmount) -> String {
        let seconds = Double(amount.nanoseconds) / 1e9
        return seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
    }
}
