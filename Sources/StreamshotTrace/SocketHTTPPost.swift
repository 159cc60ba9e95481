#if canImport(Glibc)
    import Foundation
    import Glibc

    /// One HTTP/1.1 POST over a plain socket, for `http://` URLs: the live upload's transport on
    /// Linux. FoundationNetworking's URLSession was seen to deadlock there (its completion thread
    /// blocked on the Swift runtime's task-status lock while the main thread exited), and a live
    /// session is usually on the same machine or network, over plain HTTP. One request per
    /// connection (`Connection: close`): the answer is read to its end, so nothing is left open.
    struct SocketHTTPPost {
        struct Failure: Error, CustomStringConvertible {
            let description: String
        }

        let url: URL
        let headers: [(String, String)]
        /// How long a connect, a write or a read may wait, in seconds.
        var timeout: Double = 30

        /// Sends `body`; returns the status and the answer's body.
        func send(_ body: Data) throws -> (status: Int, body: Data) {
            // An IPv6 literal without its brackets, for getaddrinfo (they go back in the Host header).
            guard url.scheme?.lowercased() == "http", let host = url.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")),
                !host.isEmpty
            else {
                throw Failure(description: "\(url): only http:// URLs go over a plain socket")
            }
            let port = url.port ?? 80
            let socket = try connect(host: host, port: port)
            defer { close(socket) }
            var path = url.path.isEmpty ? "/" : url.path
            if let query = url.query { path += "?" + query }
            let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
            var head = "POST \(path) HTTP/1.1\r\nHost: \(authority)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            try write(Data((head + "\r\n").utf8) + body, to: socket)
            return try Self.parse(readAll(socket))
        }

        private func connect(host: String, port: Int) throws -> Int32 {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Self.streamSocket
            var found: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(port), &hints, &found)
            guard status == 0, let first = found else {
                throw Failure(description: "\(host): cannot resolve (\(String(cString: gai_strerror(status))))")
            }
            defer { freeaddrinfo(first) }
            var lastError = ECONNREFUSED
            var candidate: UnsafeMutablePointer<addrinfo>? = first
            while let address = candidate {
                candidate = address.pointee.ai_next
                let socket = Glibc.socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
                guard socket >= 0 else {
                    lastError = errno
                    continue
                }
                setTimeouts(socket)
                if Glibc.connect(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return socket }
                lastError = errno
                close(socket)
            }
            throw Failure(description: "\(host):\(port): cannot connect (\(String(cString: strerror(lastError))))")
        }

        private func setTimeouts(_ socket: Int32) {
            var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }

        private func write(_ data: Data, to socket: Int32) throws {
            try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                var sent = 0
                while sent < buffer.count {
                    let written = Glibc.send(socket, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else {
                        throw Failure(description: "\(url): the request could not be sent (\(String(cString: strerror(errno))))")
                    }
                    sent += written
                }
            }
        }

        private func readAll(_ socket: Int32) throws -> Data {
            var answer = Data()
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = recv(socket, &chunk, chunk.count, 0)
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { throw Failure(description: "\(url): no answer (\(String(cString: strerror(errno))))") }
                if count == 0 { return answer }
                answer.append(contentsOf: chunk[0..<count])
            }
        }

        /// The status and body of an HTTP/1.1 answer read to its end (a chunked body is joined).
        static func parse(_ answer: Data) throws -> (status: Int, body: Data) {
            let bytes = [UInt8](answer)
            guard let headEnd = bytes.firstRange(of: [13, 10, 13, 10]) else {
                throw Failure(description: "an answer with no end to its headers (\(bytes.count) bytes)")
            }
            let head = String(decoding: bytes[..<headEnd.lowerBound], as: UTF8.self)
            let lines = head.components(separatedBy: "\r\n")
            let statusParts = lines[0].split(separator: " ")
            guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
                throw Failure(description: "an answer that is not HTTP/1.x: \(lines[0].prefix(80))")
            }
            let body = Array(bytes[headEnd.upperBound...])
            let chunked = lines.dropFirst().contains { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == "transfer-encoding" && parts[1].lowercased().contains("chunked")
            }
            return (status, Data(chunked ? dechunked(body) : body))
        }

        /// A chunked body's data, chunk after chunk, up to the last (size 0) or what arrived.
        static func dechunked(_ body: [UInt8]) -> [UInt8] {
            var data: [UInt8] = []
            var index = 0
            while let lineEnd = body[index...].firstRange(of: [13, 10]) {
                let sizeText = String(decoding: body[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
                let start = lineEnd.upperBound
                let end = min(start + size, body.count)
                data += body[start..<end]
                index = min(end + 2, body.count)
            }
            return data
        }

        private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    }
#endif
