import Foundation

/// One pass over the open tail of the text: lines in, blocks out (ids assigned by the caller).
struct BlockScanner {
    let text: ArraySlice<Unicode.Scalar>
    let start: Int
    let ended: Bool

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
        var fence: (marker: Unicode.Scalar, length: Int)?
    }

    func scan() -> [ScannedBlock] {
        let lines = splitLines()
        var result: [ScannedBlock] = []
        var current: Draft?

        func close(_ draft: Draft?, finished: Bool) {
            guard let draft else { return }
            result.append(ScannedBlock(block: Block(
                id: 0, kind: draft.kind, content: draft.lines.joined(separator: "\n"), rows: draft.rows,
                columnAlignments: draft.alignments, isFinished: finished,
                sourceStart: draft.sourceStart, contentStart: draft.contentStart), end: draft.end))
        }

        var index = 0
        lineLoop: while index < lines.count {
            let line = lines[index]
            let scalars = text[line.start..<line.end]
            index += 1

            // Inside a fence every line is code until the closing fence.
            if var code = current, let fence = code.fence {
                if line.complete, let closing = CodeFenceTracker.fence(in: scalars),
                   closing.marker == fence.marker, closing.length >= fence.length, closing.isBare {
                    code.end = line.next
                    close(code, finished: true)
                    current = nil
                } else {
                    code.lines.append(string(scalars))
                    code.end = line.next
                    current = code
                }
                continue
            }
            // A table grows by complete rows; a partial row waits for its newline.
            if var table = current, table.kind == .table {
                let body = scalars.drop { $0 == " " }
                if body.first == "|" {
                    guard line.complete else { break lineLoop }
                    table.rows.append(TableCells.split(scalars))
                    table.lines.append(string(scalars))
                    table.end = line.next
                    current = table
                    continue
                }
                close(table, finished: true)
                current = nil
            }

            let lineClass = LineClassifier.classify(scalars, complete: line.complete)
            switch lineClass {
            case .pending:
                break lineLoop
            case .blank:
                close(current, finished: true)
                current = nil
            case .heading(let level, let content):
                close(current, finished: true)
                var heading = Draft(kind: .heading(level: level), sourceStart: line.start,
                                    contentStart: line.start + content, end: line.next)
                heading.lines = [headingText(text[min(line.start + content, line.end)..<line.end])]
                if line.complete {
                    close(heading, finished: true)
                    current = nil
                } else {
                    current = heading
                }
            case .listItem(let number, let indent, let content):
                close(current, finished: true)
                var item = Draft(kind: .listItem(number: number, depth: min(indent / 2, 3)), sourceStart: line.start,
                                 contentStart: line.start + content, end: line.next)
                item.lines = [string(text[min(line.start + content, line.end)..<line.end])]
                current = item
            case .quote(let content):
                let quoted = string(text[min(line.start + content, line.end)..<line.end])
                if var quote = current, quote.kind == .blockQuote {
                    quote.lines.append(quoted)
                    quote.end = line.next
                    current = quote
                } else {
                    close(current, finished: true)
                    var quote = Draft(kind: .blockQuote, sourceStart: line.start,
                                      contentStart: line.start + content, end: line.next)
                    quote.lines = [quoted]
                    current = quote
                }
            case .fence(let marker, let length, let info):
                close(current, finished: true)
                current = Draft(kind: .code(language: info), sourceStart: line.start, contentStart: line.next,
                                end: line.next, fence: (marker, length))
            case .thematicBreak:
                close(current, finished: true)
                current = nil
                close(Draft(kind: .thematicBreak, sourceStart: line.start, contentStart: line.end, end: line.next), finished: true)
            case .tableRow:
                // The kind is known only from the next line: hold until it is complete
                // (at the end of the stream there is no next line: the row is text).
                if index == lines.count || !lines[index].complete {
                    guard ended else { break lineLoop }
                    current = appendText(scalars, line: line, to: current, close: close)
                    continue
                }
                let next = lines[index]
                if let alignments = LineClassifier.delimiterRow(text[next.start..<next.end]) {
                    close(current, finished: true)
                    var table = Draft(kind: .table, sourceStart: line.start, contentStart: line.start, end: next.next)
                    table.rows = [TableCells.split(scalars)]
                    table.lines = [string(scalars), string(text[next.start..<next.end])]
                    table.alignments = alignments
                    current = table
                    index += 1
                } else {
                    current = appendText(scalars, line: line, to: current, close: close)
                }
            case .text:
                current = appendText(scalars, line: line, to: current, close: close)
            }
        }
        close(current, finished: ended)
        return result
    }

    /// A text line continues the open paragraph, list item or quote (lazily), or starts a paragraph.
    private func appendText(_ scalars: ArraySlice<Unicode.Scalar>, line: Line, to current: Draft?,
                            close: (Draft?, Bool) -> Void) -> Draft {
        let trimmed = scalars.drop { $0 == " " || $0 == "\t" }
        if var draft = current {
            switch draft.kind {
            case .paragraph, .listItem, .blockQuote:
                draft.lines.append(string(trimmed))
                draft.end = line.next
                return draft
            default:
                close(draft, true)
            }
        }
        let contentStart = line.end - trimmed.count
        var paragraph = Draft(kind: .paragraph, sourceStart: line.start, contentStart: contentStart, end: line.next)
        paragraph.lines = [string(trimmed)]
        return paragraph
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
