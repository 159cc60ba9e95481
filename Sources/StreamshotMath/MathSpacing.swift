/// The space TeX puts between two neighbouring atoms by their classes (The TeXbook, chapter 18,
/// the table of spacing between atoms), in mu (1/18 em of the style's size).
enum MathSpacing {
    /// Rows: the left atom's class; columns: the right one's (ord, op, bin, rel, open, close,
    /// punct, inner). 1 thin, 2 medium, 3 thick; negative: in display and text style only.
    private static let table: [[Int]] = [
        [0, 1, -2, -3, 0, 0, 0, -1],
        [1, 1, 0, -3, 0, 0, 0, -1],
        [-2, -2, 0, 0, -2, 0, 0, -2],
        [-3, -3, 0, 0, -3, 0, 0, -3],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 1, -2, -3, 0, 0, 0, -1],
        [-1, -1, 0, -1, -1, -1, -1, -1],
        [-1, 1, -2, -3, -1, 0, -1, -1]
    ]

    /// The space between `left` and `right`, in mu.
    static func mu(between left: MathClass, _ right: MathClass, style: MathStyle) -> Double {
        let code = table[left.rawValue][right.rawValue]
        if code < 0 && style.isScript { return 0 }
        switch abs(code) {
        case 1: return 3
        case 2: return 4
        case 3: return 5
        default: return 0
        }
    }

    /// Each atom's class after TeX's rule that a binary operator with nothing to operate on is
    /// ordinary: at the start, after an operator, relation, opening or punctuation, or before a
    /// relation, closing or punctuation (rules 5 and 6).
    static func resolvingBinaries(_ classes: [MathClass]) -> [MathClass] {
        var resolved = classes
        for index in resolved.indices where resolved[index] == .binary {
            let before = index == 0 ? nil : resolved[index - 1]
            let after = index + 1 < resolved.count ? resolved[index + 1] : nil
            let noLeft = before.map { [.binary, .largeOperator, .relation, .opening, .punctuation].contains($0) } ?? true
            let noRight = after.map { [.relation, .closing, .punctuation].contains($0) } ?? true
            if noLeft || noRight { resolved[index] = .ordinary }
        }
        return resolved
    }
}
