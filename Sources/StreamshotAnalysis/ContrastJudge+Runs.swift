extension ContrastJudge {
    /// The strongest colour of the faintest run of ink in `box`: columns holding any pixel other
    /// than `background` form runs, split where at least `gap` px of columns hold none; runs
    /// narrower than `minWidth` px (a full stop, a dash, whose anti-aliased pixels never reach
    /// the text's colour) are left out. Nil when no run is wide enough.
    static func faintestRun(
        in image: FramePixels, box: (Double, Double, Double, Double), background: RGB,
        minWidth: Double, gap: Double
    ) -> RGB? {
        let (x0, x1, y0, y1) = pixels(of: box, in: image)
        guard x0 < x1, y0 < y1 else { return nil }
        let backgroundLuminance = luminance(background)
        // Each column's strongest colour and its contrast (1: no ink).
        var strongest: [(color: RGB, ratio: Double)] = []
        for x in x0..<x1 {
            var best = (color: background, ratio: 1.0)
            for y in y0..<y1 {
                let color = image.color(x: x, y: y)
                let value = ratio(luminance(color), backgroundLuminance)
                if value > best.ratio { best = (color, value) }
            }
            strongest.append(best)
        }
        var faintest: (color: RGB, ratio: Double)?
        var runStart: Int?
        var runBest = (color: background, ratio: 1.0)
        var blank = 0
        func close(at end: Int) {
            if let start = runStart, Double(end - start) >= minWidth, runBest.ratio < (faintest?.ratio ?? .infinity) { faintest = runBest }
            runStart = nil
            runBest = (background, 1.0)
        }
        for (index, column) in strongest.enumerated() {
            if column.ratio > 1.01 {
                if runStart == nil { runStart = index }
                if column.ratio > runBest.ratio { runBest = column }
                blank = 0
            } else if runStart != nil {
                blank += 1
                if Double(blank) >= gap { close(at: index - blank + 1) }
            }
        }
        close(at: strongest.count - blank)
        return faintest?.color
    }
}
