extension TeXParser {
    /// `\left` delimiter, its row, then `\right` and its delimiter.
    mutating func delimited(at: Int) throws(MathError) -> MathNode {
        let open = try delimiterName(at: at)
        let content = try parseRow(until: [.right])
        let rightAt = index
        _ = readCommand()
        let close = try delimiterName(at: rightAt)
        return .delimited(open: open, close: close, content: .row(content))
    }

    /// The delimiter after `\left`, `\right`, `\middle` or `\big`: nil for `.` (none).
    mutating func delimiterName(at: Int) throws(MathError) -> Unicode.Scalar? {
        skipSpaces()
        guard index < scalars.count else { throw MathError(offset: at, message: "a delimiter is missing at the end") }
        if scalars[index] == "\\" {
            let nameAt = index
            let name = readCommand()
            guard let scalar = MathSymbols.delimiter(named: name) else {
                throw MathError(offset: nameAt, message: "\\\(name) is not a delimiter")
            }
            return scalar
        }
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case ".": return nil
        case "(", ")", "[", "]", "|", "/", "<", ">":
            return scalar == "<" ? "⟨" : scalar == ">" ? "⟩" : scalar
        default: throw MathError(offset: index - 1, message: "'\(scalar)' is not a delimiter")
        }
    }

    /// `\big(` and its sizes: TeX's 1.2, 1.8, 2.4 and 3 em tall delimiters.
    mutating func sizedDelimiter(_ name: String, at: Int) throws(MathError) -> MathNode {
        let size = name.hasPrefix("Bigg") ? 3.0 : name.hasPrefix("bigg") ? 2.4 : name.hasPrefix("Big") ? 1.8 : 1.2
        guard let scalar = try delimiterName(at: at) else { return .space(0.12) }
        let mathClass: MathClass =
            name.hasSuffix("l")
            ? .opening
            : name.hasSuffix("r")
                ? .closing
                : name.hasSuffix("m")
                    ? .relation
                    : MathSymbols.mathClass(of: scalar)
        return .sizedDelimiter(scalar, height: size, mathClass)
    }

    /// `\begin{name}…\end{name}`: a table of cells split by `&` and `\\`.
    mutating func environment(at: Int) throws(MathError) -> MathNode {
        let name = try environmentName()
        guard let kind = Self.environments[name] else { throw MathError(offset: at, message: "unknown environment \(name)") }
        var format = kind.format
        if name == "array" { format.columns = try arrayColumns() }
        let rows = try cells(of: name)
        let endAt = index
        _ = readCommand()
        let closing = try environmentName()
        guard closing == name else { throw MathError(offset: endAt, message: "\\begin{\(name)} ended by \\end{\(closing)}") }
        return .table(rows: rows, format: format, open: kind.open, close: kind.close)
    }

    private mutating func environmentName() throws(MathError) -> String {
        skipSpaces()
        guard index < scalars.count, scalars[index] == "{" else { throw MathError(offset: index, message: "an environment's name must be in braces") }
        let start = index + 1
        guard let end = scalars[start...].firstIndex(of: "}") else {
            throw MathError(offset: index, message: "an environment's name is never closed")
        }
        index = end + 1
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    /// `array`'s column letters (`{cc}`, `{r|l}`: rules are not drawn).
    private mutating func arrayColumns() throws(MathError) -> [TableFormat.Column] {
        let spec = try environmentName()
        let columns = spec.unicodeScalars.compactMap { scalar -> TableFormat.Column? in
            switch scalar {
            case "l": return .left
            case "c": return .center
            case "r": return .right
            default: return nil
            }
        }
        return columns.isEmpty ? [.center] : columns
    }

    private mutating func cells(of name: String) throws(MathError) -> [[MathNode]] {
        var rows: [[MathNode]] = [[]]
        while true {
            let cell = try parseRow(until: [.cell, .end(name)])
            rows[rows.count - 1].append(.row(cell))
            guard index < scalars.count else { throw MathError(offset: index, message: "formula ends before \\end{\(name)}") }
            if scalars[index] == "&" {
                index += 1
            } else if peekCommand() == "end" {
                break
            } else {
                _ = readCommand()
                skipOptionalLength()
                rows.append([])
            }
        }
        // A `\\` before `\end` starts no row.
        if rows.count > 1, rows[rows.count - 1].allSatisfy({ $0 == .row([]) }) { rows.removeLast() }
        return rows
    }

    /// `\\[2pt]`'s extra space is read and not applied.
    private mutating func skipOptionalLength() {
        skipSpaces()
        guard index < scalars.count, scalars[index] == "[", let end = scalars[index...].firstIndex(of: "]") else { return }
        index = end + 1
    }

    /// The extra space between `aligned`'s and `gathered`'s rows, in ems: amsmath's `\jot` (3 pt).
    static let alignedRowGap = 0.3

    struct EnvironmentKind {
        var format: TableFormat
        var open: Unicode.Scalar?
        var close: Unicode.Scalar?
    }

    /// TeX's (and KaTeX's) spacing: matrices 1 em between columns (2 × `\arraycolsep`), `array`
    /// half that before and after too, `cases` 1 em and rows 1.2 times apart, `aligned` nothing
    /// inside a pair of columns and 1 em between pairs.
    static let environments: [String: EnvironmentKind] = {
        let matrix = TableFormat(columns: [.center], gaps: [1], style: .text)
        var kinds: [String: EnvironmentKind] = [
            "matrix": EnvironmentKind(format: matrix), "pmatrix": EnvironmentKind(format: matrix, open: "(", close: ")"),
            "bmatrix": EnvironmentKind(format: matrix, open: "[", close: "]"),
            "Bmatrix": EnvironmentKind(format: matrix, open: "{", close: "}"),
            "vmatrix": EnvironmentKind(format: matrix, open: "|", close: "|"),
            "Vmatrix": EnvironmentKind(format: matrix, open: "‖", close: "‖"),
            "smallmatrix": EnvironmentKind(format: TableFormat(columns: [.center], gaps: [1.0 / 3], style: .script)),
            "cases": EnvironmentKind(format: TableFormat(columns: [.left], gaps: [1], style: .text, stretch: 1.2), open: "{"),
            "rcases": EnvironmentKind(format: TableFormat(columns: [.left], gaps: [1], style: .text, stretch: 1.2), close: "}"),
            "array": EnvironmentKind(format: TableFormat(columns: [.center], gaps: [1], style: .text, outerGap: 0.5)),
            "gathered": EnvironmentKind(format: TableFormat(columns: [.center], gaps: [0], style: .display, rowGap: alignedRowGap))
        ]
        let aligned = EnvironmentKind(format: TableFormat(columns: [.right, .left], gaps: [0, 1], style: .display, rowGap: alignedRowGap))
        for name in ["aligned", "align", "align*", "split", "alignat", "alignedat"] { kinds[name] = aligned }
        kinds["gather"] = kinds["gathered"]
        kinds["gather*"] = kinds["gathered"]
        return kinds
    }()
}
