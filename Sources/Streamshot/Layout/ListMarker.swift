/// The text of a list item's marker, as GitHub's stylesheet numbers and bullets lists.
enum ListMarker {
    /// Bullets by nesting depth: disc, circle, square.
    static func bullet(depth: Int) -> String { ["•", "◦", "▪"][depth % 3] }

    /// An ordered item's number: decimal at the top level, lower-roman inside one list,
    /// lower-alpha deeper (`ol ol { list-style-type: lower-roman }`, `ol ol ol { lower-alpha }`).
    /// - Parameter depth: how many list items contain the item's list.
    static func ordered(_ number: Int, depth: Int) -> String {
        switch depth {
        case 0: return "\(number)."
        case 1: return roman(number) + "."
        default: return alpha(number) + "."
        }
    }

    /// Lower-case roman numerals; CSS falls back to decimal outside 1...3999.
    static func roman(_ number: Int) -> String {
        guard (1...3999).contains(number) else { return String(number) }
        let values = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                      (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
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
    static func alpha(_ number: Int) -> String {
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
