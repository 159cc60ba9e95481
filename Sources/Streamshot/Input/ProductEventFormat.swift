import Foundation

/// Decodes the product's own event payloads (shared/seeds/000):
/// `{"type":"delta","content":"..."}`, `{"type":"snapshot","content":"..."}`,
/// `{"type":"done","usage":{...}}`, `{"type":"error","message":"..."}`; also `[DONE]`.
enum ProductEventFormat {
    enum Decoded: Equatable {
        case event(StreamEvent.Kind)
        /// Not text: nothing to render, nothing lost.
        case ignored
        /// Could not be understood; the reason names what was expected.
        case invalid(String)
    }

    static func decode(_ payload: String) -> Decoded {
        if payload.trimmingCharacters(in: .whitespaces) == "[DONE]" { return .event(.done) }
        let object: [String: Any]
        switch parseObject(payload) {
        case .success(let parsed): object = parsed
        case .failure(let error): return .invalid(error.message)
        }
        return decode(object)
    }

    static func decode(_ object: [String: Any]) -> Decoded {
        guard let type = object["type"] as? String else {
            return .invalid("expected a \"type\" string field")
        }
        switch type {
        case "delta", "snapshot":
            guard let content = (object["content"] ?? object["text"]) as? String else {
                return .invalid("\"\(type)\" needs a \"content\" string")
            }
            return .event(type == "delta" ? .delta(content) : .snapshot(content))
        case "done":
            return .event(.done)
        case "error":
            let message = (object["message"] as? String) ?? (object["error"] as? String) ?? "stream error"
            return .event(.error(message))
        case "ping", "heartbeat":
            return .ignored
        default:
            return .invalid("unknown event type \"\(type)\" (expected delta, snapshot, done or error)")
        }
    }

    static func parseObject(_ text: String) -> Result<[String: Any], InputError> {
        guard let data = text.data(using: .utf8) else { return .failure(InputError("not UTF-8")) }
        do {
            let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            guard let object = value as? [String: Any] else {
                return .failure(InputError("expected a JSON object"))
            }
            return .success(object)
        } catch {
            return .failure(InputError("JSON does not parse (\(shortReason(error)))"))
        }
    }

    private static func shortReason(_ error: any Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}
