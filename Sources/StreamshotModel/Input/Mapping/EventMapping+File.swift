import Foundation

extension EventMapping {
    static let fileKeys: Set = ["text", "end", "error", "time"]

    /// A mapping written as JSON (`--mapping FILE`, or the service's `mapping` parameter):
    /// `{"text":"/payload/chunk","end":{"pointer":"/type","equals":"finished"},"error":"/err/message","time":"/ts"}`;
    /// `end` may also be a pointer alone (`"/done"`) or `"/type=finished"`.
    /// - Parameter source: names the mapping in errors (the file's path).
    /// - Throws: `InputError` naming the source, the key and what is wrong.
    public init(json: String, source: String) throws {
        guard let data = json.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw InputError(
                "\(source): expected a JSON object such as {\"text\":\"/payload/chunk\",\"end\":{\"pointer\":\"/type\",\"equals\":\"finished\"}}")
        }
        let unknown = Set(object.keys).subtracting(Self.fileKeys)
        guard unknown.isEmpty else {
            throw InputError("\(source): unknown key \(unknown.sorted().joined(separator: ", ")); a mapping has text, end, error and time")
        }
        self.init()
        do {
            text = try Self.pointer(object["text"], "text")
            error = try Self.pointer(object["error"], "error")
            time = try Self.pointer(object["time"], "time")
            end = try Self.match(object["end"])
        } catch let problem as InputError {
            throw InputError("\(source): \(problem.message)")
        }
    }

    /// Reads a mapping file, or takes the JSON itself when `value` starts with `{`.
    /// - Throws: `InputError` when the file cannot be read or its mapping is wrong.
    public static func load(_ value: String) throws -> EventMapping {
        if value.drop(while: \.isWhitespace).first == "{" { return try EventMapping(json: value, source: "--mapping") }
        guard let data = FileManager.default.contents(atPath: value) else {
            throw InputError("--mapping \(value): cannot read the file")
        }
        return try EventMapping(json: String(decoding: data, as: UTF8.self), source: "--mapping \(value)")
    }

    private static func pointer(_ value: Any?, _ key: String) throws -> JSONPointer? {
        guard let value else { return nil }
        guard let text = value as? String else { throw InputError("\"\(key)\" must be a JSON Pointer string such as \"/payload/chunk\"") }
        do { return try JSONPointer(text) } catch let problem as InputError { throw InputError("\"\(key)\": \(problem.message)") }
    }

    private static func match(_ value: Any?) throws -> Match? {
        switch value {
        case nil: return nil
        case let text as String:
            do { return try Match(parsing: text) } catch let problem as InputError { throw InputError("\"end\": \(problem.message)") }
        case let object as [String: Any]:
            guard let pointer = try Self.pointer(object["pointer"], "end.pointer") else {
                throw InputError("\"end\" needs a \"pointer\" (and optionally \"equals\")")
            }
            return Match(pointer: pointer, equals: object["equals"].map { text(of: $0) })
        default:
            throw InputError("\"end\" must be a pointer (\"/done\", \"/type=finished\") or {\"pointer\":…,\"equals\":…}")
        }
    }
}
