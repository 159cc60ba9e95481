import Foundation
import StreamshotGraphics
import StreamshotMath

/// The bundled fonts and the math font, and a canvas to draw formulas on.
enum MathFixture {
    static let fontsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fonts").path

    static func typesetting() throws -> MathTypesetting {
        let library = try FontLibrary(directory: fontsDirectory)
        return MathTypesetting(font: try MathFont.load(fromFontsIn: fontsDirectory), library: library, textFamilies: "Noto Sans, Noto Naskh Arabic")
    }

    /// `source` typeset at `size` pixels.
    static func box(_ source: String, size: Double = 20, display: Bool = false, in typesetting: MathTypesetting) throws -> MathBox {
        let node = try TeXParser.parse(source)
        return MathLayouter(font: typesetting, size: size).layout(node, display: display)
    }

    /// Draws each formula on its own row (its box outlined faintly) and writes the PNG.
    static func sheet(_ sources: [String], size: Double = 24, display: Bool, to path: String) throws {
        let typesetting = try typesetting()
        let boxes = try sources.map { try box($0, size: size, display: display, in: typesetting) }
        let width = Int((boxes.map(\.width).max() ?? 100) + 40)
        let height = Int(boxes.reduce(20) { $0 + $1.height + $1.depth + 20 })
        let canvas = try Canvas(width: width, height: height)
        canvas.fill(Color(red: 1, green: 1, blue: 1))
        var y = 10.0
        for box in boxes {
            let baseline = y + box.height
            canvas.fillRect(x: 20, y: y, width: box.width, height: box.height + box.depth, color: Color(red: 0.9, green: 0.95, blue: 1))
            canvas.fillRect(x: 20, y: baseline, width: box.width, height: 0.5, color: Color(red: 0.6, green: 0.8, blue: 1))
            canvas.draw(box, font: typesetting.font, x: 20, baseline: baseline, color: Color(red: 0, green: 0, blue: 0))
            y += box.height + box.depth + 20
        }
        try Data(canvas.cairoPNG()).write(to: URL(fileURLWithPath: path))
    }
}

extension MathFixture {
    /// Ours on the left, KaTeX's shot (`katexShots/0001.png` …) on the right, one formula a row,
    /// 30 rows a sheet (`math-vs-katex-01.png` …), each sheet small enough to read whole.
    static func sideBySide(_ boxes: [MathBox], katexShots: URL, in typesetting: MathTypesetting, to folder: URL) throws {
        let shots = try boxes.indices.map { index in
            try PNGDecoder.decode(Array(Data(contentsOf: katexShots.appendingPathComponent(String(format: "%04d.png", index + 1)))))
        }
        for (sheet, start) in stride(from: 0, to: boxes.count, by: 30).enumerated() {
            let range = start..<min(start + 30, boxes.count)
            try sideBySide(Array(boxes[range]), shots: Array(shots[range]), font: typesetting.font)
                .write(to: folder.appendingPathComponent(String(format: "math-vs-katex-%02d.png", sheet + 1)))
        }
    }

    private static func sideBySide(_ boxes: [MathBox], shots: [(width: Int, height: Int, rgb: [UInt8])], font: MathFont) throws -> Data {
        let column = Int(max(boxes.map(\.width).max() ?? 0, Double(shots.map(\.width).max() ?? 0))) + 24
        let rows = zip(boxes, shots).map { max(Int(($0.height + $0.depth).rounded(.up)) + 8, $1.height) + 8 }
        let canvas = try Canvas(width: 2 * column, height: rows.reduce(0, +))
        canvas.fill(Color(red: 1, green: 1, blue: 1))
        var y = 0
        for (index, (box, shot)) in zip(boxes, shots).enumerated() {
            if index % 2 == 1 {
                canvas.fillRect(
                    x: 0, y: Double(y), width: Double(2 * column), height: Double(rows[index]), color: Color(red: 0.95, green: 0.96, blue: 1))
            }
            canvas.draw(box, font: font, x: 12, baseline: Double(y + 8) + box.height, color: Color(red: 0, green: 0, blue: 0))
            try canvas.drawImage(rgb: shot.rgb, width: shot.width, height: shot.height, x: Double(column + 8), y: Double(y + 4))
            y += rows[index]
        }
        return Data(try canvas.cairoPNG())
    }
}
