import Foundation
import StreamshotGraphics

/// Paints a frame scene onto a canvas with Cairo, as decided: background, visible blocks with
/// their fade, the caret, the typing indicator and the reconnecting badge.
struct FramePainter {
    let theme: Theme
    let scale: Double
    /// The reconnecting pill's label in each language a response may speak.
    private let reconnectingLabels: [ResponseLanguage: TextLayout]
    private let labelSize: Double

    init(theme: Theme, scale: Double, fonts: FontLibrary) throws {
        self.theme = theme
        self.scale = scale
        let labelSize = 13 * scale
        self.labelSize = labelSize
        var labels: [ResponseLanguage: TextLayout] = [:]
        for language in ResponseLanguage.allCases {
            let rtl = language != .english
            labels[language] = try TextLayout(library: fonts, text: language.reconnecting,
                                              font: FontSpec(families: rtl ? BlockLayouter.rtlFamilies : BlockLayouter.ltrFamilies,
                                                             sizePx: labelSize),
                                              width: 300 * scale, direction: rtl ? .rtl : .ltr, alignment: rtl ? .right : .left)
        }
        reconnectingLabels = labels
    }

    /// Paints `scene` and returns the frame's pixels.
    /// - Throws: `GraphicsError` when Cairo reports a failure.
    func paint(_ scene: FrameScene, on canvas: Canvas) throws -> XRGBPixels {
        canvas.fill(theme.background)
        let height = Double(canvas.height)
        for visible in scene.blocks {
            let placed = visible.placed
            let block = placed.layout
            let y0 = placed.top - scene.scroll
            // Fades lie over the text they fade out; everything else is behind it.
            for decoration in block.decorations where !decoration.isFade {
                fill(decoration, dy: y0, opacity: visible.opacity, on: canvas)
            }
            for piece in block.pieces {
                let color = theme.color(piece.color).fading(visible.opacity)
                for index in piece.layout.lines.indices {
                    let top = y0 + piece.lineTop(index)
                    // Lines wholly outside the frame are not drawn (ink may overhang by a line).
                    if top + 2 * piece.pitch < 0 || top - piece.pitch > height { continue }
                    canvas.draw(piece.layout, line: index, layoutX: piece.layoutX(ofLine: index), baseline: top + piece.baselineOffset, color: color,
                                clip: piece.visibleX)
                }
            }
            for decoration in block.decorations where decoration.isFade {
                fill(decoration, dy: y0, opacity: visible.opacity, on: canvas)
            }
            if block.blockId == scene.overlays.caretBlockId, let caret = block.caret {
                // The caret marks the stream, not the block: it does not fade in with a new block.
                fill(caret, dy: y0, opacity: 1, on: canvas, color: theme.caret)
            }
        }
        if scene.overlays.typingIndicator { paintTypingIndicator(at: scene.timeMs, on: canvas) }
        if scene.overlays.reconnecting { paintReconnectingBadge(in: scene.overlays.language, on: canvas) }
        try canvas.checkStatus()
        return canvas.xrgbPixels()
    }

    /// A pill at the bottom centre while the connection is being re-established, in the
    /// answer's language, in colours that stand out from the page (AA contrast in both themes).
    private func paintReconnectingBadge(in language: ResponseLanguage, on canvas: Canvas) {
        guard let label = reconnectingLabels[language], let line = label.lines.first else { return }
        let padding = 12 * scale
        let height = theme.pillHeight * scale
        let width = line.width + 2 * padding
        let x = (Double(canvas.width) - width) / 2
        // Centred in the bottom inset, below every line of text (the scroll keeps them above it).
        let y = Double(canvas.height) - (theme.bottomInset * scale + height) / 2
        canvas.fillRect(x: x, y: y, width: width, height: height, radius: height / 2, color: theme.pill)
        canvas.draw(label, line: 0, layoutX: x + padding - line.x, baseline: y + height / 2 + labelSize * 0.35,
                    color: theme.pillText)
    }

    /// Three dots pulsing in turn, centred where the first line will appear; centred because
    /// the response's direction is not decided yet.
    private func paintTypingIndicator(at timeMs: Double, on canvas: Canvas) {
        let radius = 4 * scale
        let spacing = 14 * scale
        let centerX = Double(canvas.width) / 2
        let centerY = theme.margin * scale + theme.bodySize * scale * 0.9
        for dot in 0..<3 {
            let phase = (timeMs / 1200 - Double(dot) * 0.15).truncatingRemainder(dividingBy: 1)
            let pulse = 0.5 - 0.5 * cos(2 * .pi * phase)
            canvas.fillCircle(centerX: centerX + Double(dot - 1) * spacing, centerY: centerY, radius: radius,
                              color: theme.accent.fading(0.35 + 0.65 * pulse))
        }
    }

    private func fill(_ decoration: Decoration, dy: Double, opacity: Double, on canvas: Canvas, color: Color? = nil) {
        let paint = (color ?? theme.color(decoration.color)).fading(opacity)
        let (x, y, w, h) = (decoration.x, decoration.y + dy, decoration.width, decoration.height)
        switch decoration.shape {
        case .roundedRect:
            canvas.fillRect(x: x, y: y, width: w, height: h, radius: decoration.radius, color: paint)
        case .checkMark:
            canvas.strokePolyline([(x + 0.22 * w, y + 0.52 * h), (x + 0.42 * w, y + 0.72 * h), (x + 0.78 * w, y + 0.3 * h)],
                                  width: 0.14 * w, color: paint)
        case .fade(let fromLeft):
            canvas.fillFade(x: x, y: y, width: w, height: h, color: paint, fromLeft: fromLeft)
        }
    }
}
