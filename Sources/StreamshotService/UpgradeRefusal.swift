import Foundation
import NIOCore
import NIOHTTP1

/// Says why a WebSocket upgrade was declined. The framework answers a declined upgrade with a
/// bare `400` and no body, before any route or middleware sees the request; `SessionSocket`
/// leaves the reason here when it declines (`owe`), and this handler puts it in that answer's
/// place: `401` for a missing or wrong token (with `WWW-Authenticate`), `404` or `409` for a
/// session that is not there or has ended.
final class UpgradeRefusal: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    static let name = "streamshot.upgrade-refusal"

    /// The reason owed to the declined upgrade, and its path (the problem's `instance`).
    private var owed: (problem: Problem, path: String)?

    /// Leaves `problem` as the answer to the upgrade `channel` is about to decline.
    static func owe(_ problem: Problem, path: String, on channel: any Channel) async {
        try? await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.handler(type: UpgradeRefusal.self).owed = (problem, path)
        }.get()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard let (problem, path) = owed, case .head(let head) = unwrapOutboundIn(data), head.status == .badRequest,
            head.headers.first(name: "content-length") == "0"
        else {
            return context.write(data, promise: promise)
        }
        owed = nil
        let body = Problem.json(status: Int(problem.status.code), title: problem.title, detail: problem.detail, instance: path)
        var headers = HTTPHeaders([("Content-Type", "application/problem+json"), ("Content-Length", "\(body.count)"), ("Connection", "close")])
        for field in problem.headers { headers.add(name: field.name.canonicalName, value: field.value) }
        let status = HTTPResponseStatus(statusCode: Int(problem.status.code))
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: promise)
        // The framework's `.end` follows and closes the answer.
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
    }
}
