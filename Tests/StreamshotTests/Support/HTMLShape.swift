import Foundation

/// Reads cmark-gfm's HTML into the shape the conformance test compares: one line per leaf
/// block — its containers (`>`, `-`, `N.`, `[x]`, `[ ]`), its kind and its visible text.
struct HTMLShape {
    private struct Open {
        var name: String
        var marker: String = ""
        var start = 1
        var items = 0
        var hadLeaf = false
    }

    private var stack: [Open] = []
    private var leaf: (kind: String, text: String)?
    private var row: [String] = []
    private var rows: [String] = []
    private var cell: String?
    /// Inside a footnote's back-reference (`↩`): a link that is not drawn in a still frame.
    private var inBackReference = false
    private(set) var lines: [String] = []

    static func shape(_ html: String) -> [String] {
        var reader = HTMLShape()
        reader.read(Array(html.unicodeScalars))
        return reader.lines
    }

    private mutating func read(_ s: [Unicode.Scalar]) {
        var index = 0
        while index < s.count {
            if s[index] == "<", let end = s[index...].firstIndex(of: ">") {
                tag(String(String.UnicodeScalarView(s[(index + 1)..<end])))
                index = end + 1
            } else {
                let end = s[index...].firstIndex(of: "<") ?? s.count
                text(Self.decode(String(String.UnicodeScalarView(s[index..<end]))))
                index = end
            }
        }
    }

    private mutating func tag(_ body: String) {
        let closing = body.hasPrefix("/")
        let name = String(body.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber })
        let attributes = body
        if closing { close(name) } else { open(name, attributes: attributes) }
    }

    private mutating func open(_ name: String, attributes: String) {
        if name == "a", attributes.contains("footnote-backref") { inBackReference = true }
        // A tight item's text ends where a block inside the item begins.
        if Self.blockTags.contains(name), leaf != nil, stack.last?.name == "li" { finishLeaf() }
        switch name {
        case "blockquote", "ul": stack.append(Open(name: name))
        case "ol":
            let start = Self.attribute("start", in: attributes).flatMap(Int.init) ?? 1
            stack.append(Open(name: name, start: start))
        case "li":
            let listIndex = stack.lastIndex { $0.name == "ol" || $0.name == "ul" }
            var marker = "-"
            if let listIndex {
                if stack[listIndex].name == "ol" { marker = "\(stack[listIndex].start + stack[listIndex].items)." }
                stack[listIndex].items += 1
            }
            stack.append(Open(name: "li", marker: marker))
        case "input":
            if let li = stack.lastIndex(where: { $0.name == "li" }) {
                stack[li].marker = attributes.contains("checked") ? "[x]" : "[ ]"
            }
        case "p", "h1", "h2", "h3", "h4", "h5", "h6", "pre":
            leaf = (name == "p" ? "paragraph" : name == "pre" ? "code" : "heading", "")
        case "hr": emit("thematicBreak", "")
        // The footnotes section: Streamshot draws its top border as a rule.
        case "section" where attributes.contains("footnotes"): emit("thematicBreak", "")
        case "table": rows = []
        case "tr": row = []
        case "th", "td": cell = ""
        case "img": text(Self.attribute("alt", in: attributes) ?? "")
        case "br": text("\n")
        default: break
        }
    }

    private mutating func close(_ name: String) {
        if name == "a" { inBackReference = false }
        switch name {
        case "blockquote", "ul", "ol": stack.removeLast()
        case "li":
            if leaf != nil { finishLeaf() }
            if let li = stack.popLast(), !li.hadLeaf { emitWith(li, "paragraph", "") }
        case "p", "h1", "h2", "h3", "h4", "h5", "h6", "pre": finishLeaf()
        case "th", "td":
            row.append(cell ?? "")
            cell = nil
        case "tr": rows.append(row.joined(separator: "\t"))
        case "table": emit("table", rows.joined(separator: "\n"))
        default: break
        }
    }

    private mutating func text(_ piece: String) {
        if inBackReference { return }
        if cell != nil {
            cell! += piece
            return
        }
        if leaf != nil {
            leaf!.text += piece
            return
        }
        // Text straight inside a tight list's item is that item's paragraph.
        if stack.last?.name == "li", !piece.allSatisfy(\.isWhitespace) { leaf = ("paragraph", piece) }
    }

    private mutating func finishLeaf() {
        guard let current = leaf else { return }
        leaf = nil
        emit(current.kind, current.text)
    }

    private mutating func emit(_ kind: String, _ text: String) {
        for index in stack.indices where stack[index].name == "li" { stack[index].hadLeaf = true }
        lines.append(Self.line(path: stack.compactMap(Self.marker), kind: kind, text: text))
    }

    private mutating func emitWith(_ li: Open, _ kind: String, _ text: String) {
        lines.append(Self.line(path: (stack + [li]).compactMap(Self.marker), kind: kind, text: text))
    }

    private static let blockTags: Set<String> = [
        "ul", "ol", "li", "blockquote", "p", "pre", "hr", "table",
        "h1", "h2", "h3", "h4", "h5", "h6"
    ]

    private static func marker(_ open: Open) -> String? {
        open.name == "blockquote" ? ">" : open.name == "li" ? open.marker : nil
    }

    /// One comparable line; whitespace runs count as one space.
    static func line(path: [String], kind: String, text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return (path + [kind]).joined(separator: " ") + ": " + words
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: name + "=\"") else { return nil }
        return decode(String(tag[range.upperBound...].prefix { $0 != "\"" }))
    }

    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
        while let range = out.range(of: "&#"), let end = out[range.upperBound...].firstIndex(of: ";") {
            let digits = out[range.upperBound..<end]
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            out.replaceSubrange(range.lowerBound...end, with: value.flatMap(Unicode.Scalar.init).map { String($0) } ?? "\u{FFFD}")
        }
        return out.replacingOccurrences(of: "&amp;", with: "&")
    }
}
