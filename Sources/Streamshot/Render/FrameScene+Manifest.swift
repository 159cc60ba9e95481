extension FrameScene {
    /// This frame as the manifest records it, in frame pixels.
    /// - Parameter viewportHeight: the frame's height in pixels: of a block taller than the frame,
    ///   only the lines and cells on the frame are listed (nil: all of them).
    func manifestFrame(file: String, viewportHeight: Double? = nil) -> Frame {
        var caret: Frame.Caret?
        let blocks = self.blocks.map { visible -> Frame.Block in
            let dy = visible.placed.top - scroll
            let block = visible.placed.layout
            if block.blockId == overlays.caretBlockId, let box = block.caret {
                caret = Frame.Caret(blockId: block.blockId, x: box.x, y: box.y + dy, height: box.height)
            }
            let band = viewportHeight.map { 0...$0 }
            return block.manifestBlock(opacity: visible.opacity, dy: dy, growing: visible.placed.decision.growingLineAtStart, band: band)
        }
        return manifestFrame(file: file, blocks: blocks, caret: caret)
    }

    /// This frame with its blocks and caret already recorded (`FrameRecorder`).
    func manifestFrame(file: String, blocks: [Frame.Block], caret: Frame.Caret?) -> Frame {
        Frame(
            index: index, timeMs: timeMs, file: file, revealedChars: content.revealedChars,
            bufferedChars: content.bufferedChars, pendingChars: content.pendingChars, scroll: scroll, pinned: view.pinned,
            typingIndicator: overlays.typingIndicator, direction: content.responseDirection,
            ended: content.streamEnded, reconnecting: overlays.reconnecting, caret: caret, costMs: nil, blocks: blocks,
            overlays: placedOverlays.map(\.manifestOverlay), app: content.appState == .active ? nil : content.appState,
            traced: content.traced, activity: content.activityEvents > 0 ? content.activityEvents : nil)
    }
}

extension PlacedOverlay {
    var manifestOverlay: Frame.Overlay {
        Frame.Overlay(
            kind: overlay.kind, text: overlay.text, x: x, y: y, width: width, height: height,
            spinner: overlay.spinner ? true : nil, warning: overlay.warning ? true : nil, expanded: overlay.expanded ? true : nil)
    }
}

extension LaidOutBlock {
    /// The block on a frame, `dy` pixels below the frame's top.
    /// - Parameter band: the frame's rows: a block taller than them lists only its lines and cells
    ///   in them (nil: all), so a 100-row table records what a frame shows, not every cell on
    ///   every frame. A block that fits is listed whole, partly scrolled out or not. A table wider
    ///   than its column lists only the lines and cells of the columns in view (a 500-column
    ///   table records the few a frame shows), its lines then each with their index.
    func manifestBlock(opacity: Double, dy: Double, growing: Bool = false, band given: ClosedRange<Double>? = nil) -> Frame.Block {
        let band = given.flatMap { height > $0.upperBound - $0.lowerBound ? $0 : nil }
        let rows = band.map { listedLines(in: $0, dy: dy) } ?? lines.indices
        let window = sidewaysWindow
        let listed = window == nil ? Array(rows) : rows.filter { !lines[$0].outOfView }
        // Consecutive indices need no index of their own: `firstLine` says where they start.
        let isRun = listed.isEmpty || listed[listed.count - 1] - listed[0] + 1 == listed.count
        return Frame.Block(
            id: blockId, kind: kind.name, direction: direction, align: alignment.physical,
            opacity: opacity, fontSize: fontSize, linePitch: linePitch, top: dy, height: height,
            inkTop: dy + inkExtent.top, inkBottom: dy + inkExtent.bottom,
            lines: listed.map { index in
                let line = lines[index]
                return Frame.Line(
                    x: line.x, y: line.y + dy, width: line.width, height: line.height, baseline: line.baseline + dy,
                    start: line.text?.lowerBound, end: line.text?.upperBound, inkTop: line.inkTop.map { $0 + dy },
                    inkBottom: line.inkBottom.map { $0 + dy }, index: isRun ? nil : index)
            },
            firstLine: listed.count < lines.count && isRun ? (listed.first ?? rows.lowerBound) : nil,
            lineCount: listed.count < lines.count ? lines.count : nil,
            marker: marker.map { Frame.Marker(x: $0.x, width: $0.width, side: $0.side) },
            quoteBars: quoteBars.isEmpty ? nil : quoteBars.map { Frame.QuoteBar(x: $0.x, width: $0.width) },
            cells: cells.isEmpty ? nil : listedCells(band: band, window: window, dy: dy),
            columns: cells.isEmpty ? nil : columnCount,
            tableWidth: tableWidth, tableScroll: tableScroll > 0 ? tableScroll : nil, growing: growing ? true : nil,
            hiddenLines: hiddenLines.map { Frame.HiddenLines(above: $0.above, below: $0.below) })
    }

    /// The horizontal band a table wider than its column shows (nil: every column shows).
    private var sidewaysWindow: Range<Double>? {
        tableWidth == nil ? nil : pieces.lazy.compactMap(\.visibleX).first
    }

    /// The cells in the frame's rows and, of a table that scrolls sideways, in its window.
    private func listedCells(band: ClosedRange<Double>?, window: Range<Double>?, dy: Double) -> [Frame.Cell] {
        cells.filter { cell in
            (band?.overlaps((cell.y + dy)...(cell.y + dy + cell.height)) ?? true)
                && (window.map { cell.x < $0.upperBound && cell.x + cell.width > $0.lowerBound } ?? true)
        }.map {
            Frame.Cell(
                row: $0.row, column: $0.column, direction: $0.direction, align: $0.alignment.physical, x: $0.x, y: $0.y + dy,
                width: $0.width, height: $0.height)
        }
    }

    /// The lines from the first that reaches into `band` to the last that starts in it (one run,
    /// so an index among them is `firstLine` plus its place).
    private func listedLines(in band: ClosedRange<Double>, dy: Double) -> Range<Int> {
        guard let first = lines.firstIndex(where: { $0.y + $0.height + dy >= band.lowerBound }),
            let last = lines.lastIndex(where: { $0.y + dy <= band.upperBound }), first <= last
        else { return 0..<0 }
        return first..<(last + 1)
    }
}

extension PlacedBlock {
    /// The block as the manifest's `blocks` table records it.
    var manifestBlock: Manifest.Block {
        var entry = Manifest.Block(
            id: layout.blockId, kind: layout.kind.name, direction: layout.direction,
            shownAtMs: decision.shownAtMs, text: layout.text)
        switch layout.kind {
        case .heading(let level): entry.level = level
        case .code(let language): entry.language = language
        default: break
        }
        if !key.containers.isEmpty { entry.containers = key.containers.map(Manifest.Container.init) }
        let formulas = layout.placedFormulas
        if !formulas.isEmpty { entry.formulas = formulas }
        let chips = layout.placedChips
        if !chips.isEmpty { entry.chips = chips }
        if !layout.pictures.isEmpty {
            entry.pictures = layout.pictures.map {
                Manifest.Picture(
                    address: $0.source.address, alt: $0.source.alt, file: $0.source.file.name, x: $0.x, y: $0.y, width: $0.width,
                    height: $0.height)
            }
        }
        return entry
    }
}

extension Manifest.Container {
    init(_ container: BlockContainer) {
        switch container.kind {
        case .blockQuote:
            self.init(kind: .blockQuote, id: container.id)
        case .listItem(let number, _, let checked, _):
            self.init(
                kind: .listItem, id: container.id, depth: container.depth, ordered: number != nil, number: number,
                checked: checked)
        }
    }
}
