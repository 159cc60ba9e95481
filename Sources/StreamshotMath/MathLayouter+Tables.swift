extension MathLayouter {
    /// A table (`matrix`, `cases`, `aligned`…): rows at least TeX's strut apart (0.7 and 0.3
    /// of a 1.2 em baseline skip, as KaTeX sets arrays), columns as wide as their widest cell
    /// with the format's gaps, the whole centred on the math axis, in delimiters if it has them.
    func table(_ rows: [[MathNode]], format: TableFormat, open: Unicode.Scalar?, close: Unicode.Scalar?, style: MathStyle) -> MathBox {
        // A table inside a script shrinks with it; anywhere else its cells keep the format's style.
        let cellStyle = style.isScript ? max(format.style, style) : format.style
        let cells = rows.map { row in
            row.enumerated().map { column, cell in
                // amsmath starts each right-hand column with `{}`: `&=` is spaced as a relation after something.
                guard format.pairsColumns, column % 2 == 1, case .row(let nodes) = cell else {
                    return layout(cell, style: cellStyle, cramped: false)
                }
                return layout(.row([.group([])] + nodes), style: cellStyle, cramped: false)
            }
        }
        let columnCount = cells.map(\.count).max() ?? 0
        let em = self.em(cellStyle)
        let skip = 1.2 * format.stretch * em
        let heights = cells.map { row in max(0.7 * skip, row.map(\.height).max() ?? 0) }
        let depths = cells.map { row in max(0.3 * skip, row.map(\.depth).max() ?? 0) }
        let widths = (0..<columnCount).map { column in cells.map { column < $0.count ? $0[column].width : 0 }.max() ?? 0 }
        var columnX: [Double] = []
        var x = format.outerGap * em
        for column in 0..<columnCount {
            columnX.append(x)
            x += widths[column] + (column + 1 < columnCount ? format.gap(afterColumn: column) * em : 0)
        }
        let rowGap = format.rowGap * em
        let total = zip(heights, depths).reduce(0) { $0 + $1.0 + $1.1 } + rowGap * Double(max(rows.count - 1, 0))
        let axis = constant(.axisHeight, style)
        var box = MathBox()
        var baseline = total / 2 + axis
        for (rowIndex, row) in cells.enumerated() {
            baseline -= heights[rowIndex]
            for (column, cell) in row.enumerated() {
                let room = widths[column] - cell.width
                let offset: Double
                switch format.alignment(ofColumn: column) {
                case .left: offset = 0
                case .center: offset = room / 2
                case .right: offset = room
                }
                box.place(cell, x: columnX[column] + offset, raise: baseline)
            }
            baseline -= depths[rowIndex] + rowGap
        }
        box.width = x + format.outerGap * em
        box.height = total / 2 + axis
        box.depth = total / 2 - axis
        guard open != nil || close != nil else { return box }
        return delimited(box, open: open, close: close, style: style)
    }
}
