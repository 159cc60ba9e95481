import Foundation

/// Address ranges a callback goes to only when the operator allows them (`serve --callback-allow`):
/// a callback is a request the server makes for whoever submitted the job, and these ranges reach
/// what only the server can (itself, a cloud's metadata service). Hosts are judged as written: a
/// name that resolves into a range is not caught here (`localhost` and `*.localhost` are, being
/// loopback by definition).
public enum CallbackRange: String, CaseIterable, Sendable {
    /// 127.0.0.0/8, ::1, 0.0.0.0 and ::, `localhost`.
    case loopback
    /// 169.254.0.0/16 and fe80::/10.
    case linkLocal = "link-local"

    var what: String {
        switch self {
        case .loopback: "a loopback address (the server itself)"
        case .linkLocal: "a link-local address (a cloud's metadata service answers there)"
        }
    }

    /// The range `host` (a URL's host, IPv6 in brackets or not) is in, if any.
    static func of(_ host: String) -> CallbackRange? {
        var bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare.hasSuffix(".") { bare.removeLast() }
        if bare == "localhost" || bare.hasSuffix(".localhost") { return .loopback }
        // An IPv4 address written inside IPv6 (::ffff:127.0.0.1) is that IPv4 address.
        if bare.hasPrefix("::ffff:"), bare.contains(".") { bare.removeFirst(7) }
        if bare.contains(":") {
            if bare == "::1" || bare == "::" || bare == "0:0:0:0:0:0:0:1" || bare == "0:0:0:0:0:0:0:0" { return .loopback }
            return ["fe8", "fe9", "fea", "feb"].contains(where: bare.hasPrefix) ? .linkLocal : nil
        }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard octets.count == 4, octets.allSatisfy({ $0 != nil && (0...255).contains($0!) }) else { return nil }
        if octets[0] == 127 || octets.allSatisfy({ $0 == 0 }) { return .loopback }
        return octets[0] == 169 && octets[1] == 254 ? .linkLocal : nil
    }
}
