import Foundation

/// A plain TCP connection to a live server, for what an HTTP client would never send: bytes go
/// out as given, and what comes back is read until the server closes or a deadline passes.
final class RawConnection {
    /// The connection's descriptor; -1 once given back.
    private var socket: Int32

    /// Connects to 127.0.0.1:`port`. - Throws: `HarnessError` when the connection is refused.
    init(port: Int) throws {
        socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let error = errno
            // Closed here and marked given back: a class whose init throws once its properties are
            // set still runs its deinit, and a second close would close whatever descriptor the
            // number went to meanwhile (a server's accepted socket, a job store's database file).
            Foundation.close(socket)
            socket = -1
            throw HarnessError("cannot connect to port \(port): errno \(error)")
        }
    }

    deinit { if socket >= 0 { Foundation.close(socket) } }

    /// Sends every byte (a peer that has closed makes this stop quietly: what it answered is what counts).
    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            sent += count
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Whether the server has closed the connection or sent something on it, looked at without waiting.
    var heardFrom: Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// What came back, and whether the server closed the connection, within `seconds`.
    struct Outcome {
        let bytes: [UInt8]
        let closed: Bool
        let seconds: Double
        var text: String { String(decoding: bytes, as: UTF8.self) }
        /// The status code of the first answer, if one began.
        var status: Int? {
            guard text.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(text.dropFirst(9).prefix(3))
        }
    }

    /// Reads one whole HTTP answer: its head, then its `Content-Length` bytes or its chunks to the
    /// last; or until the peer closes. `seconds` only bounds a server that hangs: a loaded machine
    /// answers late, and the answer is what is judged, not how fast it came.
    func readResponse(within seconds: Double = 60) -> Outcome {
        let start = Date()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !Self.isComplete(bytes), Date().timeIntervalSince(start) < seconds {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return Outcome(bytes: bytes, closed: true, seconds: Date().timeIntervalSince(start)) }
            bytes += buffer[0..<count]
        }
        return Outcome(bytes: bytes, closed: false, seconds: Date().timeIntervalSince(start))
    }

    /// Whether `bytes` hold an HTTP answer's head and all of its body.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<headEnd.lowerBound].lowercased()
        let body = text[headEnd.upperBound...]
        if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        {
            return body.utf8.count >= length
        }
        if head.contains("transfer-encoding: chunked") { return body.hasSuffix("0\r\n\r\n") }
        return false
    }

    /// Reads until the peer closes, `stopAfter` bytes have come, or `seconds` pass.
    func read(for seconds: Double, stopAfter: Int = .max) -> Outcome {
        let start = Date()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count < stopAfter {
            let left = seconds - Date().timeIntervalSince(start)
            guard left > 0 else { break }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(max(1, left * 1000))) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return Outcome(bytes: bytes, closed: true, seconds: Date().timeIntervalSince(start)) }
            bytes += buffer[0..<count]
        }
        return Outcome(bytes: bytes, closed: false, seconds: Date().timeIntervalSince(start))
    }
}
