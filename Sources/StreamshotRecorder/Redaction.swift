import Foundation

/// Keeps secrets out of captures and logs: credential headers and credential-like query
/// parameters are replaced by "[redacted]".
public enum Redaction {
    static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
        "openai-api-key", "anthropic-api-key", "x-goog-api-key"
    ]
    static let placeholder = "[redacted]"

    /// `value`, or the placeholder when `name` carries a credential.
    public static func headerValue(name: String, value: String) -> String {
        let lower = name.lowercased()
        if secretHeaders.contains(lower) || lower.contains("token") || lower.contains("secret") { return placeholder }
        return value
    }

    /// The URL with the values of credential-like query parameters and any user info replaced.
    public static func url(_ text: String) -> String {
        guard var components = URLComponents(string: text) else { return text }
        if components.password != nil { components.password = placeholder }
        if components.user != nil { components.user = placeholder }
        components.queryItems = components.queryItems?.map { item in
            let name = item.name.lowercased()
            let secret = ["key", "token", "secret", "sig", "signature", "password", "auth"].contains { name.contains($0) }
            return secret ? URLQueryItem(name: item.name, value: placeholder) : item
        }
        return components.string ?? text
    }
}
