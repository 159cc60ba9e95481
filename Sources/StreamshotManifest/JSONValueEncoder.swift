/// Encodes any `Encodable` into a `JSONValue`, keeping keys in the order the value's
/// `encode(to:)` writes them. Doubles get the decimals `places` chooses for their coding path.
struct JSONValueEncoder {
    /// Decimals for a number at a coding path.
    var places: @Sendable ([any CodingKey]) -> Int = { _ in 2 }

    func encode(_ value: some Encodable) throws -> JSONValue {
        let root = JSONNode()
        try value.encode(to: NodeEncoder(node: root, codingPath: [], places: places))
        return root.value
    }
}

/// A value being built; containers write into it as they are filled.
private final class JSONNode {
    enum Content {
        case empty
        case single(JSONValue)
        case keyed([(String, JSONNode)])
        case unkeyed([JSONNode])
    }
    var content = Content.empty

    var value: JSONValue {
        switch content {
        case .empty: return .null
        case .single(let value): return value
        case .keyed(let pairs): return .object(pairs.map { ($0.0, $0.1.value) })
        case .unkeyed(let items): return .array(items.map(\.value))
        }
    }

    func child(forKey key: String) -> JSONNode {
        let node = JSONNode()
        if case .keyed(var pairs) = content {
            pairs.append((key, node))
            content = .keyed(pairs)
        } else {
            content = .keyed([(key, node)])
        }
        return node
    }

    func appendChild() -> JSONNode {
        let node = JSONNode()
        if case .unkeyed(var items) = content {
            items.append(node)
            content = .unkeyed(items)
        } else {
            content = .unkeyed([node])
        }
        return node
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let places: @Sendable ([any CodingKey]) -> Int
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = node.content {} else { node.content = .keyed([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath, places: places))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = node.content {} else { node.content = .unkeyed([]) }
        return UnkeyedContainer(node: node, codingPath: codingPath, places: places)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: node, codingPath: codingPath, places: places)
    }
}

/// Turns one value into a node: scalars directly, everything else through its `encode(to:)`.
private func write(
    _ value: some Encodable, into node: JSONNode, codingPath: [any CodingKey],
    places: @escaping @Sendable ([any CodingKey]) -> Int
) throws {
    switch value {
    case let number as Double: node.content = .single(.number(number, places: places(codingPath)))
    case let number as Float: node.content = .single(.number(Double(number), places: places(codingPath)))
    case let integer as any BinaryInteger: node.content = .single(.integer(String(integer)))
    case let flag as Bool: node.content = .single(.bool(flag))
    case let text as String: node.content = .single(.string(text))
    default: try value.encode(to: NodeEncoder(node: node, codingPath: codingPath, places: places))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let places: @Sendable ([any CodingKey]) -> Int

    mutating func encodeNil(forKey key: Key) throws {
        node.child(forKey: key.stringValue).content = .single(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try write(value, into: node.child(forKey: key.stringValue), codingPath: codingPath + [key], places: places)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key], places: places).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key], places: places).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath, places: places)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key], places: places)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let places: @Sendable ([any CodingKey]) -> Int
    var count: Int {
        if case .unkeyed(let items) = node.content { return items.count }
        return 0
    }

    mutating func encodeNil() throws { node.appendChild().content = .single(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [IndexKey(count)]
        try write(value, into: node.appendChild(), codingPath: path, places: places)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.appendChild(), codingPath: codingPath + [IndexKey(count)], places: places).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.appendChild(), codingPath: codingPath + [IndexKey(count)], places: places).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.appendChild(), codingPath: codingPath, places: places)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let places: @Sendable ([any CodingKey]) -> Int

    mutating func encodeNil() throws { node.content = .single(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try write(value, into: node, codingPath: codingPath, places: places)
    }

    // The protocol requires each scalar type by name; all go the generic way.
    mutating func encode(_ value: Bool) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: String) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: Double) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: Float) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: Int) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: Int8) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: Int16) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: Int32) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: Int64) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: UInt) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: UInt8) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: UInt16) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: UInt32) throws { try write(value, into: node, codingPath: codingPath, places: places) }
    mutating func encode(_ value: UInt64) throws { try write(value, into: node, codingPath: codingPath, places: places) }
}
