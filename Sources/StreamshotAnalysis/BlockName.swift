import StreamshotManifest

/// How a finding names the block it is about, as a reader would find it: "block 4 (paragraph)"
/// for the answer's blocks (the manifest's id, and what kind of block it is), "the ending's
/// notice" for the notice a client adds under a failed answer — never its internal id (-1).
enum BlockName {
    static func of(id: Int, kind: BlockKindName) -> String {
        kind == .notice ? "the ending's notice" : "block \(id) (\(kind.rawValue))"
    }

    static func of(_ block: Frame.Block) -> String { of(id: block.id, kind: block.kind) }

    static func of(_ block: Manifest.Block) -> String { of(id: block.id, kind: block.kind) }
}
