/// What a block of raw HTML does to the `<details>` elements around it. An answer's `<details>`
/// usually spans blocks: the opener and summary are one HTML block, the body is Markdown (after a
/// blank line), and `</details>` is an HTML block of its own. A browser hides the body of a closed
/// one, so every block between a closed opener and its `</details>` is hidden — on GitHub and here.
struct DetailsNesting: Sendable, Equatable {
    /// How many `<details>` opened before this block it closes.
    package var closes = 0
    /// The `<details>` it leaves open, outermost first: whether each carries `open`.
    package var opens: [Bool] = []

    /// - Parameter alwaysOpen: the client draws every `<details>` open (`MarkdownReading`).
    package init(html: String, alwaysOpen: Bool = false) {
        for piece in GitHubHTML.pieces(of: html) where piece.isTag && GitHubHTML.tagName(piece.literal) == "details" {
            if piece.literal.hasPrefix("</") {
                if opens.isEmpty { closes += 1 } else { opens.removeLast() }
            } else {
                opens.append(alwaysOpen || GitHubHTML.isOpen(piece.literal))
            }
        }
    }

    /// `stack` (the `<details>` open before this block, outermost first) after it.
    package func applied(to stack: [Bool]) -> [Bool] {
        Array(stack.dropLast(min(closes, stack.count))) + opens
    }

    /// Whether a block inside these `<details>` is hidden: one of them is closed.
    package static func hides(_ stack: [Bool]) -> Bool { stack.contains(false) }
}
