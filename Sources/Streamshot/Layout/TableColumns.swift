/// How wide a table's columns are, from their content, as a browser's automatic table layout
/// sets them and GitHub lets a wide table scroll: every column at least as wide as its longest
/// token (a word, number or id is never broken inside, up to `cap`), as wide as its longest cell
/// when the table fits, the room left shared out by how much more each column wants when it does
/// not, and wider than the text column (scrolling sideways) only when the tokens alone are, by
/// no more than they are.
struct TableColumns: Equatable {
    /// Each column's width in pixels, padding included, in logical order.
    let widths: [Double]
    /// Every column is as wide as its longest cell: no cell wraps but for its own line breaks.
    private(set) var roomy = false

    /// The whole table's width.
    var total: Double { widths.reduce(0, +) }

    /// What one cell needs, padding included: its longest unbreakable run and its whole width on one line.
    struct Need: Equatable {
        var least: Double
        var most: Double
    }

    init(widths: [Double]) {
        self.widths = widths
    }

    /// - Parameters:
    ///   - needs: each row's cells' needs.
    ///   - available: the text column's width.
    ///   - cap: no column is made wider than this for its tokens (a 60-character URL wraps).
    init(needs: [[Need]], columns: Int, available: Double, cap: Double) {
        var least = [Double](repeating: 0, count: columns)
        var most = [Double](repeating: 0, count: columns)
        for row in needs {
            for (column, need) in row.enumerated() where column < columns {
                least[column] = max(least[column], min(need.least, cap))
                most[column] = max(most[column], min(need.most, cap))
            }
        }
        most = zip(least, most).map { max($0, $1) }
        let (sumLeast, sumMost) = (least.reduce(0, +), most.reduce(0, +))
        if sumMost <= available {
            widths = most
            roomy = true
        } else if sumLeast < available {
            let share = (available - sumLeast) / (sumMost - sumLeast)
            widths = zip(least, most).map { $0 + ($1 - $0) * share }
        } else {
            // The tokens alone are wider than the column: each column as narrow as its tokens
            // let it be (GitHub's max-content table capped at 100% lays it out so), so the table
            // goes past the edge by no more than it must and a column the reader sees is pushed
            // out of view only when its words cannot fit otherwise.
            widths = least
        }
    }
}
