/// The options a manifest records: the client and its rules, the picture, how the input was
/// read. Named values (`client`, `pacing`, `textAlign`, `theme`…) are strings as the option list
/// spells them; the rest are typed: the client's `timeout`, the network's `seed`, `boldText`.
///
/// Manifest version 3 writes `"timeout":{"ms":60000,"resets":true}`, `"seed":4` and
/// `"boldText":false`; version 2 wrote them as strings (`"60000 ms idle"`, `"4"`, `"off"`), and
/// both are read. `options["timeout"]` still gives the string form, for readers that list options.
public struct ManifestOptions: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The client's timeout: how long it waits, and whether each arrival restarts the wait.
    public struct Timeout: Sendable, Equatable, Codable {
        public var ms: Double
        /// true: idle (each arrival restarts it); false: hard (from the request).
        public var resets: Bool

        public init(ms: Double, resets: Bool) {
            self.ms = ms
            self.resets = resets
        }

        /// Version 2's form, `60000 ms idle` / `30000 ms hard`; nil for `none` or anything else.
        public init?(text: String) {
            let words = text.split(separator: " ")
            guard words.count == 3, words[1] == "ms", let ms = Double(words[0]), ms.isFinite, ms >= 0,
                  words[2] == "idle" || words[2] == "hard" else { return nil }
            self.init(ms: ms, resets: words[2] == "idle")
        }

        public var text: String { "\(Int(ms)) ms \(resets ? "idle" : "hard")" }
    }

    /// Every option whose value is a name or free text, by key.
    public var named: [String: String] = [:]
    /// The client's timeout; nil when it has none (`timeoutRecorded` says whether the manifest said).
    public var timeout: Timeout?
    /// The manifest said what the timeout is (none included).
    public var timeoutRecorded = false
    public var seed: UInt64?
    public var boldText: Bool?

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// An option in its string form (version 2's), whatever its type.
    public subscript(key: String) -> String? {
        get {
            switch key {
            case "timeout": return timeoutRecorded ? timeout?.text ?? "none" : nil
            case "seed": return seed.map(String.init)
            case "boldText": return boldText.map { $0 ? "on" : "off" }
            default: return named[key]
            }
        }
        set {
            switch key {
            case "timeout":
                timeout = newValue.flatMap(Timeout.init(text:))
                timeoutRecorded = newValue != nil
            case "seed": seed = newValue.flatMap { UInt64($0) }
            case "boldText": boldText = newValue.map { $0 == "on" || $0 == "true" }
            default: named[key] = newValue
            }
        }
    }

    /// Every key recorded.
    public var keys: [String] {
        var keys = Array(named.keys)
        if timeoutRecorded { keys.append("timeout") }
        if seed != nil { keys.append("seed") }
        if boldText != nil { keys.append("boldText") }
        return keys.sorted()
    }
}

extension ManifestOptions: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        for key in container.allKeys {
            if let text = try? container.decode(String.self, forKey: key) {
                self[key.stringValue] = text  // version 2's strings, and every named value
            } else if key.stringValue == "timeout" {
                timeout = try container.decodeIfPresent(Timeout.self, forKey: key)
                timeoutRecorded = true
            } else if key.stringValue == "seed" {
                seed = try container.decode(UInt64.self, forKey: key)
            } else if key.stringValue == "boldText" {
                boldText = try container.decode(Bool.self, forKey: key)
            } else {
                throw DecodingError.typeMismatch(String.self, .init(codingPath: container.codingPath + [key],
                                                                    debugDescription: "options.\(key.stringValue): expected a string"))
            }
        }
    }

    /// Keys in sorted order; `timeout` null when the client has none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        for key in keys {
            switch key {
            case "timeout": try container.encode(timeout, forKey: NamedKey(key))
            case "seed": try container.encode(seed, forKey: NamedKey(key))
            case "boldText": try container.encode(boldText, forKey: NamedKey(key))
            default: try container.encode(named[key], forKey: NamedKey(key))
            }
        }
    }
}
