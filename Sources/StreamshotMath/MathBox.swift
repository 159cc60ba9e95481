/// What a formula draws, each relative to the formula's origin (the left end of its baseline),
/// y downwards, in pixels.
public enum MathItem {
    /// A math font glyph with its baseline's left end at (x, y), at `size` pixels.
    case glyph(UInt32, x: Double, y: Double, size: Double)
    /// A filled rectangle (a fraction bar, a radical's or `\overline`'s rule).
    case rule(x: Double, y: Double, width: Double, height: Double)
    /// Words in the text font with their baseline's left end at (x, y).
    case text(any MathTextRun, x: Double, y: Double)
}

/// A typeset formula or part of one: its box (up from the baseline to `height`, down to `depth`,
/// `width` across) and what it draws.
public struct MathBox {
    public var width: Double
    public var height: Double
    public var depth: Double
    public var items: [MathItem]
    /// A lone glyph's italic correction (room a superscript leaves after it).
    var italicCorrection = 0.0
    /// A lone glyph's accent attachment point, from its left.
    var accentX: Double? = nil
    /// A lone glyph (its scripts drop from the glyph's own box, TeX's rule 18a).
    var isCharacter = false
    /// The class spacing reads: a box's own (a delimited row is inner, a fraction too).
    var mathClass = MathClass.ordinary

    public init(width: Double = 0, height: Double = 0, depth: Double = 0, items: [MathItem] = []) {
        self.width = width
        self.height = height
        self.depth = depth
        self.items = items
    }

    /// `other`'s items placed with its origin at (x, -raise) in this box, the box grown to hold it.
    mutating func place(_ other: MathBox, x: Double, raise: Double = 0) {
        items.reserveCapacity(items.count + other.items.count)
        for item in other.items { items.append(item.moved(x: x, y: -raise)) }
        width = max(width, x + other.width)
        height = max(height, other.height + raise)
        depth = max(depth, other.depth - raise)
    }

    /// `other` appended after this box's end, on its baseline (raised by `raise`).
    mutating func append(_ other: MathBox, raise: Double = 0) {
        let x = width
        place(other, x: x, raise: raise)
        width = x + other.width
    }
}

extension MathItem {
    func moved(x dx: Double, y dy: Double) -> MathItem {
        switch self {
        case .glyph(let glyph, let x, let y, let size): return .glyph(glyph, x: x + dx, y: y + dy, size: size)
        case .rule(let x, let y, let width, let height): return .rule(x: x + dx, y: y + dy, width: width, height: height)
        case .text(let run, let x, let y): return .text(run, x: x + dx, y: y + dy)
        }
    }
}
