import StreamshotGraphics

/// What a frame draws, in the order it draws it: each entry with the rows it may touch and a key
/// that names everything its pixels depend on. Two frames' lists, compared key by key, tell
/// which rows changed (`FrameDamage`); the painter draws entries where they do.
struct DisplayList {
    enum Content {
        /// A block's decorations, lines and fades (`y` is its top on the frame).
        case block(LaidOutBlock, y: Double, opacity: Double)
        case caret(Decoration, y: Double, opacity: Double)
        case statusBar, homeIndicator
        case overlay(PlacedOverlay, timeMs: Double)
    }

    /// What decides an entry's pixels: equal keys draw equal pixels, a page entry's moved by the
    /// difference in scroll. Layouts are named by identity; the list holds them, so an identity
    /// is never reused while a list that names it is kept.
    enum Key: Hashable {
        case block(ObjectIdentifier, top: Double, opacity: Double)
        case caret(ObjectIdentifier, top: Double, opacity: Double)
        case statusBar, homeIndicator
        /// `expanded`: a row's chevron turns when the reader opens it, with nothing else changed.
        case overlay(Overlay.Kind, x: Double, y: Double, width: Double, height: Double, label: LabelKey?, dotsAtMs: Double?, expanded: Bool)

        /// Whether it moves with the document (the others stay where they are on the screen).
        var movesWithPage: Bool {
            switch self {
            case .block, .caret: return true
            case .statusBar, .homeIndicator, .overlay: return false
            }
        }
    }

    struct LabelKey: Hashable {
        let layout: ObjectIdentifier
        let x: Double
        let baseline: Double
        let lineHeight: Double
    }

    struct Entry {
        let content: Content
        let key: Key
        /// The frame's rows it may touch, ink and antialiasing included (never empty).
        let rows: Range<Int>
    }

    /// How far antialiasing and rounding may reach past an entry's box, in pixels.
    static let margin = 3.0

    let entries: [Entry]
    let scroll: Double

    init(entries: [Entry], scroll: Double) {
        self.entries = entries
        self.scroll = scroll
    }

    init(_ scene: FrameScene, chrome: DeviceChrome?, height: Int) {
        var entries: [Entry] = []
        func add(_ content: Content, _ key: Key, top: Double, bottom: Double) {
            let rows = Self.rows(top: top, bottom: bottom, height: height)
            if !rows.isEmpty { entries.append(Entry(content: content, key: key, rows: rows)) }
        }
        for visible in scene.blocks {
            let block = visible.placed.layout
            let y = visible.placed.top - scene.scroll
            let extent = block.paintExtent
            add(
                .block(block, y: y, opacity: visible.opacity),
                .block(ObjectIdentifier(block), top: visible.placed.top, opacity: visible.opacity), top: y + extent.top, bottom: y + extent.bottom)
            if block.blockId == scene.overlays.caretBlockId, let caret = block.caret {
                let opacity = scene.overlays.caretOpacity
                add(
                    .caret(caret, y: y, opacity: opacity), .caret(ObjectIdentifier(block), top: visible.placed.top, opacity: opacity),
                    top: y + caret.y, bottom: y + caret.y + caret.height)
            }
        }
        if let chrome {
            if chrome.statusBar > 0 { add(.statusBar, .statusBar, top: 0, bottom: chrome.statusBar) }
            if let bar = chrome.indicator { add(.homeIndicator, .homeIndicator, top: bar.y, bottom: bar.y + bar.height) }
        }
        for placed in scene.placedOverlays {
            let label = placed.label.map { LabelKey(layout: ObjectIdentifier($0.layout), x: $0.x, baseline: $0.baseline, lineHeight: $0.lineHeight) }
            // The dots and the spinner move with the clock: their pixels depend on the frame time.
            let drawsDots = (placed.overlay.kind == .typingIndicator && placed.label == nil) || placed.overlay.spinner
            let reach = Self.verticalReach(of: placed)
            add(
                .overlay(placed, timeMs: scene.timeMs),
                .overlay(
                    placed.overlay.kind, x: placed.x, y: placed.y, width: placed.width, height: placed.height, label: label,
                    dotsAtMs: drawsDots ? scene.timeMs : nil, expanded: placed.overlay.expanded),
                top: reach.top, bottom: reach.bottom)
        }
        self.entries = entries
        scroll = scene.scroll
    }

    /// The highest and lowest pixel an overlay may touch: its box, and its label's lines, which
    /// may stand out of it (the typing caption has no box at all).
    private static func verticalReach(of placed: PlacedOverlay) -> (top: Double, bottom: Double) {
        var (top, bottom) = (placed.y, placed.y + placed.height)
        guard let label = placed.label else { return (top, bottom) }
        for (index, line) in label.layout.lines.enumerated() {
            let baseline = label.baseline + Double(index) * label.lineHeight
            top = min(top, baseline + min(line.inkTop, line.logicalTop))
            bottom = max(bottom, baseline + max(line.inkBottom, line.logicalBottom))
        }
        return (top, bottom)
    }

    /// The rows a box from `top` to `bottom` may touch, within the frame.
    static func rows(top: Double, bottom: Double, height: Int) -> Range<Int> {
        guard top.isFinite, bottom.isFinite else { return 0..<height }
        // Clamped to the frame before converting: a box far down a long document stays a Double.
        let frame = { (value: Double) in min(max(value, 0), Double(height)) }
        let first = Int(frame(top - margin).rounded(.down))
        let last = Int(frame(bottom + margin).rounded(.up))
        return first < last ? first..<last : 0..<0
    }
}

extension TextPiece {
    /// From the block's top, the highest and lowest pixel line `index` may touch.
    func verticalReach(ofLine index: Int) -> (top: Double, bottom: Double) {
        let line = layout.lines[index]
        let baseline = lineTop(index) + baselineOffset
        return (baseline + min(line.inkTop, line.logicalTop), baseline + max(line.inkBottom, line.logicalBottom))
    }
}
