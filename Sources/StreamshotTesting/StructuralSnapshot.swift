import Streamshot

/// The manifest at the chosen moments as text: directions, alignments, pitches, opacities and
/// each line's alignment edge and baseline. It leaves out glyph widths, so it survives a font
/// library upgrade that moves pixels, and frame numbers and times, so it survives a change of
/// timing; it still catches a flipped direction or a wrong pitch. First comes the text the final
/// moment shows, a line of it to a `| ` line, so that a changed answer fails naming its words.
enum StructuralSnapshot {
    /// Begins each line of the shown text.
    static let textMark = "| "

    static func text(_ moments: [Moment], manifest: Manifest) -> String {
        var lines = ["direction \(manifest.direction?.rawValue ?? "none")  viewport \(manifest.viewport.width)x\(manifest.viewport.height)"]
        if let final = moments.last {
            let shown = String(String.UnicodeScalarView(manifest.text.unicodeScalars.prefix(final.frame.revealedChars)))
            lines.append("shown at \(final.name):")
            lines += shown.split(separator: "\n", omittingEmptySubsequences: false).map { textMark + $0 }
        }
        for moment in moments {
            let frame = moment.frame
            lines.append("\(moment.name): revealed=\(frame.revealedChars) scroll=\(n(frame.scroll))")
            for block in frame.blocks {
                lines.append(
                    "  block \(block.id) \(block.kind.rawValue) \(block.direction.rawValue) align=\(block.align.rawValue) size=\(n(block.fontSize)) "
                        + "pitch=\(n(block.linePitch)) opacity=\(n(block.opacity)) top=\(n(block.top))")
                for (index, line) in zip(block.listedLineIndices, block.lines) {
                    lines.append(
                        "    line \(index) edge=\(edge(line, align: block.align, direction: block.direction)) baseline=\(n(line.baseline)) "
                            + "height=\(n(line.height))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The x the line is aligned to (left edge, right edge, or centre), rounded to a pixel.
    private static func edge(_ line: Frame.Line, align: PhysicalAlignment, direction: WritingDirection) -> String {
        switch align.anchorEdge(direction: direction) {
        case .left: return "L\(n(line.x.rounded()))"
        case .right: return "R\(n((line.x + line.width).rounded()))"
        case .center: return "C\(n((line.x + line.width / 2).rounded()))"
        }
    }

    private static func n(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
