import Foundation

@testable import StreamshotService

/// One HTTP/1.1 exchange with a server on 127.0.0.1, over a plain socket on a thread of its own.
/// Not `URLSession`: FoundationNetworking's completion thread was caught blocked on the Swift
/// runtime's task-status lock while resuming `data(for:)`, and the live suite hung with it.
enum LocalHTTP {
    static func request(_ url: String, method: String = "GET", body: Data? = nil, contentType: String? = nil) async throws -> (Data, Int) {
        guard let parts = URLComponents(string: url), let port = parts.port else { throw HarnessError("not a local URL: \(url)") }
        let target = parts.percentEncodedPath + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
        var head = "\(method) \(target.isEmpty ? "/" : target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + (body.map { [UInt8]($0) } ?? [])
        let outcome = try await JobRunner.onItsOwnThread {
            let connection = try RawConnection(port: port)
            connection.send(bytes)
            return connection.readResponse()
        }.get()
        guard let status = outcome.status else { throw HarnessError("no HTTP answer from \(url)") }
        return (Self.body(of: outcome.bytes), status)
    }

    /// The body of a whole answer: after its head, its chunks joined when it is chunked.
    static func body(of bytes: [UInt8]) -> Data {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headEnd = (0...max(0, bytes.count - 4)).first(where: { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator }) else {
            return Data()
        }
        let head = String(decoding: bytes[..<headEnd], as: UTF8.self).lowercased()
        var rest = Array(bytes[(headEnd + 4)...])
        guard head.contains("transfer-encoding: chunked") else { return Data(rest) }
        var data = Data()
        while let lineEnd = (0..<max(0, rest.count - 1)).first(where: { rest[$0] == 13 && rest[$0 + 1] == 10 }),
            let size = Int(String(decoding: rest[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? "", radix: 16), size > 0,
            lineEnd + 2 + size <= rest.count
        {
            data.append(contentsOf: rest[(lineEnd + 2)..<(lineEnd + 2 + size)])
            rest = Array(rest[min(rest.count, lineEnd + 4 + size)...])
        }
        return data
    }
}
