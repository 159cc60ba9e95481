/// Android's font scale as Android 14 applies it (AOSP `FontScaleConverterFactory`): from a
/// scale of 1.03 up, sizes go through a curve instead of being multiplied, so large text grows
/// less than small text (at 2x, 14 sp becomes 26 dp, not 28; 30 sp becomes 38). Between the
/// curves' scales the curves are interpolated; below 1.03 the scale is linear.
enum AndroidFontScale {
    /// The sizes every curve is given at, in sp.
    private static let fromSp: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]
    /// The curves, by scale: what each of `fromSp` becomes, in dp.
    private static let curves: [(scale: Double, toDp: [Double])] = [
        (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
        (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
        (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
        (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
        (2, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]
    /// Below this the scale multiplies.
    static let minimumCurvedScale = 1.03

    /// `sp` at font scale `scale`, in dp (which Streamshot draws as points).
    static func scaledSize(sp: Double, scale: Double) -> Double {
        guard scale >= minimumCurvedScale else { return sp * scale }
        return map(sp, through: curve(at: scale))
    }

    /// The curve at `scale`: a table's own, or one interpolated between the neighbouring tables
    /// (the straight line `scale` x for the span below the first table).
    private static func curve(at scale: Double) -> [Double] {
        if let exact = curves.first(where: { $0.scale == scale }) { return exact.toDp }
        let upper = curves.firstIndex { $0.scale > scale } ?? curves.count - 1
        let high = curves[upper]
        let low = upper > 0 ? curves[upper - 1] : (scale: 1.0, toDp: fromSp)
        let t = min(1, (scale - low.scale) / (high.scale - low.scale))
        return zip(low.toDp, high.toDp).map { $0 + ($1 - $0) * t }
    }

    /// `sp` on the piecewise-linear curve through (0, 0) and (`fromSp`, `toDp`); past the last
    /// point, in proportion to it.
    private static func map(_ sp: Double, through toDp: [Double]) -> Double {
        guard let upper = fromSp.firstIndex(where: { $0 >= sp }) else { return sp * toDp[toDp.count - 1] / fromSp[fromSp.count - 1] }
        let (x0, y0) = upper > 0 ? (fromSp[upper - 1], toDp[upper - 1]) : (0, 0)
        let (x1, y1) = (fromSp[upper], toDp[upper])
        return y0 + (y1 - y0) * (sp - x0) / (x1 - x0)
    }
}
