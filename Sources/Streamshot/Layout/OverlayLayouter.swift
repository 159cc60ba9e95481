import StreamshotGraphics

/// An overlay where layout put it: its box in frame pixels and its label, laid out.
struct PlacedOverlay {
    let overlay: Overlay
    let x: Double
    let y: Double
    let width: Double
    let height: Double
    /// The label and where its first line's left end and baseline go; nil: drawn without words
    /// (the dots, the stop button's square, the notice the document draws).
    let label: PlacedLabel?
    /// The left edge of its icon: a typing caption's spinner (a square as tall as the box), the
    /// stop button's square.
    var iconX: Double? = nil

    struct PlacedLabel {
        let layout: TextLayout
        let x: Double
        let baseline: Double
        /// From one line's baseline to the next's.
        var lineHeight = 0.0
    }
}

/// Places a frame's overlays, as a phone lays out a chat: the composer's band (the bottom inset)
/// holds one status pill centred and the stop button at its trailing end; the new-content pill
/// floats just above the band; the dots sit where the first line will appear; a typing caption
/// sits under the answer at its start edge; an ending's notice is where the document put it,
/// its button under it.
final class OverlayLayouter {
    private let layouter: BlockLayouter
    private let frameHeight: Double
    /// Labels by text and size: a pill's words rarely change between frames.
    private var labels: [LabelKey: TextLayout] = [:]

    private struct LabelKey: Hashable {
        let text: String
        let sizePx: Double
        let maxWidth: Double
        let oneLine: Bool
    }

    init(layouter: BlockLayouter, frameHeight: Double) {
        self.layouter = layouter
        self.frameHeight = frameHeight
    }

    private var theme: Theme { layouter.theme }
    private var scale: Double { layouter.scale }
    private var frameWidth: Double { layouter.frameWidth }
    /// The stop button's disc: as tall as a pill, so the newest line stops above both alike.
    private var buttonSize: Double { theme.pillHeight * scale }
    /// The composer band's bottom: the top of the bottom safe area.
    private var composerBottom: Double { frameHeight - layouter.bottomSafeArea }
    /// The composer band's top: nothing placed in the text's way goes below it.
    private var composerTop: Double { composerBottom - layouter.composerInset }
    /// The composer band's vertical centre.
    private var bandCenterY: Double { composerBottom - layouter.composerInset / 2 }

    /// - Parameters:
    ///   - overlays: the content's overlays, then the view's, in drawing order.
    ///   - direction: the side the client decided its labels start from and read in.
    ///   - document: the laid-out document (the caption goes under it; the notice is in it).
    ///   - scroll: the frame's scroll.
    func place(_ overlays: [Overlay], direction: WritingDirection, document: DocumentLayout, scroll: Double) throws -> [PlacedOverlay] {
        let rtl = direction == .rtl
        // The stop button, with its words, takes the band's trailing end; a status pill then
        // sits at its leading end, beside it, instead of centred.
        let stop = try overlays.first { $0.kind == .stopButton }.map { try stopButton($0, rtl: rtl) }
        let pillMaxWidth = layouter.contentWidth - (stop.map { $0.width + 8 * scale } ?? 0)
        let bandX: ((Double) -> Double)? = stop.map { _ in
            { width in rtl ? self.layouter.margin + self.layouter.contentWidth - width : self.layouter.margin }
        }
        var leadingRow = 0  // the rows above the answer, in order: "Thought for", then the tool cards
        return try overlays.compactMap { overlay -> PlacedOverlay? in
            switch overlay.kind {
            case .timestamp:
                // Under the bubble at its leading edge: the left of the note's left-to-right app.
                return try caption(overlay, text: overlay.text ?? "", rtl: false, below: document.contentBottom - scroll)
            case .typingIndicator:
                return try overlay.text.map { try caption(overlay, text: $0, rtl: rtl, below: document.contentBottom - scroll) } ?? dots(overlay)
            case .thinking, .reasoningPreview:
                return try thinkingRow(overlay, rtl: rtl, document: document, scroll: scroll)
            case .toolCard where overlay.block != nil:
                return try inFlow(overlay, rtl: rtl, document: document, scroll: scroll)
            case .thought, .toolCard:
                leadingRow += 1
                return try leading(overlay, row: leadingRow - 1, rtl: rtl, document: document, scroll: scroll)
            case .toolStatus:
                return try toolStatus(overlay, rtl: rtl, document: document, scroll: scroll)
            case .stopButton:
                return stop
            case .newContentPill:
                return try pill(overlay, rtl: rtl, maxWidth: layouter.contentWidth, bottom: composerTop - 8 * scale)
            case .error:
                return notice(overlay, document: document, scroll: scroll)
            case .retry:
                return try button(overlay, rtl: rtl, maxWidth: pillMaxWidth, document: document, scroll: scroll)
            case .progress, .reconnecting, .slowConnection, .summaryMode, .tokenBudget:
                return try pill(overlay, rtl: rtl, maxWidth: pillMaxWidth, centerY: bandCenterY, x: bandX)
            }
        }
    }

    /// A rounded pill around its label, centred across the frame.
    private func pill(
        _ overlay: Overlay, rtl: Bool, maxWidth: Double, centerY: Double? = nil, bottom: Double? = nil,
        x placeX: ((Double) -> Double)? = nil
    ) throws -> PlacedOverlay {
        let padding = 12 * scale
        let (layout, sizePt) = try fittingLabel(overlay.text ?? "", rtl: rtl, maxWidth: maxWidth - 2 * padding)
        let textWidth = layout.lines.map(\.width).max() ?? 0
        let lineHeight = sizePt * scale * 1.4
        let height = max(theme.pillHeight * scale, Double(layout.lines.count) * lineHeight + 2 * 4 * scale)
        let width = textWidth + 2 * padding
        let x = placeX?(width) ?? (frameWidth - width) / 2
        let y = centerY.map { $0 - height / 2 } ?? (bottom ?? 0) - height
        let firstLine = layout.lines.first
        let baseline = y + (height - Double(layout.lines.count - 1) * lineHeight) / 2 + sizePt * scale * 0.35
        let labelX = x + padding + (textWidth - (firstLine?.width ?? 0)) / 2 - (firstLine?.x ?? 0)
        return PlacedOverlay(
            overlay: overlay, x: x, y: y, width: width, height: height,
            label: PlacedOverlay.PlacedLabel(layout: layout, x: labelX, baseline: baseline, lineHeight: lineHeight))
    }

    /// "Stop generating" at the composer band's trailing end (the left, in Arabic), as the note
    /// names it: a pill as tall as the others, a stop square before its words. On a tablet the
    /// composer is as wide as the text column, so the column's edge is the band's.
    private func stopButton(_ overlay: Overlay, rtl: Bool) throws -> PlacedOverlay {
        let icon = buttonSize * 0.3
        let padding = 12 * scale
        let (layout, sizePt) = try fittingLabel(overlay.text ?? "", rtl: rtl, maxWidth: layouter.contentWidth * 0.45)
        let textWidth = layout.lines.map(\.width).max() ?? 0
        let width = padding + icon + 8 * scale + textWidth + padding
        // One line: as tall as the band's pills; words wrapped on a narrow screen make it taller.
        let height = layout.lines.count > 1 ? Double(layout.lines.count) * sizePt * scale * 1.4 + 8 * scale : buttonSize
        let x = rtl ? layouter.margin : layouter.margin + layouter.contentWidth - width
        let y = bandCenterY - height / 2
        // Icon at the start of the reading direction, the words after it.
        let textLeft = rtl ? x + padding : x + padding + icon + 8 * scale
        let lineHeight = sizePt * scale * 1.4
        let baseline = y + (height - Double(layout.lines.count - 1) * lineHeight) / 2 + sizePt * scale * 0.35
        return PlacedOverlay(
            overlay: overlay, x: x, y: y, width: width, height: height,
            label: PlacedOverlay.PlacedLabel(
                layout: layout,
                x: textLeft + (textWidth - (layout.lines.first?.width ?? 0)) / 2 - (layout.lines.first?.x ?? 0),
                baseline: baseline, lineHeight: lineHeight),
            iconX: rtl ? x + width - padding - icon : x + padding)
    }

    /// A pill's words on one line, at the theme's label size (13 pt) or down to 10/13 of it when
    /// they are long ("Slow connection detected — response may take longer" on a phone beside the
    /// stop button): a pill of one line stays in the composer's band, clear of the newest line.
    /// Wrapped only past that.
    private func fittingLabel(_ text: String, rtl: Bool, maxWidth: Double) throws -> (TextLayout, Double) {
        for thirteenths in [13.0, 12, 11] {
            let sizePt = theme.labelSize * thirteenths / 13
            let layout = try label(text, sizePt: sizePt, rtl: rtl, maxWidth: .infinity)
            if (layout.lines.first?.width ?? 0) <= maxWidth { return (layout, sizePt) }
        }
        let smallest = theme.labelSize * 10 / 13
        return (try label(text, sizePt: smallest, rtl: rtl, maxWidth: maxWidth), smallest)
    }

    /// An ending's button, under its notice at the text's start edge, as a chat shows it under the
    /// failed message; in the composer's band when the notice is off screen or too low for it.
    private func button(_ overlay: Overlay, rtl: Bool, maxWidth: Double, document: DocumentLayout, scroll: Double) throws -> PlacedOverlay {
        let centred = try pill(overlay, rtl: rtl, maxWidth: maxWidth, centerY: bandCenterY)
        guard let notice = notice(overlay, document: document, scroll: scroll) else { return centred }
        let y = notice.y + notice.height + 8 * scale
        guard y + centred.height <= composerTop else { return centred }
        let x = rtl ? layouter.margin + layouter.contentWidth - centred.width : layouter.margin
        let label = centred.label.map {
            PlacedOverlay.PlacedLabel(layout: $0.layout, x: $0.x + x - centred.x, baseline: $0.baseline + y - centred.y, lineHeight: $0.lineHeight)
        }
        return PlacedOverlay(overlay: overlay, x: x, y: y, width: centred.width, height: centred.height, label: label)
    }

    /// Three dots centred where the first line will appear (the direction is not known yet).
    private func dots(_ overlay: Overlay) -> PlacedOverlay {
        let (radius, spacing) = (4 * theme.textScale * scale, 14 * theme.textScale * scale)
        let centerY = layouter.topMargin + theme.bodySize * scale * 0.9
        return PlacedOverlay(
            overlay: overlay, x: frameWidth / 2 - spacing - radius, y: centerY - radius,
            width: 2 * (spacing + radius), height: 2 * radius, label: nil)
    }

    /// A small caption under the answer, at the text column's start edge; its spinner, when it
    /// has one, before the words (the box then spans both: the painter draws the spinner in its
    /// start-edge square).
    private func caption(_ overlay: Overlay, text: String, rtl: Bool, below top: Double) throws -> PlacedOverlay {
        let height = theme.captionSize * scale * 1.4
        let spinner = overlay.spinner ? height + 4 * scale : 0
        let layout = try label(text, sizePt: theme.captionSize, rtl: rtl, maxWidth: layouter.contentWidth - spinner, oneLine: true)
        let textWidth = layout.lines.first?.width ?? 0
        let width = textWidth + spinner
        let y = top + 4 * scale
        let x = rtl ? layouter.margin + layouter.contentWidth - width : layouter.margin
        let textX = rtl ? x : x + spinner
        return PlacedOverlay(
            overlay: overlay, x: x, y: y, width: width, height: height,
            label: PlacedOverlay.PlacedLabel(layout: layout, x: textX - (layout.lines.first?.x ?? 0), baseline: y + height * 0.75),
            iconX: overlay.spinner ? (rtl ? x + textWidth + 4 * scale : x) : nil)
    }

    /// A status row at the text column's start edge, one label line tall from `top`: "Thinking…"
    /// where the answer will start, then "Thought for 4s" in the room the document keeps above it.
    /// A spinner, when it has one, before the words; the collapsed row's chevron after them
    /// (the row opens on a tap in the apps: "Thought for 4s ›").
    private func row(_ overlay: Overlay, rtl: Bool, top: Double) throws -> PlacedOverlay {
        let sizePt = theme.labelSize * theme.textScale
        let height = (sizePt * 1.4).rounded() * scale
        let spinner = overlay.spinner ? height + 4 * scale : 0
        let chevron = overlay.kind == .thought ? height * 0.6 : 0
        let layout = try label(overlay.text ?? "", sizePt: sizePt, rtl: rtl, maxWidth: layouter.contentWidth - spinner - chevron, oneLine: true)
        let textWidth = layout.lines.first?.width ?? 0
        let width = textWidth + spinner + chevron
        let x = rtl ? layouter.margin + layouter.contentWidth - width : layouter.margin
        let textX = rtl ? x + chevron : x + spinner
        let iconX: Double? = overlay.spinner ? (rtl ? x + textWidth + 4 * scale : x) : chevron > 0 ? (rtl ? x : x + textWidth) : nil
        return PlacedOverlay(
            overlay: overlay, x: x, y: top, width: width, height: height,
            label: PlacedOverlay.PlacedLabel(layout: layout, x: textX - (layout.lines.first?.x ?? 0), baseline: top + height * 0.72),
            iconX: iconX)
    }

    /// "Thinking…" where the answer will start, and the thinking's latest sentence under it, read in its own direction.
    private func thinkingRow(_ overlay: Overlay, rtl: Bool, document: DocumentLayout, scroll: Double) throws -> PlacedOverlay {
        guard overlay.kind == .reasoningPreview else { return try row(overlay, rtl: rtl, top: document.leadingRowTop - scroll) }
        let top = document.leadingRowTop + document.leadingRowHeight + 4 * scale
        return try row(overlay, rtl: overlay.direction.map { $0 == .rtl } ?? rtl, top: top - scroll)
    }

    /// Leading row `index` above the answer ("Thought for", a tool card), listed while it is on
    /// the frame, as the notice is: scrolled away above, it is not drawn. A card's box takes its
    /// padding in, so the frame's damage covers its background.
    private func leading(_ overlay: Overlay, row index: Int, rtl: Bool, document: DocumentLayout, scroll: Double) throws -> PlacedOverlay? {
        let top = document.leadingRowTop(index)
        guard index < document.leadingRows, top + document.leadingRowHeight - scroll > 0 else { return nil }
        let placed = try row(overlay, rtl: rtl, top: top - scroll)
        return overlay.kind == .toolCard ? card(placed) : placed
    }

    /// A tool's status line: before the answer, where it will start; once it has started, under it.
    private func toolStatus(_ overlay: Overlay, rtl: Bool, document: DocumentLayout, scroll: Double) throws -> PlacedOverlay {
        guard !document.placed.isEmpty else { return try row(overlay, rtl: rtl, top: document.leadingRowTop - scroll) }
        return try caption(overlay, text: overlay.text ?? "", rtl: rtl, below: document.contentBottom - scroll)
    }

    /// A tool card in the answer's flow, in the room its block keeps there, while it is on the frame.
    private func inFlow(_ overlay: Overlay, rtl: Bool, document: DocumentLayout, scroll: Double) throws -> PlacedOverlay? {
        let visible = document.placed[document.visibleRange(top: scroll, bottom: scroll + frameHeight)]
        guard let block = visible.first(where: { $0.layout.blockId == overlay.block }) else { return nil }
        let top = block.top - scroll + (BlockLayouter.cardMargin + BlockLayouter.cardPadding / 2) * scale
        return card(try row(overlay, rtl: rtl, top: top))
    }

    /// A card round its row: its box takes the padding in, so the frame's damage covers its background.
    private func card(_ placed: PlacedOverlay) -> PlacedOverlay {
        let pad = BlockLayouter.cardPadding * scale
        return PlacedOverlay(
            overlay: placed.overlay, x: placed.x - pad, y: placed.y - pad / 2, width: placed.width + 2 * pad, height: placed.height + pad,
            label: placed.label, iconX: placed.iconX)
    }

    /// The ending's notice, where the document placed it, while it is on the frame.
    private func notice(_ overlay: Overlay, document: DocumentLayout, scroll: Double) -> PlacedOverlay? {
        guard let block = document.placed.last, block.layout.blockId == StrategyClient.noticeId else { return nil }
        let top = block.top - scroll
        guard top < frameHeight, top + block.layout.height > 0 else { return nil }
        return PlacedOverlay(overlay: overlay, x: layouter.margin, y: top, width: layouter.contentWidth, height: block.layout.height, label: nil)
    }

    /// One label, laid out once per text and size; wrapped when wider than `maxWidth`, or (a
    /// status row or caption, `oneLine`) cut with "…" at its end.
    private func label(_ text: String, sizePt: Double, rtl: Bool, maxWidth: Double, oneLine: Bool = false) throws -> TextLayout {
        let key = LabelKey(text: text, sizePx: sizePt * scale, maxWidth: maxWidth, oneLine: oneLine)
        if let cached = labels[key] { return cached }
        let font = FontSpec(
            families: rtl ? BlockLayouter.rtlFamilies : BlockLayouter.ltrFamilies, sizePx: sizePt * scale,
            bold: theme.boldText)
        func line(_ text: String) throws -> TextLayout {
            try TextLayout(
                library: layouter.fonts, text: QuotedIsolation.isolatingQuotes(text), font: font, width: nil, direction: rtl ? .rtl : .ltr,
                alignment: rtl ? .right : .left)
        }
        var layout = try line(text)
        if (layout.lines.first?.width ?? 0) > maxWidth {
            // A quotation too long for the line is cut at its own end, inside its quotes: the
            // label's end is cut only when nothing of the quotation would be left.
            let quotation = oneLine ? try QuotedIsolation.longestFitting(text, within: maxWidth) { try line($0) } : nil
            layout =
                try quotation
                ?? TextLayout(
                    library: layouter.fonts, text: QuotedIsolation.isolatingQuotes(text), font: font, width: max(1, maxWidth),
                    direction: rtl ? .rtl : .ltr, alignment: oneLine ? (rtl ? .right : .left) : .center, ellipsizes: oneLine)
        }
        if labels.count >= 64 { labels.removeAll() }
        labels[key] = layout
        return layout
    }
}
