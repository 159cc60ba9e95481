import StreamshotGraphics

/// The picture a person wants first: each frame's cost as a bar stacked by stage, over the
/// stream's time, with the 60 Hz and 120 Hz budget lines. Drawn with our own Cairo.
public enum CostPlot {
    static let colors: [String: UInt32] = [
        "input": 0x8E8E93, "pacing": 0xFFD60A, "parse": 0xFF9F0A, "layout": 0x30D158,
        "paint": 0x0A84FF, "encode": 0xBF5AF2, "write": 0xFF453A,
    ]

    /// - Returns: PNG bytes.
    /// - Throws: `GraphicsError`.
    public static func png(_ manifest: Manifest, fonts: FontLibrary, width: Int = 1600, height: Int = 700) throws -> [UInt8] {
        let canvas = try Canvas(width: width, height: height)
        canvas.fill(Color(hex: 0xFFFFFF))
        let left = 70.0, right = 20.0, top = 50.0, bottom = 60.0
        let plotWidth = Double(width) - left - right
        let plotHeight = Double(height) - top - bottom
        let totals = manifest.frames.map { ($0.costMs ?? [:]).values.reduce(0, +) }
        let sortedTotals = totals.sorted()
        let p99 = sortedTotals.isEmpty ? 1 : sortedTotals[Int(0.99 * Double(sortedTotals.count - 1))]
        // The scale shows the budgets and nearly every frame; rare outliers are clipped at the top.
        let maxMs = max(ProfileReport.budget60Hz * 1.5, p99 * 1.1)
        let endMs = max(1, manifest.frames.last?.timeMs ?? 1)
        let barWidth = max(1, plotWidth / Double(max(1, manifest.frames.count)))
        func y(_ ms: Double) -> Double { top + plotHeight - min(ms, maxMs) / maxMs * plotHeight }

        canvas.fillRect(x: left, y: top, width: plotWidth, height: plotHeight, color: Color(hex: 0xF7F7F8))
        for frame in manifest.frames {
            let x = left + frame.timeMs / endMs * (plotWidth - barWidth)
            var base = 0.0
            for stage in StageTimer.stages {
                let cost = frame.costMs?[stage] ?? 0
                guard cost > 0 else { continue }
                canvas.fillRect(x: x, y: y(base + cost), width: barWidth, height: y(base) - y(base + cost),
                                color: Color(hex: colors[stage] ?? 0))
                base += cost
            }
        }
        let label = { (text: String, x: Double, baseline: Double, size: Double, color: UInt32) throws in
            let layout = try TextLayout(library: fonts, text: text, font: FontSpec(families: "Noto Sans", sizePx: size),
                                        width: 1000, direction: .ltr, alignment: .left)
            canvas.draw(layout, line: 0, layoutX: x, baseline: baseline, color: Color(hex: color))
        }
        for (budget, name) in [(ProfileReport.budget60Hz, "16.7 ms (60 Hz)"), (ProfileReport.budget120Hz, "8.3 ms (120 Hz)")] {
            canvas.fillRect(x: left, y: y(budget) - 1, width: plotWidth, height: 2, color: Color(hex: 0xD70015))
            try label(name, left + plotWidth - 130, y(budget) - 6, 14, 0xD70015)
        }
        for step in stride(from: 0.0, through: maxMs, by: maxMs > 40 ? 10 : 5) {
            try label(String(format: "%.0f", step), 20, y(step) + 5, 13, 0x55555C)
        }
        for second in stride(from: 0.0, through: endMs / 1000, by: endMs > 20_000 ? 5 : 1) {
            try label(String(format: "%.0f s", second), left + second * 1000 / endMs * (plotWidth - barWidth) - 8, top + plotHeight + 22, 13, 0x55555C)
        }
        try label("frame cost (ms) over stream time, stacked by stage", left, 30, 18, 0x1C1C1E)
        var legendX = left
        for stage in StageTimer.stages {
            canvas.fillRect(x: legendX, y: Double(height) - 24, width: 14, height: 14, color: Color(hex: colors[stage] ?? 0))
            try label(stage, legendX + 20, Double(height) - 12, 14, 0x1C1C1E)
            legendX += 100
        }
        try canvas.checkStatus()
        return try PNGEncoder.encode(rgb: canvas.rgbBytes(), width: width, height: height)
    }
}
