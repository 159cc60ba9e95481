public import Foundation

/// A spec's JSON, as a service job stores it and its view shows it: an object by option name, each
/// value as JSON types it (a flag a bool, a number a number, the rest a string) and an option given
/// more than once an array: `{"client":"haqq-mobile","seed":7,"interaction":["scroll@9s:-400","stop@12s"]}`.
extension RenderSpec: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: OptionKey.self)
        // In name order, so the same spec is the same bytes whatever the encoder's settings.
        for name in values.keys.sorted() {
            let given = values[name] ?? []
            let key = OptionKey(name)
            if given.count == 1 {
                try container.encode(SpecJSONValue(given[0]), forKey: key)
            } else {
                try container.encode(given.map(SpecJSONValue.init), forKey: key)
            }
        }
    }

    /// The spec a JSON object describes, each value typed by its option's descriptor.
    /// - Throws: `InputError` naming the option and what is wrong: not an object, an unknown
    ///   option (with the nearest name), or a value its option does not take.
    public init(json data: Data, in descriptors: [RenderOptionDescriptor]) throws {
        let object: [String: SpecJSONText]
        do {
            object = try JSONDecoder().decode([String: SpecJSONText].self, from: data)
        } catch {
            throw InputError("render options: expected a JSON object of option names and values, such as {\"theme\":\"dark\",\"seed\":7}")
        }
        self.init()
        for name in object.keys.sorted() {
            for text in object[name]?.texts ?? [] { try set(name, to: text, in: descriptors) }
        }
    }
}

/// An option name as a JSON key.
private struct OptionKey: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.init(stringValue) }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

/// One typed value as JSON types it.
private struct SpecJSONValue: Encodable {
    let value: RenderOptionValue

    init(_ value: RenderOptionValue) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .name(let text), .text(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .unsigned(let number): try container.encode(number)
        case .number(let number): try container.encode(number)
        case .flag(let on): try container.encode(on)
        }
    }
}

/// One option's JSON value as command-line text, for its descriptor to read: a bool `true`/`false`,
/// a number as written, an array each of its values.
private struct SpecJSONText: Decodable {
    let texts: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let many = try? container.decode([SpecJSONText].self) {
            texts = many.flatMap(\.texts)
        } else if let flag = try? container.decode(Bool.self) {
            texts = [flag ? "true" : "false"]
        } else if let integer = try? container.decode(Int.self) {
            texts = [String(integer)]
        } else if let unsigned = try? container.decode(UInt64.self) {
            texts = [String(unsigned)]
        } else if let number = try? container.decode(Double.self) {
            texts = [RenderOptionValue.number(number).text]
        } else {
            texts = [try container.decode(String.self)]
        }
    }
}
