import Foundation
public import Streamshot
import StreamshotAnalysis
public import StreamshotGraphics

/// The picture a person wants first: each frame's cost as a bar stacked by stage, over the
/// stream's time, with the 60 Hz and 120 Hz budget lines. Drawn with our own Cairo.
public enum CostPlot {
    /// Each stage's colour (a switch, so a new stage cannot go without one).
    static func color(_ stage: Stage) -> Color {
        switch stage {
        case .input: return Color(hex: 0x8E8E93)
        case .client: return Color(hex: 0x64D2FF)
        case .pacing: return Color(hex: 0xFFD60A)
        case .parse: return Color(hex: 0xFF9F0A)
        case .layout: return Color(hex: 0x30D158)
        case .damage: return Color(hex: 0x66D4CF)
        case .blit: return Color(hex: 0x5E5CE6)
        case .paint: return Color(hex: 0x0A84FF)
        case .hash: return Color(hex: 0xAC8E68)
        case .compress: return Color(hex: 0x34495E)
        case .encode: return Color(hex: 0xBF5AF2)
        case .write: return Color(hex: 0xFF453A)
        }
    }

    /// - Returns: PNG bytes.
    /// - Throws: `GraphicsError`.
    public static func png(_ manifest: Manifest, fonts: FontLibrary, width: Int = 1600, height: Int = 700) throws -> [UInt8] {
        let canvas = try Canvas(width: width, height: height)
        canvas.fill(Color(hex: 0xFFFFFF))
        let plot = Plot(manifest, width: width, height: height)
        canvas.fillRect(x: plot.left, y: plot.top, width: plot.width, height: plot.height, color: Color(hex: 0xF7F7F8))
        drawBars(manifest, plot: plot, canvas: canvas)
        let label = { (text: String, x: Double, baseline: Double, size: Double, color: UInt32) throws in
            let layout = try TextLayout(
                library: fonts, text: text, font: FontSpec(families: "Noto Sans", sizePx: size),
                width: 1000, direction: .ltr, alignment: .left)
            canvas.draw(layout, line: 0, layoutX: x, baseline: baseline, color: Color(hex: color))
        }
        try drawAxes(plot: plot, canvas: canvas, label: label)
        try label("frame cost (ms) over stream time, stacked by stage", plot.left, 30, 18, 0x1C1C1E)
        var legendX = plot.left
        for stage in Stage.allCases {
            canvas.fillRect(x: legendX, y: Double(height) - 24, width: 14, height: 14, color: Self.color(stage))
            try label(stage.rawValue, legendX + 20, Double(height) - 12, 14, 0x1C1C1E)
            legendX += 100
        }
        try canvas.checkStatus()
        return try PNGEncoder.encode(rgb: canvas.rgbBytes(), width: width, height: height)
    }

    /// The plot area and its scales.
    struct Plot {
        let left = 70.0, top = 50.0
        let width: Double
        let height: Double
        let maxMs: Double
        let endMs: Double
        let barWidth: Double

        init(_ manifest: Manifest, width: Int, height: Int) {
            self.width = Double(width) - left - 20
            self.height = Double(height) - top - 60
            let totals = manifest.frames.map { ($0.costMs ?? [:]).values.reduce(0, +) }
            // The scale shows the budgets and nearly every frame; rare outliers are clipped at the top.
            maxMs = max(ProfileReport.budget60Hz * 1.5, (totals.isEmpty ? 1 : percentile(totals, 0.99)) * 1.1)
            endMs = max(1, manifest.frames.last?.timeMs ?? 1)
            barWidth = max(1, self.width / Double(max(1, manifest.frames.count)))
        }

        func x(_ timeMs: Double) -> Double { left + timeMs / endMs * (width - barWidth) }
        func y(_ ms: Double) -> Double { top + height - min(ms, maxMs) / maxMs * height }
    }

    static func drawBars(_ manifest: Manifest, plot: Plot, canvas: Canvas) {
        for frame in manifest.frames {
            var base = 0.0
            for stage in Stage.allCases {
                let cost = frame.costMs?[stage] ?? 0
                guard cost > 0 else { continue }
                canvas.fillRect(
                    x: plot.x(frame.timeMs), y: plot.y(base + cost), width: plot.barWidth,
                    height: plot.y(base) - plot.y(base + cost), color: Self.color(stage))
                base += cost
            }
        }
    }

    /// The budget lines, the milliseconds scale and the seconds below.
    static func drawAxes(
        plot: Plot, canvas: Canvas,
        label: (String, Double, Double, Double, UInt32) throws -> Void
    ) throws {
        for (budget, name) in [(ProfileReport.budget60Hz, "16.7 ms (60 Hz)"), (ProfileReport.budget120Hz, "8.3 ms (120 Hz)")] {
            canvas.fillRect(x: plot.left, y: plot.y(budget) - 1, width: plot.width, height: 2, color: Color(hex: 0xD70015))
            try label(name, plot.left + plot.width - 130, plot.y(budget) - 6, 14, 0xD70015)
        }
        for step in stride(from: 0.0, through: plot.maxMs, by: plot.maxMs > 40 ? 10 : 5) {
            try label(String(format: "%.0f", step), 20, plot.y(step) + 5, 13, 0x55555C)
        }
        for second in stride(from: 0.0, through: plot.endMs / 1000, by: plot.endMs > 20_000 ? 5 : 1) {
            try label(String(format: "%.0f s", second), plot.x(second * 1000) - 8, plot.top + plot.height + 22, 13, 0x55555C)
        }
    }
}
