import StreamshotGraphics
import StreamshotManifest

extension LaidOutBlock {
    /// Its citation chips where they are drawn, in text order (a table's cell by cell), as the
    /// manifest lists them.
    var placedChips: [Manifest.Chip] {
        pieces.filter(\.isContent).flatMap { piece -> [Manifest.Chip] in
            piece.layout.lines.indices.flatMap { line in
                piece.layout.citationChips(onLine: line).map { chip, label in
                    let baseline = piece.lineTop(line) + piece.baselineOffset
                    return Manifest.Chip(
                        label: label, x: piece.layoutX(ofLine: line) + chip.left, y: baseline + chip.top, width: chip.right - chip.left,
                        height: chip.bottom - chip.top)
                }
            }
        }
    }
}
