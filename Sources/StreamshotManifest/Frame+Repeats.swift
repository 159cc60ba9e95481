public import Foundation

/// Version 4 writes a block whose record is the same as in the frame before as a reference,
/// `{"id":3,"same":true}`: a finished table, or any block a reader is waiting under, costs a few
/// bytes per frame instead of its every line and cell. A reader puts the earlier record back —
/// the same value, so a manifest held whole stays the size of what changed.
extension Frame {
    /// The blocks under `container`'s `blocks`, references replaced by the frame before's records
    /// (`previous`: a manifest's decoder keeps one for its frames).
    static func decodeBlocks(_ container: KeyedDecodingContainer<CodingKeys>, previous: PreviousBlocks?) throws -> [Block] {
        let entries = try container.decode([BlockEntry].self, forKey: .blocks)
        var blocks: [Block] = []
        blocks.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            switch entry {
            case .record(let block):
                blocks.append(block)
            case .same(let id):
                guard let earlier = previous?.byId[id] else {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: container.codingPath + [CodingKeys.blocks, PositionKey(position)],
                            debugDescription: "block \(id) is the same as in the frame before, which does not list it"))
                }
                blocks.append(earlier)
            }
        }
        previous?.remember(blocks)
        return blocks
    }

    /// One element of a frame's `blocks`: a record, or a reference to the frame before's.
    enum BlockEntry: Decodable {
        case record(Block)
        case same(id: Int)

        private enum Keys: String, CodingKey { case id, same }

        init(from decoder: any Decoder) throws {
            let keys = try decoder.container(keyedBy: Keys.self)
            if try keys.decodeIfPresent(Bool.self, forKey: .same) == true {
                self = .same(id: try keys.decode(Int.self, forKey: .id))
            } else {
                self = .record(try Block(from: decoder))
            }
        }
    }

    private struct PositionKey: CodingKey {
        let intValue: Int?
        var stringValue: String { String(intValue ?? 0) }
        init(_ position: Int) { intValue = position }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }
}

/// The block records of the frame last decoded, by id: what the next frame's references name.
/// One per reading of one manifest, its frames decoded in order.
public final class PreviousBlocks: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "streamshot.previousBlocks")!
    private(set) var byId: [Int: Frame.Block] = [:]

    public init() {}

    func remember(_ blocks: [Frame.Block]) {
        byId = Dictionary(blocks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A decoder for one manifest's frames, in order.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[key] = PreviousBlocks()
        return decoder
    }
}

/// Writes a render's frames as JSON lines, in order, each block that the frame before wrote in
/// the same words written as a reference to it. Compared as written (rounded), so a render and
/// the merge of its shards, which reads rounded records back, write the same bytes.
public struct FrameLineWriter {
    private var previous: [Int: (block: Frame.Block, text: String)] = [:]

    public init() {}

    /// The frame's JSON line.
    public mutating func line(_ frame: Frame) throws -> String {
        guard case .object(var pairs) = try JSONValueEncoder(places: Manifest.places).encode(frame),
            let blocksAt = pairs.firstIndex(where: { $0.key == "blocks" }), case .array(let items) = pairs[blocksAt].value
        else {
            preconditionFailure("a frame encodes as an object with its blocks")
        }
        var written: [Int: (block: Frame.Block, text: String)] = [:]
        var entries: [JSONValue] = []
        for (block, item) in zip(frame.blocks, items) {
            let earlier = previous[block.id]
            // The same value needs no text to tell (a repeated frame's records are the same arrays).
            let text = earlier.flatMap { $0.block == block ? $0.text : nil } ?? item.text()
            written[block.id] = (block, text)
            entries.append(earlier?.text == text ? .object([("id", .integer(String(block.id))), ("same", .bool(true))]) : item)
        }
        pairs[blocksAt].value = .array(entries)
        previous = written
        return JSONValue.object(pairs).text()
    }
}
