import Foundation

/// What a source line is, read from its first characters.
enum LineClass: Equatable {
    case blank
    case heading(level: Int, content: Int)
    case listItem(number: Int?, indent: Int, content: Int)
    case quote(content: Int)
    case fence(FenceLine)
    case thematicBreak
    /// A line starting with `|`: a table if the next line is a delimiter row.
    case tableRow
    case text
    /// An incomplete line whose start could still become different kinds: hold it back.
    case pending
}

/// Classifies Markdown lines so that a block's kind is known before it is shown: an
/// incomplete line is classified only when its beginning already decides.
enum LineClassifier {
    /// - Parameters:
    ///   - line: the line without its newline; offsets returned are relative to its start.
    ///   - complete: whether its newline (or the end of the stream) has arrived.
    static func classify(_ line: ArraySlice<Unicode.Scalar>, complete: Bool) -> LineClass {
        let base = line.startIndex
        let indent = line.prefix { $0 == " " || $0 == "\t" }.count
        let body = line.dropFirst(indent)
        guard let first = body.first else { return complete ? .blank : .pending }
        let rest = Array(body)

        if first == "#" {
            let hashes = rest.prefix { $0 == "#" }.count
            if hashes <= 6 {
                if hashes == rest.count { return complete ? .heading(level: hashes, content: line.endIndex - base) : .pending }
                if rest[hashes] == " " || rest[hashes] == "\t" {
                    return .heading(level: hashes, content: indent + hashes + 1)
                }
            }
            return .text
        }
        if first == ">" {
            let skip = rest.count > 1 && rest[1] == " " ? 2 : 1
            return .quote(content: indent + skip)
        }
        if first == "`" || first == "~" {
            // A short run might still grow into a fence, and a fence's info string ends only at the newline.
            let run = rest.prefix { $0 == first }.count
            if !complete && (run == rest.count || run >= FenceLine.minimumLength) { return .pending }
            return FenceLine.parse(body).map { .fence($0) } ?? .text
        }
        if first == "-" || first == "*" || first == "_" || first == "+" {
            let breakChars = rest.filter { $0 != " " && $0 != "\t" }
            if first != "+", breakChars.allSatisfy({ $0 == first }) {
                // "---" might still grow into "--- text": wait for the line to end.
                if !complete { return .pending }
                if breakChars.count >= 3 { return .thematicBreak }
            }
            if first != "_" {
                if rest.count == 1 { return complete ? .text : .pending }
                if rest[1] == " " || rest[1] == "\t" {
                    return .listItem(number: nil, indent: indent, content: indent + 2)
                }
            }
            return .text
        }
        if first == "|" {
            return complete ? .tableRow : .pending
        }
        if ("0"..."9").contains(first) {
            let digits = rest.prefix { ("0"..."9").contains($0) }.count
            guard digits <= 9 else { return .text }
            if digits == rest.count { return complete ? .text : .pending }
            let delimiter = rest[digits]
            guard delimiter == "." || delimiter == ")" else { return .text }
            if digits + 1 == rest.count { return complete ? .text : .pending }
            if rest[digits + 1] == " " || rest[digits + 1] == "\t" {
                let number = Int(String(String.UnicodeScalarView(rest[..<digits]))) ?? 1
                return .listItem(number: number, indent: indent, content: indent + digits + 2)
            }
            return .text
        }
        return .text
    }

    /// A GFM delimiter row such as `| :--- | ---: |`: its column alignments, or nil if it is not one.
    static func delimiterRow(_ line: ArraySlice<Unicode.Scalar>) -> [ColumnAlignment?]? {
        let cells = TableCells.split(line)
        guard !cells.isEmpty else { return nil }
        var alignments: [ColumnAlignment?] = []
        for cell in cells {
            let scalars = Array(cell.unicodeScalars)
            let core = scalars.filter { $0 != ":" }
            guard !core.isEmpty, core.allSatisfy({ $0 == "-" }) else { return nil }
            let left = scalars.first == ":"
            let right = scalars.last == ":"
            alignments.append(left && right ? .center : left ? .left : right ? .right : nil)
        }
        return alignments
    }
}

/// Splits a table row into trimmed cells, honouring `\|` escapes.
enum TableCells {
    static func split(_ line: ArraySlice<Unicode.Scalar>) -> [String] {
        var cells: [String] = []
        var current = String.UnicodeScalarView()
        var escaped = false
        for scalar in line {
            if escaped {
                current.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "|" {
                cells.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        cells.append(String(current))
        var trimmed = cells.map { $0.trimmingCharacters(in: .whitespaces) }
        if line.drop(while: { $0 == " " }).first == "|", !trimmed.isEmpty { trimmed.removeFirst() }
        if let last = trimmed.last, last.isEmpty, line.reversed().drop(while: { $0 == " " || $0 == "\r" }).first == "|" {
            trimmed.removeLast()
        }
        return trimmed
    }
}
