import Streamshot
public import StreamshotGraphics

/// A grid of frames, each labelled with its time, frame number and any detector finding.
public enum ContactSheet {
    public struct Cell {
        public var label: String
        public var note: String?
        public var images: [(width: Int, height: Int, rgb: [UInt8])]
        public init(label: String, note: String?, images: [(width: Int, height: Int, rgb: [UInt8])]) {
            self.label = label
            self.note = note
            self.images = images
        }
    }

    /// The width of each image in a sheet, unless a caller asks for another.
    public static let thumbnailWidth = 240.0

    /// - Parameters:
    ///   - cells: one per grid cell; a cell with two images shows them side by side (comparisons).
    ///   - thumbnailWidth: the width of each image in the sheet.
    /// - Returns: PNG bytes.
    public static func png(_ cells: [Cell], title: String, fonts: FontLibrary, columns: Int = 6, thumbnailWidth: Double = ContactSheet.thumbnailWidth)
        throws -> [UInt8]
    {
        guard let first = cells.first?.images.first else { throw InputError("nothing to put on the contact sheet") }
        let perCell = Double(cells.map(\.images.count).max() ?? 1)
        let scale = thumbnailWidth / Double(first.width)
        let cellWidth = thumbnailWidth * perCell + 8 * (perCell - 1)
        let imageHeight = Double(first.height) * scale
        let cellHeight = imageHeight + 58
        let gap = 16.0
        let columns = max(1, min(columns, cells.count))
        let rows = (cells.count + columns - 1) / columns
        let width = Int(gap + Double(columns) * (cellWidth + gap))
        let height = Int(60 + Double(rows) * (cellHeight + gap))
        let canvas = try Canvas(width: width, height: height)
        canvas.fill(Color(hex: 0xECECEF))
        try label(title, x: gap, baseline: 38, size: 22, color: 0x1C1C1E, width: Double(width) - 2 * gap, canvas: canvas, fonts: fonts)
        for (index, cell) in cells.enumerated() {
            let x = gap + Double(index % columns) * (cellWidth + gap)
            let y = 60 + Double(index / columns) * (cellHeight + gap)
            for (slot, image) in cell.images.enumerated() {
                let imageX = x + Double(slot) * (thumbnailWidth + 8)
                canvas.fillRect(x: imageX - 1, y: y - 1, width: thumbnailWidth + 2, height: imageHeight + 2, color: Color(hex: 0xC7C7CC))
                try canvas.drawImage(rgb: image.rgb, width: image.width, height: image.height, x: imageX, y: y, scale: scale)
            }
            try label(cell.label, x: x, baseline: y + imageHeight + 20, size: 14, color: 0x1C1C1E, width: cellWidth, canvas: canvas, fonts: fonts)
            if let note = cell.note {
                try label(note, x: x, baseline: y + imageHeight + 40, size: 12, color: 0xD70015, width: cellWidth, canvas: canvas, fonts: fonts)
            }
        }
        try canvas.checkStatus()
        return try PNGEncoder.encode(rgb: canvas.rgbBytes(), width: width, height: height)
    }

    static func label(
        _ text: String, x: Double, baseline: Double, size: Double, color: UInt32, width: Double,
        canvas: Canvas, fonts: FontLibrary
    ) throws {
        // One line, cut to the cell: labels mix Latin and Arabic, so the Naskh face is in the fallback list.
        let layout = try TextLayout(
            library: fonts, text: text, font: FontSpec(families: "Noto Sans, Noto Naskh Arabic", sizePx: size),
            width: 10_000, direction: .ltr, alignment: .left)
        guard !layout.lines.isEmpty else { return }
        var shown = text
        var line = layout
        while line.lines[0].width > width, shown.count > 4 {
            shown = String(shown.dropLast(max(1, shown.count / 8)))
            line = try TextLayout(
                library: fonts, text: shown + "…", font: FontSpec(families: "Noto Sans, Noto Naskh Arabic", sizePx: size),
                width: 10_000, direction: .ltr, alignment: .left)
        }
        canvas.draw(line, line: 0, layoutX: x, baseline: baseline, color: Color(hex: color))
    }
}
