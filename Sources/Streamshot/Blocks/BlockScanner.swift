import Foundation

/// One pass over the open tail of the text: lines in, blocks out (ids assigned by the caller).
///
/// The pass reads line by line, growing one draft block at a time; a line whose kind cannot be
/// decided yet (an incomplete line, or a table row whose delimiter row has not arrived) stops it.
struct BlockScanner {
    let text: ArraySlice<Unicode.Scalar>
    let start: Int
    let ended: Bool

    /// The pass's state: the lines, the next one to read, the block being built and the blocks done.
    private var lines: [Line] = []
    private var index = 0
    private var current: Draft?
    private var result: [ScannedBlock] = []

    init(text: ArraySlice<Unicode.Scalar>, start: Int, ended: Bool) {
        self.text = text
        self.start = start
        self.ended = ended
    }

    private struct Line {
        var start: Int
        /// End of the content, before the newline.
        var end: Int
        /// After the newline (== end when the line is incomplete).
        var next: Int
        var complete: Bool
    }

    /// A block being built.
    private struct Draft {
        var kind: BlockKind
        var sourceStart: Int
        var contentStart: Int
        var lines: [String] = []
        var rows: [[String]] = []
        var alignments: [ColumnAlignment?] = []
        var end: Int
        /// The opening fence, for code blocks.
        var fence: FenceLine?
    }

    func scan() -> [ScannedBlock] {
        var pass = self
        pass.lines = splitLines()
        while pass.index < pass.lines.count {
            let line = pass.lines[pass.index]
            pass.index += 1
            guard pass.read(line) else { break }
        }
        pass.close(pass.current, finished: ended)
        return pass.result
    }

    /// Reads one line into the blocks.
    /// - Returns: false when the line cannot be decided yet: the pass stops before it.
    private mutating func read(_ line: Line) -> Bool {
        // Inside a fence every line is code until the closing fence.
        if let opening = current?.fence {
            readCode(line, opening: opening)
            return true
        }
        // A table grows by complete rows; a partial row waits for its newline.
        if current?.kind == .table {
            if scalars(line).drop(while: { $0 == " " }).first == "|" {
                guard line.complete else { return false }
                appendRow(line)
                return true
            }
            closeCurrent()
        }
        return read(line, as: LineClassifier.classify(scalars(line), complete: line.complete))
    }

    /// Starts, continues or ends a block by the line's kind.
    /// - Returns: false when the line cannot be decided yet.
    private mutating func read(_ line: Line, as lineClass: LineClass) -> Bool {
        switch lineClass {
        case .pending:
            return false
        case .blank:
            closeCurrent()
        case .heading(let level, let content):
            readHeading(line, level: level, content: content)
        case .listItem(let number, let indent, let content):
            closeCurrent()
            current = Draft(kind: .listItem(number: number, depth: min(indent / 2, 3)), sourceStart: line.start,
                            contentStart: line.start + content, lines: [string(scalars(line, from: content))],
                            end: line.next)
        case .quote(let content):
            readQuote(line, content: content)
        case .fence(let fence):
            closeCurrent()
            current = Draft(kind: .code(language: fence.info), sourceStart: line.start, contentStart: line.next,
                            end: line.next, fence: fence)
        case .thematicBreak:
            closeCurrent()
            close(Draft(kind: .thematicBreak, sourceStart: line.start, contentStart: line.end, end: line.next), finished: true)
        case .tableRow:
            return readTableRow(line)
        case .text:
            appendText(line)
        }
        return true
    }

    /// A line inside a code block: code, or the fence that closes it.
    private mutating func readCode(_ line: Line, opening: FenceLine) {
        let code = scalars(line)
        current?.end = line.next
        if line.complete, let closing = FenceLine.parse(code), closing.closes(opening) {
            closeCurrent()
        } else {
            let codeLine = string(code)
            current?.lines.append(codeLine)
        }
    }

    private mutating func appendRow(_ line: Line) {
        let row = scalars(line)
        let rowText = string(row)
        current?.rows.append(TableCells.split(row))
        current?.lines.append(rowText)
        current?.end = line.next
    }

    /// A heading is one line: finished at its newline.
    private mutating func readHeading(_ line: Line, level: Int, content: Int) {
        closeCurrent()
        let heading = Draft(kind: .heading(level: level), sourceStart: line.start, contentStart: line.start + content,
                            lines: [headingText(scalars(line, from: content))], end: line.next)
        if line.complete {
            close(heading, finished: true)
        } else {
            current = heading
        }
    }

    /// A quoted line continues the open quote or starts one.
    private mutating func readQuote(_ line: Line, content: Int) {
        let quoted = string(scalars(line, from: content))
        if current?.kind == .blockQuote {
            current?.lines.append(quoted)
            current?.end = line.next
        } else {
            closeCurrent()
            current = Draft(kind: .blockQuote, sourceStart: line.start, contentStart: line.start + content,
                            lines: [quoted], end: line.next)
        }
    }

    /// A `|` line starts a table only when the next line is a delimiter row, so it waits until
    /// that line is complete (at the end of the stream there is no next line: the row is text).
    /// - Returns: false when the pass must wait.
    private mutating func readTableRow(_ line: Line) -> Bool {
        guard index < lines.count, lines[index].complete else {
            guard ended else { return false }
            appendText(line)
            return true
        }
        let next = lines[index]
        guard let alignments = LineClassifier.delimiterRow(scalars(next)) else {
            appendText(line)
            return true
        }
        closeCurrent()
        current = Draft(kind: .table, sourceStart: line.start, contentStart: line.start,
                        lines: [string(scalars(line)), string(scalars(next))], rows: [TableCells.split(scalars(line))],
                        alignments: alignments, end: next.next)
        index += 1
        return true
    }

    /// A text line continues the open paragraph, list item or quote (lazily), or starts a paragraph.
    private mutating func appendText(_ line: Line) {
        let trimmed = scalars(line).drop { $0 == " " || $0 == "\t" }
        let lineText = string(trimmed)
        switch current?.kind {
        case .paragraph?, .listItem?, .blockQuote?:
            current?.lines.append(lineText)
            current?.end = line.next
        default:
            closeCurrent()
            current = Draft(kind: .paragraph, sourceStart: line.start, contentStart: line.end - trimmed.count,
                            lines: [lineText], end: line.next)
        }
    }

    /// Finishes the block being built, if any.
    private mutating func closeCurrent() {
        close(current, finished: true)
        current = nil
    }

    private mutating func close(_ draft: Draft?, finished: Bool) {
        guard let draft else { return }
        result.append(ScannedBlock(block: Block(
            id: 0, kind: draft.kind, content: draft.lines.joined(separator: "\n"), rows: draft.rows,
            columnAlignments: draft.alignments, isFinished: finished,
            sourceStart: draft.sourceStart, contentStart: draft.contentStart), end: draft.end))
    }

    private func splitLines() -> [Line] {
        var lines: [Line] = []
        var lineStart = start
        var index = start
        while index < text.endIndex {
            if text[index] == "\n" {
                let end = index > lineStart && text[index - 1] == "\r" ? index - 1 : index
                lines.append(Line(start: lineStart, end: end, next: index + 1, complete: true))
                lineStart = index + 1
            }
            index += 1
        }
        if lineStart < text.endIndex {
            lines.append(Line(start: lineStart, end: text.endIndex, next: text.endIndex, complete: ended))
        }
        return lines
    }

    /// The line's content, without its newline.
    private func scalars(_ line: Line) -> ArraySlice<Unicode.Scalar> {
        text[line.start..<line.end]
    }

    /// The line's content from `offset` past its start (after a block marker).
    private func scalars(_ line: Line, from offset: Int) -> ArraySlice<Unicode.Scalar> {
        text[min(line.start + offset, line.end)..<line.end]
    }

    private func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }

    /// Heading text without its optional closing run of `#`.
    private func headingText(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = string(scalars).trimmingCharacters(in: .whitespaces)
        if let range = text.range(of: #"\s+#+$"#, options: .regularExpression) { text.removeSubrange(range) }
        return text
    }
}
