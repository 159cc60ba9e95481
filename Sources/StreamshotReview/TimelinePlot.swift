public import Streamshot
public import StreamshotAnalysis
public import StreamshotGraphics

/// Characters arrived from the network vs characters revealed over time, the buffer's backlog
/// between them, stalls and bursts marked, and frame cost when the render was profiled.
public enum TimelinePlot {
    /// - Returns: PNG bytes.
    public static func png(
        _ manifest: Manifest, findings: [Finding], fonts: FontLibrary,
        width: Int = 1600, height: Int = 640
    ) throws -> [UInt8] {
        let canvas = try Canvas(width: width, height: height)
        canvas.fill(Color(hex: 0xFFFFFF))
        let plot = Plot(manifest, width: width, height: height)
        let text = { (string: String, px: Double, baseline: Double, size: Double, color: UInt32) throws in
            try ContactSheet.label(string, x: px, baseline: baseline, size: size, color: color, width: 900, canvas: canvas, fonts: fonts)
        }
        drawCharacters(manifest, plot: plot, canvas: canvas)
        drawMarks(manifest, findings: findings, plot: plot, canvas: canvas)
        try text(
            "characters arrived (grey) vs revealed (blue); backlog shaded; stalls red, bursts purple, reconnects red lines",
            plot.left, 34, 18, 0x1C1C1E)
        for step in 0...4 {
            let chars = plot.maxChars * Double(step) / 4
            try text(String(Int(chars)), 12, plot.y(chars) + 5, 13, 0x55555C)
        }
        var ms = 0.0
        while ms <= plot.endMs {
            try text("\(Int(ms / 1000)) s", plot.x(ms) - 8, plot.top + plot.height + 22, 13, 0x55555C)
            ms += plot.endMs > 20_000 ? 5000 : 1000
        }
        if plot.costHeight > 0 {
            drawCost(manifest, plot: plot, canvas: canvas)
            try text("frame cost (ms), 16.7 ms budget in red", plot.left, plot.costTop - 4, 13, 0x55555C)
        }
        try canvas.checkStatus()
        return try PNGEncoder.encode(rgb: canvas.rgbBytes(), width: width, height: height)
    }

    /// The characters plot's area and scales, and the cost strip below it when the render was profiled.
    struct Plot {
        let left = 80.0, top = 56.0
        let width: Double
        let height: Double
        let costHeight: Double
        let endMs: Double
        let maxChars: Double

        init(_ manifest: Manifest, width: Int, height: Int) {
            costHeight = manifest.frames.contains { $0.costMs != nil } ? 110 : 0
            self.width = Double(width) - left - 24
            self.height = Double(height) - top - 70 - costHeight
            endMs = max(1, manifest.frames.last?.timeMs ?? 1)
            maxChars = Double(max(1, manifest.frames.map { $0.revealedChars + $0.bufferedChars }.max() ?? 1))
        }

        var costTop: Double { top + height + 40 }
        func x(_ ms: Double) -> Double { left + ms / endMs * width }
        func y(_ chars: Double) -> Double { top + height - chars / maxChars * height }
    }

    /// Arrived and revealed characters, the backlog between them shaded.
    static func drawCharacters(_ manifest: Manifest, plot: Plot, canvas: Canvas) {
        canvas.fillRect(x: plot.left, y: plot.top, width: plot.width, height: plot.height, color: Color(hex: 0xF7F7F8))
        let arrived = manifest.frames.map { (x: plot.x($0.timeMs), y: plot.y(Double($0.revealedChars + $0.bufferedChars))) }
        let revealed = manifest.frames.map { (x: plot.x($0.timeMs), y: plot.y(Double($0.revealedChars))) }
        canvas.fillPolygon(arrived + revealed.reversed(), color: Color(hex: 0xFF9F0A, alpha: 0.25))
        canvas.strokePolyline(arrived, width: 2, color: Color(hex: 0x8E8E93))
        canvas.strokePolyline(revealed, width: 2.5, color: Color(hex: 0x0A84FF))
    }

    /// Stalls and bursts along the top, reconnects as vertical lines.
    static func drawMarks(_ manifest: Manifest, findings: [Finding], plot: Plot, canvas: Canvas) {
        for finding in findings where finding.detector == Detector.revealCadence.name {
            let color: UInt32 = finding.kind == .stall ? 0xD70015 : finding.kind == .burst ? 0xBF5AF2 : 0xFF453A
            let span = max(2, (finding.values["durationMs"] ?? 0) / plot.endMs * plot.width)
            canvas.fillRect(x: plot.x(finding.timeMs), y: plot.top, width: span, height: 8, color: Color(hex: color))
        }
        for warning in manifest.warnings where warning.kind == .reconnect {
            canvas.fillRect(
                x: plot.x(warning.timeMs ?? 0), y: plot.top, width: 2, height: plot.height,
                color: Color(hex: 0xD70015, alpha: 0.6))
        }
    }

    /// Each frame's total cost, clipped at the 99th percentile, with the 60 Hz budget line.
    static func drawCost(_ manifest: Manifest, plot: Plot, canvas: Canvas) {
        let strip = plot.costHeight - 20
        let bottom = plot.costTop + strip
        let totals = manifest.frames.map { ($0.costMs ?? [:]).values.reduce(0, +) }
        let maxCost = max(ProfileReport.budget60Hz * 1.5, percentile(totals, 0.99))
        let points = zip(manifest.frames, totals).map { (x: plot.x($0.timeMs), y: bottom - min($1, maxCost) / maxCost * strip) }
        canvas.strokePolyline(points, width: 1, color: Color(hex: 0xBF5AF2))
        let budgetY = bottom - ProfileReport.budget60Hz / maxCost * strip
        canvas.fillRect(x: plot.left, y: budgetY, width: plot.width, height: 1, color: Color(hex: 0xD70015))
    }
}
