import CPangoCairo
public import StreamshotMath

/// The formulas a layout sets in its text, typeset, and the math font that draws them.
public struct InlineFormulas {
    public var font: MathFont
    /// In the order of the text's `.math` spans.
    public var boxes: [MathBox]
    /// Each formula as written (what the manifest lists), and whether it is set in display style.
    public var sources: [(written: String, display: Bool)]

    public init(font: MathFont, boxes: [MathBox], sources: [(written: String, display: Bool)]) {
        self.font = font
        self.boxes = boxes
        self.sources = sources
    }
}

/// Where Pango set an object: the line it is on, and its left edge from the layout's left edge.
public struct ObjectPlacement: Equatable, Sendable {
    public var line: Int
    public var x: Double
}

extension TextLayout {
    /// Each formula's object character set as a shape of its box: Pango breaks lines and orders
    /// runs around it as around one character, and draws nothing there.
    static func insertObjects(_ objects: [(bytes: Range<Int>, box: MathBox)], into list: OpaquePointer) {
        let scale = Double(PANGO_SCALE)
        for (bytes, box) in objects {
            var rect = PangoRectangle(
                x: 0, y: Int32((-box.height * scale).rounded()), width: Int32((box.width * scale).rounded()),
                height: Int32(((box.height + box.depth) * scale).rounded()))
            guard let attribute = pango_attr_shape_new(&rect, &rect) else { continue }
            attribute.pointee.start_index = guint(bytes.lowerBound)
            attribute.pointee.end_index = guint(bytes.upperBound)
            pango_attr_list_insert(list, attribute)
        }
    }

    /// The line and left edge of the object at `bytes`.
    func placement(of bytes: Range<Int>) -> ObjectPlacement {
        var rect = PangoRectangle()
        var line: Int32 = 0
        var x: Int32 = 0
        // Positions come from line extents, which can measure glyphs (`GlyphWork`).
        GlyphWork.serially {
            pango_layout_index_to_pos(pangoLayout, Int32(bytes.lowerBound), &rect)
            pango_layout_index_to_line_x(pangoLayout, Int32(bytes.lowerBound), 0, &line, &x)
        }
        return ObjectPlacement(line: Int(line), x: Double(min(rect.x, rect.x + rect.width)) / Double(PANGO_SCALE))
    }

    /// The formulas on line `index`, each with its left edge in layout coordinates.
    public func formulas(onLine index: Int) -> [(box: MathBox, x: Double)] {
        guard let formulas else { return [] }
        return zip(formulaPlacements, formulas.boxes).compactMap { $0.line == index ? ($1, $0.x) : nil }
    }
}
