/// Android's font scale as Android 14 and later apply it (AOSP `FontScaleConverterFactory` and
/// `FontScaleConverterImpl`): sizes go through a curve instead of being multiplied, so large text
/// grows less than small text (at 2x, 14 sp becomes 26 dp, not 28; 30 sp becomes 38). Between
/// two curves' scales the curves are interpolated; below the first curve the scale is linear.
enum AndroidFontScale {
    /// The sizes every curve is given at, in sp.
    private static let fromSp: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]
    /// The curves, by scale: what each of `fromSp` becomes, in dp.
    private static let curves: [(scale: Double, toDp: [Double])] = [
        (1.05, [8.4, 10.5, 12.6, 14.8, 18.6, 20.6, 24.4, 30, 100]),
        (1.1, [8.8, 11, 13.2, 15.6, 19.2, 21.2, 24.8, 30, 100]),
        (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
        (1.2, [9.6, 12, 14.4, 17.2, 20.4, 22.4, 25.6, 30, 100]),
        (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
        (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
        (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
        (2, [16, 20, 24, 26, 30, 34, 36, 38, 100])
    ]
    /// `sp` at font scale `scale`, in dp (which Streamshot draws as points): linear below the
    /// first curve and above the last, as AOSP falls back to a linear converter there.
    static func scaledSize(sp: Double, scale: Double) -> Double {
        guard let curve = curve(at: scale) else { return sp * scale }
        return map(sp, through: curve)
    }

    /// The curve at `scale`: a table's own, or one interpolated between the neighbouring tables.
    private static func curve(at scale: Double) -> [Double]? {
        if let exact = curves.first(where: { $0.scale == scale }) { return exact.toDp }
        guard let upper = curves.firstIndex(where: { $0.scale > scale }), upper > 0 else { return nil }
        let (low, high) = (curves[upper - 1], curves[upper])
        let t = (scale - low.scale) / (high.scale - low.scale)
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
