/// While a paragraph streams, its unclosed inline constructs are completed, so each shows as it
/// will once its closer arrives — bold stays bold, a link is its text without brackets — and
/// nothing reflows when the closer comes. An opener with nothing after it yet is held back.
enum InlineCompletion {
    private enum Open {
        case code(Int)
        case emphasis(Unicode.Scalar, Int)
        case strike(Int)
        /// A link's text; for an image's (`![`), where its `!` is.
        case linkText(image: Int?)
        case linkDestination(image: Int?)
        /// "[text]" just closed at the end: a destination may still follow.
        case linkTarget(image: Int?)
        case autolink

        /// Where the image it is part of starts, if it is one's.
        var imageStart: Int? {
            switch self {
            case .linkText(let image), .linkDestination(let image), .linkTarget(let image): return image
            default: return nil
            }
        }
    }

    /// - Parameter text: the streaming paragraph's source, from its first line.
    /// - Returns: how many characters to hold back at its end, and what to append after them.
    /// - Parameter readsMath: formulas are typeset: a formula is passed over whole, and one still open held back.
    /// - Parameter holdsImages: an image still being written is held back from its `!`, not
    ///   shown as its alt text first (a client that has the pictures: `MarkdownReading.pictures`);
    ///   so is a whole one with nothing but white space after it yet (a line break too: the next
    ///   line may go on with words), until what follows says whether it stands alone in its
    ///   paragraph (a picture) or among words (its alt text).
    package static func completion(
        of text: ArraySlice<Unicode.Scalar>, readsMath: Bool = true, holdsImages: Bool = false
    ) -> (holdBack: Int, closers: String) {
        var scanner = Scanner(text: Array(text), readsMath: readsMath)
        scanner.scan()
        if holdsImages, let open = scanner.stack.firstIndex(where: { $0.imageStart != nil }), let start = scanner.stack[open].imageStart,
            text.count - start <= maxHeldImage
        {
            // Only what opened before the image is closed: the rest is held back with it.
            scanner.holdBack = max(scanner.holdBack, text.count - start)
            scanner.stack.removeSubrange(open...)
        } else if holdsImages, let image = scanner.lastImage, text[(text.startIndex + image.end)...].allSatisfy(\.properties.isWhitespace) {
            scanner.holdBack = max(scanner.holdBack, text.count - image.start)
        }
        let closers = scanner.stack.reversed().map(closer).joined()
        // A shortcode being typed (`:warn`) waits for its closing colon, unless it is in code.
        let inCode = scanner.stack.contains { if case .code = $0 { return true } else { return false } }
        let shortcode = inCode ? 0 : EmojiShortcodes.pendingLength(text)
        return (max(scanner.holdBack, shortcode), closers)
    }

    /// An image held back longer than this many characters was no image being written (a `![` in
    /// prose): what follows it shows.
    static let maxHeldImage = 2000

    private static func closer(_ open: Open) -> String {
        switch open {
        case .code(let run): return String(repeating: "`", count: run)
        case .emphasis(let marker, let run): return String(repeating: Character(marker), count: run)
        case .strike(let run): return String(repeating: "~", count: run)
        case .linkText: return "](#)"
        case .linkDestination: return ")"
        case .linkTarget: return "(#)"
        case .autolink: return ">"
        }
    }

    private struct Scanner {
        let text: [Unicode.Scalar]
        let readsMath: Bool
        var stack: [Open] = []
        var holdBack = 0
        /// The last image whose destination closed: from its `!` to after its `)`.
        var lastImage: (start: Int, end: Int)?
        var index = 0

        mutating func scan() {
            while index < text.count {
                if scanInsideLiteral() { continue }
                let scalar = text[index]
                switch scalar {
                case "\\" where index + 1 == text.count:
                    // What it escapes or opens (`\(`, `\[`) has not arrived: held back a character.
                    holdBack = 1
                    index += 1
                case "\\" where readsMath && (text[index + 1] == "(" || text[index + 1] == "["): formula()
                case "\\": index += 2
                case "$" where readsMath: formula()
                case "`":
                    let run = runLength()
                    open(.code(run), length: run)
                case "*", "_": delimiter(scalar)
                case "~": strike()
                case "[" where index + 1 < text.count && text[index + 1] == "^": footnoteReference()
                case "[": open(.linkText(image: index > 0 && text[index - 1] == "!" ? index - 1 : nil), length: 1)
                case "]": closeLinkText()
                case "<": autolink()
                default: index += 1
                }
            }
        }

        /// Inside code, a link destination or an autolink only its closer counts.
        private mutating func scanInsideLiteral() -> Bool {
            switch stack.last {
            case .code(let run):
                if text[index] == "`" {
                    let length = runLength()
                    if length == run { stack.removeLast() }
                    index += length
                } else {
                    index += 1
                }
                return true
            case .linkDestination(let image):
                if text[index] == ")" {
                    stack.removeLast()
                    if let image { lastImage = (image, index + 1) }
                }
                index += 1
                return true
            case .autolink:
                if text[index] == ">" || WordBoundary.isSpace(text[index]) { stack.removeLast() }
                index += 1
                return true
            default:
                return false
            }
        }

        private func runLength() -> Int {
            var end = index
            while end < text.count, text[end] == text[index] { end += 1 }
            return end - index
        }

        /// Pushes an opener, or holds it back when nothing follows it yet.
        private mutating func open(_ opener: Open, length: Int) {
            if index + length >= text.count {
                holdBack = length + (text[index] == "[" && index > 0 && text[index - 1] == "!" ? 1 : 0)
            } else {
                stack.append(opener)
            }
            index += length
        }

        private mutating func delimiter(_ marker: Unicode.Scalar) {
            let run = runLength()
            let before: Unicode.Scalar = index > 0 ? text[index - 1] : " "
            let after: Unicode.Scalar? = index + run < text.count ? text[index + run] : nil
            let intraword = { (scalar: Unicode.Scalar) in scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
            let canClose = !WordBoundary.isSpace(before) && (marker == "*" || after.map { !intraword($0) } ?? true)
            // Unlike cmark, a single marker never opens inside a word while streaming: "2*3" and
            // "O(n*m)" are not emphasis. A `**` does, as cmark lets it, and any run after a
            // tatweel: Arabic sets a word apart from its attached preposition so («بـ**ضمان**»,
            // «بـ*ضمان العيوب*»), and the markers must not show while it streams.
            let opensIntraword = marker == "*" && (run >= 2 || before == "\u{0640}")
            let canOpen = after.map { !WordBoundary.isSpace($0) } ?? true && (!intraword(before) || opensIntraword)
            let openerIndex = stack.lastIndex { if case .emphasis(marker, _) = $0 { return true } else { return false } }
            // A closing run still being typed (fewer markers than its opener, nothing after it
            // yet: a buffer that cuts between characters) is held back: `**word*` would read as
            // a stray `*` and an italic for a frame.
            if canClose, after == nil, let openerIndex, case .emphasis(_, let count) = stack[openerIndex], run < count {
                holdBack = run
                index += run
            } else if canClose, let opener = openerIndex {
                stack.removeSubrange(opener...)
                index += run
            } else if canOpen {
                open(.emphasis(marker, min(run, 3)), length: run)
            } else {
                index += run
            }
        }

        /// Only `~~` before text strikes through while streaming: a single `~` means "about".
        private mutating func strike() {
            let run = runLength()
            let after: Unicode.Scalar? = index + run < text.count ? text[index + run] : nil
            guard run == 2 else {
                index += run
                return
            }
            if let opener = stack.lastIndex(where: { if case .strike = $0 { return true } else { return false } }) {
                stack.removeSubrange(opener...)
                index += run
            } else if after.map({ !WordBoundary.isSpace($0) }) ?? true {
                open(.strike(run), length: run)
            } else {
                index += run
            }
        }

        /// A formula is passed over whole (its `_` and `*` are TeX, not emphasis); one still open
        /// at the end is held back from its opener, so neither `$` nor raw TeX shows while it streams.
        private mutating func formula() {
            switch MathDelimiters.formula(at: index, in: text[...]) {
            case .formula(_, _, let end): index = end
            case .open:
                holdBack = text.count - index
                index = text.count
            case .none: index += 1
            }
        }

        /// `[^label]` is a footnote reference, never a link: it is passed over whole, and one still
        /// being typed at the end (`[^le`) is held back until its `]` says what it is.
        private mutating func footnoteReference() {
            var end = index + 2
            while end < text.count, text[end] != "]", !WordBoundary.isSpace(text[end]), end - index < 100 { end += 1 }
            if end == text.count {
                holdBack = text.count - index
                index = text.count
            } else {
                index = text[end] == "]" ? end + 1 : index + 1
            }
        }

        private mutating func closeLinkText() {
            index += 1
            guard let opener = stack.lastIndex(where: { if case .linkText = $0 { return true } else { return false } }) else { return }
            let image = stack[opener].imageStart
            stack.removeSubrange(opener...)
            if index < text.count, text[index] == "(" {
                index += 1
                stack.append(.linkDestination(image: image))
            } else if index < text.count, text[index] == "[" {
                referenceLabel(image: image)
            } else if index == text.count {
                stack.append(.linkTarget(image: image))
            }
        }

        /// `[text][label]`: a label being typed (`[text][lab`) is held back and the text shows as
        /// the link it becomes (a whole one is read as a link by `ProvisionalLinks`), so the
        /// reader never sees «[text]» or «[text]lab» for a frame.
        private mutating func referenceLabel(image: Int?) {
            var end = index + 1
            while end < text.count, text[end] != "]", text[end] != "[", end - index < 1000 { end += 1 }
            if end == text.count {
                holdBack = text.count - index
                index = text.count
                stack.append(.linkTarget(image: image))
            } else if text[end] == "]" {
                index = end + 1
            }
        }

        private mutating func autolink() {
            let scheme = text[(index + 1)...].prefix { $0.properties.isAlphabetic }
            let afterScheme = index + 1 + scheme.count
            if !scheme.isEmpty, afterScheme == text.count || text[afterScheme] == ":" {
                if afterScheme == text.count {
                    holdBack = text.count - index
                    index = text.count
                    return
                }
                stack.append(.autolink)
            } else if index + 1 == text.count || isTagBeingTyped(from: index) {
                // A tag still being typed (`<b class="x`, `</summ`) would show as text for a frame.
                holdBack = text.count - index
                index = text.count
                return
            }
            index += 1
        }

        /// `<` at `start` opens a tag whose `>` has not arrived: `<` or `</`, a letter, then up to
        /// 200 characters with no `<`, `>` or line break to the end.
        private func isTagBeingTyped(from start: Int) -> Bool {
            var name = start + 1
            if name < text.count, text[name] == "/" { name += 1 }
            guard name < text.count, text[name].properties.isAlphabetic, text.count - start <= 200 else { return false }
            return !text[name...].contains { $0 == "<" || $0 == ">" || $0 == "\n" }
        }
    }
}
