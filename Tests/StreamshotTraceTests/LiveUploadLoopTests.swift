#if canImport(Glibc)
    import Foundation
    import Glibc
    @testable import StreamshotTrace
    import Testing

    /// Issue 50: the live upload on Linux goes over its own socket for `http://`, not through
    /// FoundationNetworking (whose URLSession once deadlocked a test run). Thousands of sessions
    /// upload in a loop against a plain HTTP server on 127.0.0.1: none hangs, and each session's
    /// records arrive in order, exactly once, before its close.
    @Suite struct LiveUploadLoopTests {
        @Test func thousandsOfSessionsUploadWithoutAHang() throws {
            let server = try RecordingServer()
            defer { server.stop() }
            let sessions = 2_000
            for session in 0..<sessions {
                let upload = LiveTraceUpload(session: URL(string: "http://127.0.0.1:\(server.port)/v1/sessions/s\(session)")!, token: "t0k")
                for record in 0..<3 { upload.send(#"{"session":\#(session),"record":\#(record)}"#) }
                try upload.finish()
            }
            let requests = server.requests()
            #expect(requests.allSatisfy { $0.authorization == "Bearer t0k" && $0.contentType == "application/x-ndjson" })
            var bySession: [String: [RecordingServer.Request]] = [:]
            for request in requests { bySession[String(request.path.split(separator: "/")[2]), default: []].append(request) }
            #expect(bySession.count == sessions)
            for session in 0..<sessions {
                let received = bySession["s\(session)"] ?? []
                // Everything sent to `events`, in order, then one `close` with nothing in it.
                #expect(received.last?.path.hasSuffix("/close") == true && received.last?.body.isEmpty == true)
                let lines = received.dropLast().map { String(decoding: $0.body, as: UTF8.self) }.joined()
                let expected = (0..<3).map { #"{"session":\#(session),"record":\#($0)}"# + "\n" }.joined()
                #expect(lines == expected, "session \(session)")
                #expect(received.dropLast().allSatisfy { $0.path.hasSuffix("/events") })
            }
        }

        /// An answer read to its end: a chunked body is joined, a plain one taken as it is.
        @Test func answersAreReadChunkedOrPlain() throws {
            let chunked = Data("HTTP/1.1 409 Conflict\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;x=1\r\n world\r\n0\r\n\r\n".utf8)
            let (status, body) = try SocketHTTPPost.parse(chunked)
            #expect(status == 409 && String(decoding: body, as: UTF8.self) == "hello world")
            let plain = try SocketHTTPPost.parse(Data("HTTP/1.1 202 Accepted\r\nContent-Length: 2\r\n\r\n{}".utf8))
            #expect(plain.status == 202 && plain.body == Data("{}".utf8))
            #expect(throws: SocketHTTPPost.Failure.self) { try SocketHTTPPost.parse(Data("SSH-2.0-OpenSSH\r\n\r\n".utf8)) }
            #expect(throws: SocketHTTPPost.Failure.self) { try SocketHTTPPost.parse(Data("HTTP/1.1 200 OK\r\n".utf8)) }
        }

        /// A refusal comes back as the error the server gave, with its body.
        @Test func aRefusalIsThrownWithTheServersAnswer() throws {
            let server = try RecordingServer(status: "409 Conflict", answer: #"{"title":"the session is closed"}"#)
            defer { server.stop() }
            let upload = LiveTraceUpload(session: URL(string: "http://127.0.0.1:\(server.port)/v1/sessions/x")!)
            upload.send("{}")
            let error = try #require(throws: LiveTraceUpload.Failure.self) { try upload.finish() }
            #expect(error.status == 409 && error.body.contains("the session is closed"))
        }
    }

    /// A plain HTTP/1.1 server on 127.0.0.1 that answers every request with one status and keeps
    /// what it was sent, in the order the requests were read.
    final class RecordingServer: @unchecked Sendable {
        struct Request {
            var path: String
            var authorization: String?
            var contentType: String?
            var body: Data
        }

        let port: Int
        private let listener: Int32
        private let lock = NSLock()
        private var received: [Request] = []
        private var stopped = false
        /// Signalled when the serving thread has returned: only then is the listener closed.
        private let served = DispatchSemaphore(value: 0)

        init(status: String = "204 No Content", answer: String = "") throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var yes: Int32 = 1
            setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            try withUnsafeMutablePointer(to: &address) { pointer in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                    guard bind(listener, raw, length) == 0, listen(listener, 128) == 0, getsockname(listener, raw, &length) == 0 else {
                        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                    }
                }
            }
            self.listener = listener
            port = Int(UInt16(bigEndian: address.sin_port))
            let response = Data("HTTP/1.1 \(status)\r\nContent-Length: \(answer.utf8.count)\r\nConnection: close\r\n\r\n\(answer)".utf8)
            let thread = Thread { [self] in serve(response) }
            thread.start()
        }

        func requests() -> [Request] { lock.withLock { received } }

        /// Stops accepting and closes the listener once the serving thread is gone. Closing it while
        /// that thread could still call `accept` on its number let a listener opened after it by
        /// another test take the number — and this server answered that test's requests (a loaded
        /// run saw the upload loop get this file's 409 "the session is closed").
        func stop() {
            lock.withLock { stopped = true }
            shutdown(listener, Int32(SHUT_RDWR))
            served.wait()
            close(listener)
        }

        private func serve(_ response: Data) {
            defer { served.signal() }
            while !lock.withLock({ stopped }) {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                if let request = Self.read(connection) { lock.withLock { received.append(request) } }
                _ = response.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(connection)
            }
        }

        /// One request: its head, then as many body bytes as its Content-Length says.
        private static func read(_ connection: Int32) -> Request? {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                if let end = bytes.firstRange(of: [13, 10, 13, 10]) {
                    let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                    let fields = Dictionary(
                        head.dropFirst().compactMap { line -> (String, String)? in
                            let parts = line.split(separator: ":", maxSplits: 1)
                            return parts.count == 2 ? (parts[0].lowercased(), parts[1].trimmingCharacters(in: .whitespaces)) : nil
                        }, uniquingKeysWith: { first, _ in first })
                    let length = Int(fields["content-length"] ?? "0") ?? 0
                    if bytes.count - end.upperBound >= length {
                        let path = head[0].split(separator: " ").dropFirst().first.map(String.init) ?? ""
                        return Request(
                            path: path, authorization: fields["authorization"], contentType: fields["content-type"],
                            body: Data(bytes[end.upperBound..<(end.upperBound + length)]))
                    }
                }
                let count = recv(connection, &chunk, chunk.count, 0)
                guard count > 0 else { return nil }
                bytes += chunk[0..<count]
            }
        }
    }
#endif
