import CPangoCairo

/// One laid-out line, in pixels relative to the layout's left edge and the line's baseline.
public struct LayoutLine: Equatable, Sendable {
    /// First UTF-8 byte of the line in the layout's text.
    public var startByte: Int
    public var byteCount: Int
    /// Left edge of the line's logical box (alignment applied), from the layout's left edge.
    public var x: Double
    /// Width of the line's logical box.
    public var width: Double
    /// Highest and lowest inked pixel, relative to the baseline (negative is above).
    public var inkTop: Double
    public var inkBottom: Double
    /// The top and bottom of the line's logical box, relative to the baseline.
    public var logicalTop: Double
    public var logicalBottom: Double
    /// The direction Pango resolved for this line.
    public var direction: WritingDirection
}

/// An owned PangoLayout: one paragraph block of text, wrapped to a width, with explicit base
/// direction and physical alignment.
///
/// Auto-dir is off, so the base direction is exactly the one given and `LineAlignment.left`
/// always means the left edge (Pango mirrors alignment only when auto-dir is on).
public final class TextLayout {
    private let layout: OpaquePointer
    /// The text as laid out.
    public let text: String
    /// The lines, top to bottom.
    public private(set) var lines: [LayoutLine] = []
    /// Some of its text has colours of its own (links, code chips, colour emoji): drawing it faded needs a
    /// group, as those colours ignore the painter's.
    public let hasOwnColors: Bool
    /// The byte ranges of inline code drawn on a chip, and the chip's colour (nil: no chips).
    let chipSpans: [Range<Int>]
    /// The widened space at a chip's edge (keyed by the edge's byte: the chip's first, or the one after its last).
    let chipRoom: [Int: Int]
    /// The byte ranges of citation chips' labels, each drawn on a pill of the chip colour.
    let citationSpans: [Range<Int>]
    public let chipColor: Color?
    /// The base font's size in pixels (a chip's size and radius follow it).
    let baseSize: Double
    /// The formulas set in it, and where each was set: its line and its left edge.
    public private(set) var formulas: InlineFormulas?
    public private(set) var formulaPlacements: [ObjectPlacement] = []

    /// Lays out `text`.
    /// - Parameters:
    ///   - library: the font library (and its context for `direction`).
    ///   - text: the text; "\n" starts a new paragraph.
    ///   - font: the base font.
    ///   - width: the wrap width in pixels; nil: one line per paragraph, as wide as its text.
    ///   - direction: the base direction of every paragraph.
    ///   - alignment: the physical alignment of lines.
    ///   - justify: stretch every line but each paragraph's last to the full width.
    ///   - spans: inline styles.
    ///   - palette: the colours of links and code chips.
    ///   - breaksWords: a word wider than `width` is broken between characters; false: it runs
    ///     past the width on a line of its own (how a table measures its longest token).
    ///   - breaksAnywhere: lines break between any two characters, words or not (CSS
    ///     `word-break: break-all`; a client's choice Streamshot reproduces, never its own).
    ///   - ellipsizes: one line, cut with "…" at its logical end where it would pass `width`
    ///     (a status label), instead of wrapping.
    ///   - formulas: the typeset formulas of the `.math` spans' object characters, in the spans'
    ///     order: Pango sets each as a box of its size, and drawing a line draws those on it.
    /// - Throws: `GraphicsError` when Pango cannot create the layout.
    public init(
        library: FontLibrary, text: String, font: FontSpec, width: Double?,
        direction: WritingDirection, alignment: LineAlignment, justify: Bool = false,
        spans: [TextSpan] = [], palette: SpanPalette = SpanPalette(), breaksWords: Bool = true,
        breaksAnywhere: Bool = false, ellipsizes: Bool = false, formulas: InlineFormulas? = nil
    ) throws {
        let layout = try nonNull(
            pango_layout_new(library.context(for: direction)), "create Pango layout",
            creator: "pango_layout_new")
        self.layout = layout
        self.text = text
        pango_layout_set_auto_dir(layout, 0)
        let description = font.makeDescription()
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_width(layout, width.map { Int32(($0 * Double(PANGO_SCALE)).rounded(.down)) } ?? -1)
        pango_layout_set_wrap(layout, breaksAnywhere ? PANGO_WRAP_CHAR : breaksWords ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD)
        if ellipsizes { pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END) }
        pango_layout_set_alignment(layout, Self.pangoAlignment(alignment))
        pango_layout_set_justify(layout, justify ? 1 : 0)
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        // Colour emoji are drawn in their own colours too (cairo ignores the source for them).
        hasOwnColors =
            spans.contains { span in
                (span.style.contains(.underline) && palette.link != nil) || (span.style.contains(.monospace) && palette.chip != nil)
                    || (span.style.contains(.accent) && palette.accent != nil) || span.color != nil
                    || (span.style.contains(.citation) && palette.citation != nil)
            } || text.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }
        let chipRuns = palette.chip == nil ? (chips: [], roomBeside: [:]) : Self.chipRuns(spans, in: text)
        chipSpans = chipRuns.chips
        chipRoom = chipRuns.roomBeside
        citationSpans = palette.chip == nil ? [] : spans.filter { $0.style.contains(.citation) && !$0.bytes.isEmpty }.map(\.bytes)
        chipColor = palette.chip
        baseSize = font.sizePx
        let objectSpans = spans.filter { $0.style.contains(.math) }.map(\.bytes).sorted { $0.lowerBound < $1.lowerBound }
        let attributes = Self.makeAttributes(
            spans, in: text, baseSize: font.sizePx, palette: palette, roomBeside: Set(chipRuns.roomBeside.values).sorted())
        let boxes = formulas?.boxes ?? []
        Self.insertObjects(zip(objectSpans, boxes).map { ($0, $1) }, into: attributes)
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        // Laying out is where Pango loads fonts and measures glyphs through cairo (`GlyphWork`).
        lines = GlyphWork.serially {
            // Pango sets some wrapped lines one space short when justifying; flush them.
            if justify { _ = streamshot_complete_justification(layout) }
            let lines = readLines()
            library.keep(scaledFonts)
            return lines
        }
        self.formulas = formulas
        formulaPlacements = objectSpans.prefix(boxes.count).map(placement(of:))
    }

    deinit {
        // The last reference to a Pango font can destroy its cairo scaled font.
        GlyphWork.serially { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// The cairo scaled fonts its runs are drawn with (`ScaledFontKeeper` keeps them).
    var scaledFonts: [OpaquePointer] {
        var fonts: [OpaquePointer] = []
        withUnsafeMutablePointer(to: &fonts) { list in
            streamshot_visit_scaled_fonts(
                layout,
                { font, context in
                    guard let font, let context else { return }
                    context.assumingMemoryBound(to: [OpaquePointer].self).pointee.append(font)
                }, list)
        }
        return fonts
    }

    /// Where a caret at `byteIndex` sits: the line it is on and its x from the layout's left edge
    /// (the strong cursor: at the logical end of RTL text this is the left side).
    public func caret(atByte byteIndex: Int) -> (line: Int, x: Double) {
        var strong = PangoRectangle()
        var weak = PangoRectangle()
        var lineIndex: Int32 = 0
        var xPos: Int32 = 0
        // Line extents can measure glyphs not measured yet (`GlyphWork`).
        GlyphWork.serially {
            pango_layout_get_cursor_pos(layout, Int32(byteIndex), &strong, &weak)
            pango_layout_index_to_line_x(layout, Int32(byteIndex), 0, &lineIndex, &xPos)
        }
        return (Int(lineIndex), Double(strong.x) / Double(PANGO_SCALE))
    }

    /// The layout itself, for this module's extensions.
    var pangoLayout: OpaquePointer { layout }

    func pangoLine(at index: Int) -> UnsafeMutablePointer<PangoLayoutLine>? {
        pango_layout_get_line_readonly(layout, Int32(index))
    }

    private func readLines() -> [LayoutLine] {
        var result: [LayoutLine] = []
        guard let iter = pango_layout_get_iter(layout) else { return result }
        defer { pango_layout_iter_free(iter) }
        let scale = Double(PANGO_SCALE)
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { break }
            var ink = PangoRectangle()
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, &ink, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iter))
            let direction: WritingDirection = pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL ? .rtl : .ltr
            result.append(
                LayoutLine(
                    startByte: Int(pango_layout_line_get_start_index(line)),
                    byteCount: Int(pango_layout_line_get_length(line)),
                    x: Double(logical.x) / scale,
                    width: Double(logical.width) / scale,
                    inkTop: ink.height == 0 ? 0 : (Double(ink.y) - baseline) / scale,
                    inkBottom: ink.height == 0 ? 0 : (Double(ink.y + ink.height) - baseline) / scale,
                    logicalTop: (Double(logical.y) - baseline) / scale,
                    logicalBottom: (Double(logical.y + logical.height) - baseline) / scale,
                    direction: direction))
        } while pango_layout_iter_next_line(iter) != 0
        return result
    }

    private static func pangoAlignment(_ alignment: LineAlignment) -> PangoAlignment {
        switch alignment {
        case .left: return PANGO_ALIGN_LEFT
        case .right: return PANGO_ALIGN_RIGHT
        case .center: return PANGO_ALIGN_CENTER
        }
    }

    private static func makeAttributes(
        _ spans: [TextSpan], in text: String, baseSize: Double, palette: SpanPalette,
        roomBeside: [Int] = []
    ) -> OpaquePointer {
        let list = pango_attr_list_new()!
        // A word too long for its line breaks without an inserted hyphen, as browsers break it
        // (`hyphens: manual`): Pango would otherwise put "-" into a long reference number.
        if let noHyphens = pango_attr_insert_hyphens_new(0) { pango_attr_list_insert(list, noHyphens) }
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ bytes: Range<Int>) {
            guard let attribute else { return }
            attribute.pointee.start_index = guint(bytes.lowerBound)
            attribute.pointee.end_index = guint(bytes.upperBound)
            pango_attr_list_insert(list, attribute)
        }
        for span in spans where !span.bytes.isEmpty {
            if span.style.contains(.bold) { insert(pango_attr_weight_new(PANGO_WEIGHT_BOLD), span.bytes) }
            if span.style.contains(.italic) { insert(pango_attr_style_new(PANGO_STYLE_ITALIC), span.bytes) }
            if span.style.contains(.strikethrough) { insert(pango_attr_strikethrough_new(1), span.bytes) }
            if span.style.contains(.underline) || span.style.contains(.inserted) {
                // Arabic letters reach far below the baseline: an underline at the usual depth
                // cuts through them, so under Arabic it goes below the ink (as skip-ink spares it).
                let underline = Self.hasArabic(text, bytes: span.bytes) ? PANGO_UNDERLINE_LOW : PANGO_UNDERLINE_SINGLE
                insert(pango_attr_underline_new(underline), span.bytes)
                if span.style.contains(.underline), let link = palette.link {
                    let (red, green, blue) = link.pangoComponents
                    insert(pango_attr_foreground_new(red, green, blue), span.bytes)
                }
            }
            if let color = span.color {
                let (red, green, blue) = color.pangoComponents
                insert(pango_attr_foreground_new(red, green, blue), span.bytes)
            }
            if span.style.contains(.accent), let accent = palette.accent {
                let (red, green, blue) = accent.pangoComponents
                insert(pango_attr_foreground_new(red, green, blue), span.bytes)
            }
            if span.style.contains(.citation) {
                // The chip behind it is drawn with the line (`chips(onLine:)`), as a pill.
                insert(pango_attr_size_new_absolute(Int32(citationSize(baseSize) * Double(PANGO_SCALE))), span.bytes)
                if let muted = palette.citation {
                    let (red, green, blue) = muted.pangoComponents
                    insert(pango_attr_foreground_new(red, green, blue), span.bytes)
                }
            }
            if span.style.contains(.revealedControl) {
                insert(pango_attr_size_new_absolute(Int32(baseSize * 0.62 * Double(PANGO_SCALE))), span.bytes)
                insert(pango_attr_weight_new(PANGO_WEIGHT_BOLD), span.bytes)
            }
            if span.style.contains(.boxed) || span.style.contains(.revealedControl) {
                // A neutral grey at a quarter opacity reads as a box on light and dark themes.
                insert(pango_attr_background_new(0x8E8E, 0x8E8E, 0x9393), span.bytes)
                insert(pango_attr_background_alpha_new(0x4000), span.bytes)
            }
            if span.style.contains(.superscript) || span.style.contains(.subscript) {
                // As browsers set <sup> and <sub>: smaller, and raised or lowered from the baseline.
                let rise = span.style.contains(.superscript) ? 0.33 : -0.15
                insert(pango_attr_size_new_absolute(Int32(baseSize * 0.75 * Double(PANGO_SCALE))), span.bytes)
                insert(pango_attr_rise_new(Int32(baseSize * rise * Double(PANGO_SCALE))), span.bytes)
            }
            if span.style.contains(.highlight) {
                // A highlighter's yellow at half opacity: it reads on light and dark themes.
                insert(pango_attr_background_new(0xFFFF, 0xD8D8, 0x3232), span.bytes)
                insert(pango_attr_background_alpha_new(0x8000), span.bytes)
            }
            if span.style.contains(.monospace) {
                // The chip behind it is drawn with the line (`chips(onLine:)`), rounded and padded.
                insert(pango_attr_family_new("Noto Sans Mono"), span.bytes)
                // Monospace reads large next to proportional text; browsers shrink it too.
                insert(pango_attr_size_new_absolute(Int32(codeSize(baseSize) * Double(PANGO_SCALE))), span.bytes)
            }
        }
        let padding = Int32(chipSidePadding(baseSize: baseSize) * Double(PANGO_SCALE))
        for space in roomBeside { insert(pango_attr_letter_spacing_new(padding), space..<(space + 1)) }
        return list
    }
}

extension TextLayout {
    /// Some of `bytes` (UTF-8 offsets into `text`) is Arabic script.
    static func hasArabic(_ text: String, bytes: Range<Int>) -> Bool {
        let utf8 = text.utf8
        guard let start = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound, limitedBy: utf8.endIndex),
            let end = utf8.index(utf8.startIndex, offsetBy: bytes.upperBound, limitedBy: utf8.endIndex)
        else { return false }
        return text.unicodeScalars[start..<end].contains { scalar in
            switch scalar.value {
            case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return true
            default: return false
            }
        }
    }
}

extension Color {
    /// The colour's red, green and blue as Pango's 16-bit components.
    var pangoComponents: (UInt16, UInt16, UInt16) {
        func component(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
        return (component(red), component(green), component(blue))
    }
}
