import StreamshotManifest

/// The texts each block showed before a rewrite, for the manifest's `blocks[].earlier`: a frame's
/// lines index the text its block showed then, and a late link reference definition turns
/// `[article 4][a4]` into the shorter `article 4` after frames have shown the first.
/// A text that only grew (a prefix of the next) needs no record: its frames' lines index the next one too.
struct BlockTextHistory {
    private var current: [Int: String] = [:]
    private(set) var earlier: [Int: [Manifest.EarlierText]] = [:]

    /// Notes the layouts made for frame `index`: a text that does not extend the block's one
    /// before was shown through the frame before.
    mutating func note(_ layouts: [LaidOutBlock], frame index: Int) {
        for layout in layouts {
            let text = layout.text
            if let before = current[layout.blockId], !text.unicodeScalars.starts(with: before.unicodeScalars), index > 0 {
                earlier[layout.blockId, default: []].append(Manifest.EarlierText(throughFrame: index - 1, text: before))
            }
            current[layout.blockId] = text
        }
    }
}
