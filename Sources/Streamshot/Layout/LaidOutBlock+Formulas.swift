import StreamshotGraphics
import StreamshotManifest

extension LaidOutBlock {
    /// Its typeset formulas where they are drawn, in text order (a table's cell by cell), as the
    /// manifest lists them.
    var placedFormulas: [Manifest.Formula] {
        pieces.filter(\.isContent).flatMap { piece -> [Manifest.Formula] in
            guard let formulas = piece.layout.formulas else { return [] }
            return zip(piece.layout.formulaPlacements, zip(formulas.boxes, formulas.sources)).map { placement, formula in
                let (box, source) = formula
                let baseline = piece.lineTop(placement.line) + piece.baselineOffset
                return Manifest.Formula(
                    source: source.written, display: source.display, x: piece.layoutX(ofLine: placement.line) + placement.x,
                    y: baseline - box.height, width: box.width, height: box.height + box.depth, baseline: baseline)
            }
        }
    }
}
