/// How a stored picture is turned for display, as Exif's orientation tag says (a phone's camera
/// stores what the sensor saw, and says how to hold it): the drawn size, and for each drawn
/// pixel the stored one it shows.
struct Orientation {
    /// Exif's 1 (as stored) to 8; anything else is taken as 1.
    let exif: Int
    /// The stored size.
    let storedWidth: Int
    let storedHeight: Int

    init(exif: Int, width: Int, height: Int) {
        self.exif = (1...8).contains(exif) ? exif : 1
        storedWidth = width
        storedHeight = height
    }

    /// 5 to 8 turn the picture a quarter: its sides swap.
    private var swapsSides: Bool { exif >= 5 }
    var width: Int { swapsSides ? storedHeight : storedWidth }
    var height: Int { swapsSides ? storedWidth : storedHeight }

    /// The stored pixel (its index, row after row) that drawn pixel (`x`, `y`) shows.
    func storedIndex(x: Int, y: Int) -> Int {
        let (w, h) = (storedWidth, storedHeight)
        let (sx, sy): (Int, Int)
        switch exif {
        case 2: (sx, sy) = (w - 1 - x, y)  // mirrored across
        case 3: (sx, sy) = (w - 1 - x, h - 1 - y)  // half a turn
        case 4: (sx, sy) = (x, h - 1 - y)  // mirrored top to bottom
        case 5: (sx, sy) = (y, x)  // transposed
        case 6: (sx, sy) = (y, h - 1 - x)  // a quarter turn clockwise
        case 7: (sx, sy) = (w - 1 - y, h - 1 - x)  // transversed
        case 8: (sx, sy) = (w - 1 - y, x)  // a quarter turn anticlockwise
        default: (sx, sy) = (x, y)
        }
        return sy * w + sx
    }
}
