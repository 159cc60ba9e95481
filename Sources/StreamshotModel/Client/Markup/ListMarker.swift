/// The text of a list item's marker, as GitHub's stylesheet numbers and bullets lists: a
/// client's decision (`BlockDecision.markers`), which layout sets in the indent as given.
enum ListMarker {
    /// The markers of a block's containers, outermost first: a number or bullet where a list
    /// item starts on the block, nil elsewhere (a quote, an item going on, a task item's box).
    package static func labels(for containers: [BlockContainer]) -> [String?] {
        containers.map { container in
            guard case .listItem(let number, _, let checked, _) = container.kind, container.startsHere, checked == nil else { return nil }
            return number.map { ordered($0, depth: container.depth) } ?? bullet(depth: container.depth)
        }
    }

    /// Bullets by nesting depth: disc, circle, square.
    package static func bullet(depth: Int) -> String { ["•", "◦", "▪"][depth % 3] }

    /// An ordered item's number: decimal at the top level, lower-roman inside one list,
    /// lower-alpha deeper (`ol ol { list-style-type: lower-roman }`, `ol ol ol { lower-alpha }`).
    /// - Parameter depth: how many list items contain the item's list.
    package static func ordered(_ number: Int, depth: Int) -> String {
        switch depth {
        case 0: return "\(number)."
        case 1: return roman(number) + "."
        default: return alpha(number) + "."
        }
    }

    /// Lower-case roman numerals; CSS falls back to decimal outside 1...3999.
    package static func roman(_ number: Int) -> String {
        guard (1...3999).contains(number) else { return String(number) }
        let values = [
            (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
            (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")
        ]
        var rest = number
        var text = ""
        for (value, letters) in values {
            while rest >= value {
                text += letters
                rest -= value
            }
        }
        return text
    }

    /// Lower-case letters counted as CSS's lower-alpha does: a...z, aa, ab, ...; decimal below 1.
    package static func alpha(_ number: Int) -> String {
        guard number >= 1 else { return String(number) }
        var rest = number
        var text = ""
        while rest > 0 {
            rest -= 1
            text = String(UnicodeScalar(UInt8(97 + rest % 26))) + text
            rest /= 26
        }
        return text
    }
}
