import Foundation

/// The one check of a callback URL, where a request gives it and again before a stored one is
/// used: every value in it that reaches a socket address must fit. A port past 65535 once
/// reached NIO's `SocketAddress`, which traps, and the stored callback trapped again at every
/// start; Foundation reads a port too long for an Int as no port at all (port 80).
enum CallbackURL {
    /// - Parameter allowed: the ranges the operator lets callbacks go to (`serve --callback-allow`).
    /// - Returns: why `value` cannot be a callback URL, naming the part; nil when it can.
    static func problem(_ value: String, allowing allowed: Set<CallbackRange> = []) -> String? {
        // The port first: a URL that does not read because of its port is told so.
        if let port = portText(value), !(port.count <= 5 && port.allSatisfy({ ("0"..."9").contains($0) }) && (1...65535).contains(Int(port) ?? 0)) {
            return "port \(port.isEmpty ? "(empty)" : String(port.prefix(20))): expected a number from 1 to 65535"
        }
        guard let url = URL(string: value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            let host = url.host, !host.isEmpty
        else {
            return "expected an absolute http or https URL"
        }
        // A job and its view keep the URL: a password in it would be stored and shown to whoever reads the job.
        if url.user != nil || url.password != nil {
            return "credentials in the URL (user:password@) would be stored and shown with the job; the server signs each callback instead"
        }
        if let range = CallbackRange.of(host), !allowed.contains(range) {
            return "\(host) is \(range.what); a callback goes to a host of yours (or start the server with --callback-allow \(range.rawValue))"
        }
        return nil
    }

    /// The port as written (`8080` of `http://user@host:8080/x`), nil when none is written.
    /// An empty one (`host:/x`) is "" and refused: it reads as a mistake, not as port 80.
    static func portText(_ value: String) -> Substring? {
        guard let start = value.range(of: "://")?.upperBound else { return nil }
        var authority = value[start...].prefix { !"/?#".contains($0) }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            // An IPv6 literal: the port, if any, follows its closing bracket.
            guard let close = authority.firstIndex(of: "]") else { return nil }
            authority = authority[authority.index(after: close)...]
        }
        guard let colon = authority.firstIndex(of: ":") else { return nil }
        return authority[authority.index(after: colon)...]
    }
}
