extension MathNode {
    /// An inline formula cut where a line may break, as TeX and KaTeX break one: after each
    /// relation and each binary operator at its top level (not inside braces, fractions or
    /// delimiters), the operator kept at the end of its line. One piece when it has no such place.
    /// Each piece but the last ends in an empty atom, so that its operator keeps the space TeX
    /// puts after it (and a binary operator stays one): pieces on one line read as the whole.
    public var lineBreakPieces: [MathNode] {
        guard case .row(let nodes) = self, nodes.count > 1 else { return [self] }
        var pieces: [[MathNode]] = [[]]
        for (index, node) in nodes.enumerated() {
            pieces[pieces.count - 1].append(node)
            let before = index > 0 ? nodes[index - 1].breakClass : nil
            guard index + 1 < nodes.count, node.breakClass == .relation || node.breakClass == .binary, before != nil,
                before != .binary, before != .relation, before != .opening
            else { continue }
            pieces[pieces.count - 1].append(.group([]))
            pieces.append([])
        }
        return pieces.map { .row($0) }
    }

    /// The class a line may break after (relation or binary operator), or the node's own for
    /// the check before it: nil for spaces and what is neither.
    fileprivate var breakClass: MathClass? {
        switch self {
        case .symbol(_, let mathClass): return mathClass == .relation || mathClass == .binary ? mathClass : .ordinary
        case .row(let nodes):
            // `\implies` is a relation between two thick spaces.
            let atoms = nodes.filter { !$0.isSpace }
            return atoms.count == 1 ? atoms[0].breakClass : .ordinary
        case .space, .styleSpace: return nil
        default: return .ordinary
        }
    }
}
