import StreamshotManifest

extension Detector {
    /// Text the manifest says was shown was drawn: a failure here is silent text loss.
    public static let drawnText = Detector(
        name: "drawn-text",
        formula:
            "a NUL (U+0000) in the manifest's text (Pango draws nothing after it); or a shown block (opacity > 0) with text other than whitespace whose "
            + "lines all have zero width (a tall table that scrolls sideways, listing only a few lines, is not judged on a frame: those may all be in "
            + "columns out of view)"
    ) { manifest, _ in
        var findings: [Finding] = []
        if let nul = manifest.text.unicodeScalars.firstIndex(of: "\u{0}") {
            let offset = manifest.text.unicodeScalars.distance(from: manifest.text.unicodeScalars.startIndex, to: nul)
            findings.append(
                Finding(
                    .textNotDrawn, frameIndex: 0, timeMs: 0,
                    message: "a NUL at character \(offset): the text after it is not drawn", values: ["at": Double(offset)]))
        }
        let visibleText = Set(manifest.blocks.filter { $0.text.unicodeScalars.contains { !$0.properties.isWhitespace } }.map(\.id))
        var reported: Set<Int> = []
        return FramePass(
            visit: { frame in
                for block in frame.blocks
                where block.opacity > 0 && !block.lines.isEmpty && visibleText.contains(block.id)
                    && !(block.tableWidth != nil && block.lineCount != nil)
                {
                    guard block.lines.allSatisfy({ $0.width <= 0 }), reported.insert(block.id).inserted else { continue }
                    findings.append(
                        Finding(
                            .textNotDrawn, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                            message: "\(BlockName.of(block)): shown with text, but every line has zero width"))
                }
            }, finish: { (findings, nil, findings.isEmpty) }
        ).onPictures
    }
}
