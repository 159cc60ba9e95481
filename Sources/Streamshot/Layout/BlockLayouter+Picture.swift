import StreamshotGraphics

/// A picture where layout placed it in its block: its box from the block's top, in pixels.
struct PlacedPicture {
    let picture: Picture
    let source: InlinePicture
    let x: Double
    let y: Double
    let width: Double
    let height: Double
    let radius: Double
}

extension BlockLayouter {
    /// The space between two pictures of one paragraph, and under the last (as a line box leaves
    /// room under its ink), in points.
    static let pictureGap = 8.0
    /// How round a picture's corners are, in points, as the chat apps draw an answer's images.
    static let pictureRadius = 8.0

    /// A paragraph of pictures: each at its size (a pixel of the file a point, as a page's `<img>`
    /// is a CSS pixel), shrunk to the column's width when wider, keeping its shape; one under
    /// another, set against the block's decided alignment (its start edge, by default).
    func layoutPictures(_ block: Block, decision: BlockDecision, box: Box) throws -> LaidOutBlock {
        var placed: [PlacedPicture] = []
        var top = 0.0
        for source in block.content.pictures {
            let picture = try pictures.picture(source.file)
            let natural = Double(picture.pixelWidth) * scale
            let width = min(natural, box.width)
            let height = (width * Double(picture.pixelHeight) / Double(picture.pixelWidth)).rounded()
            let x = box.x + Self.lineX(width: width, in: box.width, edge: decision.alignment.lines)
            placed.append(
                PlacedPicture(
                    picture: picture, source: source, x: x, y: top, width: width, height: height,
                    radius: min(Self.pictureRadius * scale, min(width, height) / 8)))
            top += height + Self.pictureGap * scale
        }
        let laidOut = LaidOutBlock(
            blockId: block.id, kind: block.kind, direction: decision.direction, alignment: decision.alignment,
            fontSize: theme.bodySize * scale, linePitch: 0, height: top, pieces: [],
            decorations: [], caret: nil, text: block.content.text)
        laidOut.pictures = placed
        return laidOut
    }
}
