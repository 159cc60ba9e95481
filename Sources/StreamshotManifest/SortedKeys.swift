/// A dictionary written with its keys in sorted order.
struct SortedKeys<Value: Encodable>: Encodable {
    let dictionary: [String: Value]

    init(_ dictionary: [String: Value]) { self.dictionary = dictionary }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        for key in dictionary.keys.sorted() {
            try container.encode(dictionary[key]!, forKey: NamedKey(key))
        }
    }
}

/// A coding key made from any string.
struct NamedKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
