import Foundation
import StreamshotGraphics

/// Paints a frame scene onto a canvas with Cairo, as decided: background, visible blocks with
/// their fade, the caret, and the overlays where layout placed them.
struct FramePainter {
    let theme: Theme
    let scale: Double
    let chrome: DeviceChrome?

    init(theme: Theme, scale: Double, chrome: DeviceChrome? = nil) {
        self.theme = theme
        self.scale = scale
        self.chrome = chrome
    }

    /// Paints `list` over the previous frame's pixels: moves them by the damage's shift and
    /// repaints the damaged rows (background, then every entry that reaches them, in order).
    /// With `FrameDamage.full` it is a whole repaint; either way the pixels are the same.
    /// - Throws: `GraphicsError` when Cairo reports a failure.
    func paint(_ list: DisplayList, damage: FrameDamage, on canvas: Canvas, timer: StageTimer? = nil) throws {
        try timer.measure(.blit) { try canvas.scrollContent(by: damage.shift) }
        guard !damage.rows.isEmpty else { return }
        canvas.clipped(toRows: damage.rows) {
            canvas.fill(theme.background)
            for entry in list.entries where damage.touches(entry.rows) { paint(entry, damage: damage, on: canvas) }
        }
        try canvas.checkStatus()
    }

    /// Paints `scene` whole (a picture on its own, with no frame before it).
    func paint(_ scene: FrameScene, on canvas: Canvas) throws {
        try paint(DisplayList(scene, chrome: chrome, height: canvas.height), damage: .full(height: canvas.height), on: canvas)
    }

    private func paint(_ entry: DisplayList.Entry, damage: FrameDamage, on canvas: Canvas) {
        switch entry.content {
        case .block(let block, let y, let opacity): paint(block, y: y, opacity: opacity, damage: damage, on: canvas)
        case .caret(let caret, let y, let opacity):
            // The caret marks the stream, not the block: it does not fade in with a new block.
            fill(caret, dy: y, opacity: opacity, on: canvas, color: theme.caret)
        case .statusBar: chrome?.paintStatusBar(on: canvas, theme: theme)
        case .homeIndicator: chrome?.paintHomeIndicator(on: canvas, theme: theme)
        case .overlay(let placed, let timeMs): paint(placed, at: timeMs, on: canvas)
        }
    }

    /// A block with its top at `y`: decorations behind the text, its lines that reach a damaged
    /// row, and the fades that lie over the text they fade out.
    private func paint(_ block: LaidOutBlock, y: Double, opacity: Double, damage: FrameDamage, on canvas: Canvas) {
        for decoration in block.decorations where !decoration.isFade {
            fill(decoration, dy: y, opacity: opacity, on: canvas)
        }
        for placed in block.pictures {
            canvas.draw(
                placed.picture, x: placed.x, y: y + placed.y, width: placed.width, height: placed.height, radius: placed.radius,
                opacity: opacity)
        }
        for piece in block.pieces {
            let color = theme.color(piece.color).fading(opacity)
            for index in piece.layout.lines.indices {
                let reach = piece.verticalReach(ofLine: index)
                guard damage.touches(DisplayList.rows(top: y + reach.top, bottom: y + reach.bottom, height: canvas.height)) else { continue }
                let top = y + piece.lineTop(index)
                canvas.draw(
                    piece.layout, line: index, layoutX: piece.layoutX(ofLine: index), baseline: top + piece.baselineOffset, color: color,
                    clip: piece.visibleX(ofLine: index))
            }
        }
        for decoration in block.decorations where decoration.isFade {
            fill(decoration, dy: y, opacity: opacity, on: canvas)
        }
    }

    /// One overlay in its box: pills in colours that stand out from the page in both themes (AA
    /// contrast), an action button in the action colour, the stop button as a disc with a square.
    private func paint(_ placed: PlacedOverlay, at timeMs: Double, on canvas: Canvas) {
        let (x, y, w, h) = (placed.x, placed.y, placed.width, placed.height)
        switch placed.overlay.kind {
        case .typingIndicator:
            if placed.label == nil { paintDots(placed, at: timeMs, on: canvas) }
            if placed.overlay.spinner, let iconX = placed.iconX { paintSpinner(at: iconX, placed, timeMs: timeMs, on: canvas) }
            drawLabel(placed, color: theme.secondaryText, on: canvas)
        case .stopButton:
            // A pill in the text colour, a stop square at the words' start (the left, in English).
            canvas.fillRect(x: x, y: y, width: w, height: h, radius: h / 2, color: theme.text)
            let icon = theme.pillHeight * scale * 0.3
            canvas.fillRect(x: placed.iconX ?? x, y: y + (h - icon) / 2, width: icon, height: icon, radius: 2 * scale, color: theme.background)
            drawLabel(placed, color: theme.background, on: canvas)
        case .retry:
            canvas.fillRect(x: x, y: y, width: w, height: h, radius: h / 2, color: theme.actionButton)
            drawLabel(placed, color: theme.pillText, on: canvas)
        case .tokenBudget where placed.overlay.warning:
            // Under 20%: the warning colour, its words in the page's colour (AA on both themes).
            canvas.fillRect(x: x, y: y, width: w, height: h, radius: min(h, theme.pillHeight * scale) / 2, color: theme.alerts.warning)
            drawLabel(placed, color: theme.background, on: canvas)
        case .newContentPill, .progress, .reconnecting, .slowConnection, .summaryMode, .tokenBudget:
            canvas.fillRect(x: x, y: y, width: w, height: h, radius: min(h, theme.pillHeight * scale) / 2, color: theme.pill)
            drawLabel(placed, color: theme.pillText, on: canvas)
        case .timestamp:
            drawLabel(placed, color: theme.text.fading(0.7), on: canvas)
        case .thinking, .thought, .toolStatus, .reasoningPreview, .toolCard:
            // Quiet grey words, as the apps set them; a tool's line has its spinner, the
            // collapsed row its chevron pointing along the reading direction, a tool card its card.
            if placed.overlay.kind == .toolCard { canvas.fillRect(x: x, y: y, width: w, height: h, radius: h / 3, color: theme.codeBackground) }
            if placed.overlay.spinner, let iconX = placed.iconX { paintSpinner(at: iconX, placed, timeMs: timeMs, on: canvas) }
            if placed.overlay.kind == .thought, let iconX = placed.iconX { paintChevron(at: iconX, placed, on: canvas) }
            drawLabel(placed, color: theme.secondaryText, on: canvas)
        case .error:
            break  // the document draws the notice; the overlay only says where it is
        }
    }

    private func drawLabel(_ placed: PlacedOverlay, color: Color, on canvas: Canvas) {
        guard let label = placed.label else { return }
        for index in label.layout.lines.indices {
            canvas.draw(label.layout, line: index, layoutX: label.x, baseline: label.baseline + Double(index) * label.lineHeight, color: color)
        }
    }

    /// Three dots pulsing in turn; centred because the response's direction is not decided yet.
    private func paintDots(_ placed: PlacedOverlay, at timeMs: Double, on canvas: Canvas) {
        let radius = placed.height / 2
        let spacing = (placed.width - 2 * radius) / 2
        for dot in 0..<3 {
            let phase = (timeMs / 1200 - Double(dot) * 0.15).truncatingRemainder(dividingBy: 1)
            let pulse = 0.5 - 0.5 * cos(2 * .pi * phase)
            canvas.fillCircle(
                centerX: placed.x + radius + Double(dot) * spacing, centerY: placed.y + radius, radius: radius,
                color: theme.accent.fading(0.35 + 0.65 * pulse))
        }
    }

    /// An activity indicator (UIKit's: eight spokes, the brightest turning once a second) in
    /// the caption's start-edge square, as the note's `ProgressView()` beside its caption.
    private func paintSpinner(at x: Double, _ placed: PlacedOverlay, timeMs: Double, on canvas: Canvas) {
        let size = placed.height
        let (centerX, centerY) = (x + size / 2, placed.y + size / 2)
        let lead = Int((timeMs / 125).rounded(.down)) % 8
        for spoke in 0..<8 {
            let angle = Double(spoke) * .pi / 4 - .pi / 2
            let (inner, outer) = (size * 0.18, size * 0.42)
            let age = (lead - spoke + 8) % 8
            canvas.strokePolyline(
                [
                    (centerX + inner * cos(angle), centerY + inner * sin(angle)),
                    (centerX + outer * cos(angle), centerY + outer * sin(angle))
                ],
                width: size * 0.09, color: theme.secondaryText.fading(1 - Double(age) * 0.11))
        }
    }

    /// "›" in the square after the collapsed row's words ("‹" when they run right to left:
    /// its box starts with it).
    private func paintChevron(at x: Double, _ placed: PlacedOverlay, on canvas: Canvas) {
        let size = placed.height * 0.6
        let pointsLeft = x <= placed.x
        let (left, right) = (x + size * 0.35, x + size * 0.65)
        let (top, middle, bottom) = (placed.y + placed.height * 0.32, placed.y + placed.height * 0.52, placed.y + placed.height * 0.72)
        // Opened, it points down, as a disclosure does.
        let down = [
            (x + size * 0.25, placed.y + placed.height * 0.4), (x + size * 0.5, placed.y + placed.height * 0.64),
            (x + size * 0.75, placed.y + placed.height * 0.4)
        ]
        let points =
            placed.overlay.expanded
            ? down : pointsLeft ? [(right, top), (left, middle), (right, bottom)] : [(left, top), (right, middle), (left, bottom)]
        canvas.strokePolyline(points, width: max(1, scale * 1.2), color: theme.secondaryText)
    }

    private func fill(_ decoration: Decoration, dy: Double, opacity: Double, on canvas: Canvas, color: Color? = nil) {
        let paint = (color ?? theme.color(decoration.color)).fading(opacity)
        let (x, y, w, h) = (decoration.x, decoration.y + dy, decoration.width, decoration.height)
        switch decoration.shape {
        case .roundedRect:
            canvas.fillRect(x: x, y: y, width: w, height: h, radius: decoration.radius, color: paint)
        case .checkMark:
            canvas.strokePolyline(
                [(x + 0.22 * w, y + 0.52 * h), (x + 0.42 * w, y + 0.72 * h), (x + 0.78 * w, y + 0.3 * h)],
                width: 0.14 * w, color: paint)
        case .fade(let fromLeft):
            canvas.fillFade(x: x, y: y, width: w, height: h, color: paint, fromLeft: fromLeft)
        case .verticalFade(let fromTop):
            canvas.fillVerticalFade(x: x, y: y, width: w, height: h, color: paint, fromTop: fromTop)
        case .alertIcon(let alert):
            AlertIcon.paint(alert, x: x, y: y, size: min(w, h), color: paint, on: canvas)
        case .outline(let lineWidth):
            canvas.strokeRect(x: x, y: y, width: w, height: h, radius: decoration.radius, lineWidth: lineWidth, color: paint)
        case .diamond:
            canvas.fillPolygon([(x + w / 2, y), (x + w, y + h / 2), (x + w / 2, y + h), (x, y + h / 2)], color: paint)
        case .diamondOutline(let lineWidth):
            canvas.strokePolyline(
                [(x + w / 2, y), (x + w, y + h / 2), (x + w / 2, y + h), (x, y + h / 2)], width: lineWidth, color: paint, closed: true)
        case .path(let points, let lineWidth, let dashed):
            canvas.strokePolyline(points.map { ($0.x, $0.y + dy) }, width: lineWidth, color: paint, dash: dashed ? 3 * lineWidth : nil)
        case .polygon(let points):
            canvas.fillPolygon(points.map { ($0.x, $0.y + dy) }, color: paint)
        }
    }
}
