import CPangoCairo

/// Inline code's chips, drawn as GitHub's stylesheet draws `code`: a rounded box (6 px at a
/// 16 px body) reaching 0.2em above and below the code's text and 0.4em beside it. The room
/// beside it is taken as CSS padding takes it: the space next to the code is widened by that
/// much (letter spacing on the space), so the chip never reaches the next word. Where no space
/// gives it room (punctuation right after the code, a line's edge) it reaches only 0.1em out.
public struct CodeChip: Equatable, Sendable {
    /// Left and right, in layout coordinates (the line's alignment applied).
    public var left: Double
    public var right: Double
    /// Top and bottom, relative to the line's baseline (negative is above).
    public var top: Double
    public var bottom: Double
    public var radius: Double
}

extension TextLayout {
    /// The padding beside a chip, from the code's size (0.4em), which the space next to it gains.
    static func chipSidePadding(baseSize: Double) -> Double { 0.4 * codeSize(baseSize) }

    /// Inline code's size: smaller than the body's, as browsers set monospace.
    static func codeSize(_ baseSize: Double) -> Double { baseSize * 0.9 }

    /// A citation chip's label size: small beside the words, as the apps' chips are (12 px by a 16 px body).
    static func citationSize(_ baseSize: Double) -> Double { baseSize * 0.75 }

    /// The chips behind line `index`'s inline code, one per run of code on the line.
    public func chips(onLine index: Int) -> [CodeChip] {
        guard !chipSpans.isEmpty || !citationSpans.isEmpty, let line = pangoLine(at: index) else { return [] }
        let lineBytes = lines[index].startByte..<(lines[index].startByte + lines[index].byteCount)
        let size = Self.codeSize(baseSize)
        let pad = Self.chipSidePadding(baseSize: baseSize)
        let tight = 0.1 * size
        let box = lines[index]
        var chips = citationChips(onLine: index).map(\.chip)
        for span in chipSpans where span.overlaps(lineBytes) {
            let bytes = max(span.lowerBound, lineBytes.lowerBound)..<min(span.upperBound, lineBytes.upperBound)
            guard let xs = Self.xRange(of: bytes, on: line) else { continue }
            // A widened space beside the code gives it room on the side the space is drawn (its
            // left or right, whichever the paragraph's direction puts it on).
            let spaces = [chipRoom[span.lowerBound], chipRoom[span.upperBound]].compactMap { $0 }.filter(lineBytes.contains)
            let sides = spaces.compactMap { Self.xRange(of: $0..<($0 + 1), on: line) }
            let roomLeft = sides.contains { $0.upperBound <= xs.lowerBound + 0.5 }
            let roomRight = sides.contains { $0.lowerBound >= xs.upperBound - 0.5 }
            // Within the line's box: its damage and its fade are measured from it.
            chips.append(
                CodeChip(
                    left: xs.lowerBound - (roomLeft ? pad : tight), right: xs.upperBound + (roomRight ? pad : tight),
                    top: max(-1.15 * size, box.logicalTop), bottom: min(0.45 * size, box.logicalBottom),
                    radius: 6 * baseSize / 16))
        }
        return chips
    }

    /// The citation chips on line `index`, each with its label (its number, or a pill's domain).
    public func citationChips(onLine index: Int) -> [(chip: CodeChip, label: String)] {
        guard !citationSpans.isEmpty, let line = pangoLine(at: index) else { return [] }
        let box = lines[index]
        let lineBytes = box.startByte..<(box.startByte + box.byteCount)
        let size = Self.citationSize(baseSize)
        let utf8 = Array(text.utf8)
        return citationSpans.filter { $0.overlaps(lineBytes) }.compactMap { span in
            let bytes = max(span.lowerBound, lineBytes.lowerBound)..<min(span.upperBound, lineBytes.upperBound)
            guard let xs = Self.xRange(of: bytes, on: line) else { return nil }
            let label = String(decoding: utf8[span], as: UTF8.self).trimmingCharacters(in: ["\u{202F}"])
            // A pill around the small label: from above its digits' top to below its baseline.
            let chip = CodeChip(
                left: xs.lowerBound, right: xs.upperBound, top: max(-1.0 * size, box.logicalTop),
                bottom: min(0.32 * size, box.logicalBottom), radius: 0.66 * size)
            return (chip, label)
        }
    }

    /// Where `bytes` of `line` are drawn across, in layout coordinates (nil when nowhere).
    private static func xRange(of bytes: Range<Int>, on line: UnsafeMutablePointer<PangoLayoutLine>) -> ClosedRange<Double>? {
        var ranges: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        // Ranges come from line extents, which can measure glyphs (`GlyphWork`).
        GlyphWork.serially { pango_layout_line_get_x_ranges(line, Int32(bytes.lowerBound), Int32(bytes.upperBound), &ranges, &count) }
        defer { g_free(ranges) }
        guard let ranges, count > 0 else { return nil }
        let xs = (0..<Int(count) * 2).map { Double(ranges[$0]) / Double(PANGO_SCALE) }
        return xs.min()!...xs.max()!
    }

    /// The monospace spans that get a chip, and the spaces beside them that give it room, by the
    /// chip's edge they stand at (its first byte, or the byte after its last).
    static func chipRuns(_ spans: [TextSpan], in text: String) -> (chips: [Range<Int>], roomBeside: [Int: Int]) {
        let code = spans.filter { $0.style.contains(.monospace) && !$0.bytes.isEmpty }.map(\.bytes).sorted { $0.lowerBound < $1.lowerBound }
        var runs: [Range<Int>] = []
        for bytes in code {
            if let last = runs.last, bytes.lowerBound <= last.upperBound {
                runs[runs.count - 1] = last.lowerBound..<max(last.upperBound, bytes.upperBound)
            } else {
                runs.append(bytes)
            }
        }
        let utf8 = Array(text.utf8)
        var room: [Int: Int] = [:]
        for run in runs {
            if let before = spaceBefore(run.lowerBound, in: utf8) { room[run.lowerBound] = before }
            if let after = spaceAfter(run.upperBound, in: utf8) { room[run.upperBound] = after }
        }
        return (runs, room)
    }

    /// The space just before byte `offset`, past an isolate mark (`BidiIsolation` wraps code in one).
    private static func spaceBefore(_ offset: Int, in utf8: [UInt8]) -> Int? {
        var index = offset
        while index >= 3, isIsolateMark(utf8[(index - 3)..<index]) { index -= 3 }
        return index > 0 && utf8[index - 1] == UInt8(ascii: " ") ? index - 1 : nil
    }

    private static func spaceAfter(_ offset: Int, in utf8: [UInt8]) -> Int? {
        var index = offset
        while index + 3 <= utf8.count, isIsolateMark(utf8[index..<(index + 3)]) { index += 3 }
        return index < utf8.count && utf8[index] == UInt8(ascii: " ") ? index : nil
    }

    /// U+2066...U+2069 in UTF-8 (E2 81 A6...A9).
    private static func isIsolateMark(_ bytes: ArraySlice<UInt8>) -> Bool {
        let b = Array(bytes)
        return b.count == 3 && b[0] == 0xE2 && b[1] == 0x81 && (0xA6...0xA9).contains(b[2])
    }
}
