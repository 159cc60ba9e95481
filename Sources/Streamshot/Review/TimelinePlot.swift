import StreamshotGraphics

/// Characters arrived from the network vs characters revealed over time, the buffer's backlog
/// between them, stalls and bursts marked, and frame cost when the render was profiled.
public enum TimelinePlot {
    /// - Returns: PNG bytes.
    public static func png(_ manifest: Manifest, findings: [Finding], fonts: FontLibrary,
                           width: Int = 1600, height: Int = 640) throws -> [UInt8] {
        let canvas = try Canvas(width: width, height: height)
        canvas.fill(Color(hex: 0xFFFFFF))
        let profiled = manifest.frames.contains { $0.costMs != nil }
        let left = 80.0, right = 24.0, top = 56.0
        let costHeight = profiled ? 110.0 : 0
        let bottom = 70.0 + costHeight
        let plotWidth = Double(width) - left - right
        let plotHeight = Double(height) - top - bottom
        let endMs = max(1, manifest.frames.last?.timeMs ?? 1)
        let maxChars = Double(max(1, manifest.frames.map { $0.revealedChars + $0.bufferedChars }.max() ?? 1))
        func x(_ ms: Double) -> Double { left + ms / endMs * plotWidth }
        func y(_ chars: Double) -> Double { top + plotHeight - chars / maxChars * plotHeight }

        canvas.fillRect(x: left, y: top, width: plotWidth, height: plotHeight, color: Color(hex: 0xF7F7F8))
        let arrived = manifest.frames.map { (x: x($0.timeMs), y: y(Double($0.revealedChars + $0.bufferedChars))) }
        let revealed = manifest.frames.map { (x: x($0.timeMs), y: y(Double($0.revealedChars))) }
        canvas.fillPolygon(arrived + revealed.reversed(), color: Color(hex: 0xFF9F0A, alpha: 0.25))
        canvas.strokePolyline(arrived, width: 2, color: Color(hex: 0x8E8E93))
        canvas.strokePolyline(revealed, width: 2.5, color: Color(hex: 0x0A84FF))
        for finding in findings where finding.detector == "reveal-cadence" {
            let color: UInt32 = finding.message.hasPrefix("stall") ? 0xD70015 : finding.message.hasPrefix("burst") ? 0xBF5AF2 : 0xFF453A
            let span = max(2, (finding.values["durationMs"] ?? 0) / endMs * plotWidth)
            canvas.fillRect(x: x(finding.timeMs), y: top, width: span, height: 8, color: Color(hex: color))
        }
        for warning in manifest.warnings where warning.kind == "reconnect" {
            canvas.fillRect(x: x(warning.timeMs ?? 0), y: top, width: 2, height: plotHeight, color: Color(hex: 0xD70015, alpha: 0.6))
        }
        let text = { (string: String, px: Double, baseline: Double, size: Double, color: UInt32) throws in
            try ContactSheet.label(string, x: px, baseline: baseline, size: size, color: color, width: 900, canvas: canvas, fonts: fonts)
        }
        try text("characters arrived (grey) vs revealed (blue); backlog shaded; stalls red, bursts purple, reconnects red lines",
                 left, 34, 18, 0x1C1C1E)
        for step in 0...4 {
            let chars = maxChars * Double(step) / 4
            try text(String(Int(chars)), 12, y(chars) + 5, 13, 0x55555C)
        }
        let secondStep = endMs > 20_000 ? 5000.0 : 1000.0
        var ms = 0.0
        while ms <= endMs {
            try text("\(Int(ms / 1000)) s", x(ms) - 8, top + plotHeight + 22, 13, 0x55555C)
            ms += secondStep
        }
        if profiled {
            let costTop = top + plotHeight + 40
            let totals = manifest.frames.map { ($0.costMs ?? [:]).values.reduce(0, +) }
            let maxCost = max(ProfileReport.budget60Hz * 1.5, totals.sorted()[Int(0.99 * Double(totals.count - 1))])
            let points = zip(manifest.frames, totals).map { (x: x($0.timeMs), y: costTop + costHeight - 20 - min($1, maxCost) / maxCost * (costHeight - 20)) }
            canvas.strokePolyline(points, width: 1, color: Color(hex: 0xBF5AF2))
            let budgetY = costTop + costHeight - 20 - ProfileReport.budget60Hz / maxCost * (costHeight - 20)
            canvas.fillRect(x: left, y: budgetY, width: plotWidth, height: 1, color: Color(hex: 0xD70015))
            try text("frame cost (ms), 16.7 ms budget in red", left, costTop - 4, 13, 0x55555C)
        }
        try canvas.checkStatus()
        return try PNGEncoder.encode(rgb: canvas.rgbBytes(), width: width, height: height)
    }
}
