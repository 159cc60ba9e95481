import Foundation
import StreamshotManifest

/// The contrast detector's measures: WCAG's relative luminance and contrast ratio, and a region's
/// background (its commonest colour) and foreground (its colour furthest from the background).
struct ContrastJudge {
    let manifest: Manifest
    private(set) var findings: [Finding] = []
    /// The lowest ratio measured (the report's score).
    private(set) var lowest: Double?
    private var reported: Set<String> = []

    /// The rows a reader sees text in: below the status bar's band and above the home
    /// indicator's (the device's chrome is drawn over them).
    let visibleRows: ClosedRange<Double>

    private let blocks: [Int: Manifest.Block]

    init(manifest: Manifest) {
        self.manifest = manifest
        blocks = manifest.blocksById
        let safe = manifest.viewport.safeArea
        visibleRows = Double(safe?.top ?? 0)...(Double(manifest.viewport.height) - Double(safe?.bottom ?? 0))
    }

    mutating func judge(_ block: Frame.Block, on frame: Frame, image: FramePixels) {
        guard block.kind != .thematicBreak, let entry = blocks[block.id] else { return }
        let text = Array(entry.text(atFrame: frame.index).unicodeScalars)
        // WCAG's large text: 18 pt and up (the manifest's sizes are pixels at the viewport's scale).
        let large = block.fontSize / manifest.viewport.scale >= 18
        let cut = Self.cutCells(block, text: text)
        for (position, line) in block.lines.enumerated() {
            // Only a line wholly in view: one under the status bar or cut by the frame's edge shows no text to judge.
            guard let top = line.inkTop, let bottom = line.inkBottom, line.width > 0,
                visibleRows.contains(top), visibleRows.contains(bottom)
            else { continue }
            // A column a wide table's window cuts is under its edge fade, the hint that it scrolls, by design.
            if let start = line.start, start >= 0, cut.contains(Self.cellIndex(of: start, in: text)) { continue }
            // So is the line at the edge of a box that scrolls inside itself, where more lies beyond it.
            if let hidden = block.hiddenLines, (position == 0 && hidden.above > 0) || (position == block.lines.count - 1 && hidden.below > 0) {
                continue
            }
            if let start = line.start, let end = line.end, 0 <= start, start < end, end <= text.count,
                text[start..<end].contains(where: { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" })
            {
                continue
            }
            measure(
                "line \(block.lineIndex(at: position))", block: block, frame: frame, image: image,
                box: (line.x, top, line.x + line.width, bottom), minimum: large ? 3 : 4.5, what: "text",
                // Code is one colour, and a line cut at its box fades out there by design: judged whole.
                runs: block.kind == .code ? nil : (minWidth: 0.5 * block.fontSize, gap: 0.3 * block.fontSize))
        }
        if let marker = block.marker, block.firstLineIndex == 0, let first = block.lines.first,
            visibleRows.contains(first.y), visibleRows.contains(first.y + first.height)
        {
            let item = entry.containers?.last { $0.kind == .listItem }
            let task = item?.checked != nil
            // A bullet is a graphical object, like a task box (WCAG 1.4.11: 3:1); a number is text.
            let bullet = !task && item?.ordered == false
            measure(
                "marker", block: block, frame: frame, image: image, box: (marker.x, first.y, marker.x + marker.width, first.y + first.height),
                minimum: task || bullet || large ? 3 : 4.5, what: task ? "task box" : bullet ? "bullet" : "list number")
        }
    }

    /// - Parameter runs: judge each run of ink (a word or a link: columns with ink, split where
    ///   `gap` px have none) at least `minWidth` px wide on its own, by the faintest: a pale link
    ///   beside dark words is not hidden by them (nil: the region as one).
    private mutating func measure(
        _ part: String, block: Frame.Block, frame: Frame, image: FramePixels,
        box: (Double, Double, Double, Double), minimum: Double, what: String,
        runs: (minWidth: Double, gap: Double)? = nil
    ) {
        guard let colors = Self.colors(in: image, box: box) else { return }
        let background = colors.0
        var foreground = colors.1
        if let runs, let faintest = Self.faintestRun(in: image, box: box, background: background, minWidth: runs.minWidth, gap: runs.gap) {
            foreground = faintest
        }
        let ratio = Self.ratio(background, foreground)
        lowest = min(lowest ?? ratio, ratio)
        guard ratio < minimum, reported.insert("\(block.id) \(part)").inserted else { return }
        let size = (block.fontSize / manifest.viewport.scale * 10).rounded() / 10
        findings.append(
            Finding(
                .lowContrast, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                message: "\(BlockName.of(block)) \(part): its \(what) \(Self.hex(foreground)) on \(Self.hex(background)) "
                    + "is \((ratio * 100).rounded() / 100):1, under WCAG AA's \(minimum):1 for "
                    + "\(what == "task box" ? "a control" : "\(size) pt \(what)") — a reader strains to make it out",
                values: ["ratio": ratio, "minimum": minimum]))
    }

    /// Of a table wider than its window (`tableWidth`): the cells (by their place in the
    /// tab-joined text) that the window cuts. At the table's start the window starts at the first
    /// column's start edge; it ends where its lines are cut, the furthest any reaches (a table
    /// scrolled sideways, its first column out of view: the lines' reach on both sides).
    static func cutCells(_ block: Frame.Block, text: [Unicode.Scalar]) -> Set<Int> {
        guard block.tableWidth != nil, let cells = block.cells, let columns = block.tableColumns else { return [] }
        let shown = block.lines.filter { $0.width > 0 }
        guard let leftmost = shown.map(\.x).min(), let rightmost = shown.map({ $0.x + $0.width }).max() else { return [] }
        var (left, right) = (leftmost, rightmost)
        if let first = cells.first(where: { $0.column == 0 }) {
            if block.direction == .rtl { right = first.x + first.width } else { left = first.x }
        }
        return Set(cells.filter { $0.x < left - 1 || $0.x + $0.width > right + 1 }.map { $0.row * columns + $0.column })
    }

    /// Which cell (row by row) the character at `offset` of a table's text is in.
    static func cellIndex(of offset: Int, in text: [Unicode.Scalar]) -> Int {
        text[..<min(offset, text.count)].reduce(0) { $0 + ($1 == "\t" ? 1 : 0) }
    }

    typealias RGB = (Int, Int, Int)

    /// The box's pixel columns `x0 ..< x1` and rows `y0 ..< y1` inside the image, clamped before
    /// they become integers: a box far off the frame (or not a number) is an empty region, never a trap.
    static func pixels(of box: (Double, Double, Double, Double), in image: FramePixels) -> (Int, Int, Int, Int) {
        func pixel(_ value: Double, _ limit: Int, _ rule: FloatingPointRoundingRule) -> Int {
            value.isNaN ? 0 : Int(min(max(value, 0), Double(limit)).rounded(rule))
        }
        return (
            pixel(box.0, image.width, .down), pixel(box.2, image.width, .up), pixel(box.1, image.height, .down),
            pixel(box.3, image.height, .up)
        )
    }

    /// The region's commonest colour (sampled every other pixel) and its colour of greatest
    /// contrast with it; nil for an empty region.
    static func colors(in image: FramePixels, box: (Double, Double, Double, Double)) -> (RGB, RGB)? {
        let (x0, x1, y0, y1) = pixels(of: box, in: image)
        guard x0 < x1, y0 < y1 else { return nil }
        var counts: [Int: Int] = [:]
        for y in stride(from: y0, to: y1, by: 2) {
            for x in stride(from: x0, to: x1, by: 2) {
                let (r, g, b) = image.color(x: x, y: y)
                counts[(r << 16) | (g << 8) | b, default: 0] += 1
            }
        }
        guard let packed = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else { return nil }
        let background: RGB = (packed >> 16, (packed >> 8) & 0xFF, packed & 0xFF)
        let backgroundLuminance = luminance(background)
        var best = background
        var bestRatio = 1.0
        for y in y0..<y1 {
            for x in x0..<x1 {
                let color = image.color(x: x, y: y)
                let value = ratio(luminance(color), backgroundLuminance)
                if value > bestRatio { (best, bestRatio) = (color, value) }
            }
        }
        return (background, best)
    }

    /// WCAG 2.2's relative luminance of an sRGB colour.
    static func luminance(_ color: RGB) -> Double {
        0.2126 * linearChannel[color.0] + 0.7152 * linearChannel[color.1] + 0.0722 * linearChannel[color.2]
    }

    /// Each 8-bit sRGB channel value made linear, computed once: the judge reads every pixel of
    /// a block's box, and `pow` per channel was most of a contrast check's time.
    private static let linearChannel: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    static func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }
    static func ratio(_ a: RGB, _ b: RGB) -> Double { ratio(luminance(a), luminance(b)) }

    static func hex(_ color: RGB) -> String {
        "#" + [color.0, color.1, color.2].map { String(format: "%02X", $0) }.joined()
    }
}
