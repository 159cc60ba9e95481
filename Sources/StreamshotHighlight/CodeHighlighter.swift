/// Highlights code line by line, as it streams: a line's colours depend only on the state the
/// lines before it left and on the line itself, so each (state, line) is highlighted once and
/// remembered. While a block grows, only its last line, the one being typed, is new work; a
/// finished line keeps its colours (nothing after it can change them: the engine reads forward).
/// One per render; not shared between threads.
public final class CodeHighlighter {
    private struct LineKey: Hashable {
        var language: String
        var state: HighlightState
        var line: [UInt8]
        var isFirst: Bool
    }

    /// A line longer than this stays plain, its state carried on (minified code: each search
    /// would read the rest of the line again, so its cost grows with the square of its length).
    static let longestHighlightedLine = 4096
    /// Lines remembered at most: past it, the memory starts again (a long render of growing lines
    /// keeps a key for every length a line had).
    static let rememberedLines = 20_000

    private let library: LanguageLibrary
    private var lines: [LineKey: (runs: [TokenRun], next: HighlightState)] = [:]
    /// Languages whose definition failed, and why (each said once, by `failures`).
    public private(set) var failures: [String: HighlightError] = [:]

    public init(library: LanguageLibrary = .bundled) { self.library = library }

    /// `code`'s runs, in byte offsets of `code`, highlighted as `language` (a definition's id,
    /// `LanguageLibrary.language(forFence:)`); none when the language cannot be highlighted.
    public func runs(_ code: String, language: String) -> [TokenRun] {
        guard let grammar = grammar(language) else { return [] }
        var state = HighlightState(root: grammar.root)
        var runs: [TokenRun] = []
        var offset = 0
        for (number, line) in code.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let bytes = Array(line)
            let key = LineKey(language: language, state: state, line: bytes, isFirst: number == 0)
            let result = lines[key] ?? Self.highlight(bytes, grammar: grammar, key: key)
            if lines.count >= Self.rememberedLines { lines.removeAll(keepingCapacity: true) }
            lines[key] = result
            runs += result.runs.map { TokenRun(bytes: $0.bytes.lowerBound + offset..<$0.bytes.upperBound + offset, kind: $0.kind) }
            state = result.next
            offset += bytes.count + 1
        }
        return runs
    }

    private func grammar(_ language: String) -> Grammar? {
        guard failures[language] == nil else { return nil }
        do {
            return try library.grammar(language)
        } catch {
            failures[language] = error as? HighlightError ?? .definition(language, "\(error)")
            return nil
        }
    }

    /// One line from `key.state`: its runs, merged where neighbours are drawn alike, and the state after it.
    private static func highlight(_ bytes: [UInt8], grammar: Grammar, key: LineKey) -> (runs: [TokenRun], next: HighlightState) {
        guard bytes.count <= longestHighlightedLine else { return ([], key.state) }
        return bytes.withUnsafeBufferPointer { buffer in
            var highlighter = LineHighlighter(grammar: grammar, line: buffer, isFirstLine: key.isFirst, state: key.state)
            // A pattern GLib refuses only when a start's text is put into an end: the line stays plain.
            guard (try? highlighter.run()) != nil else { return ([], key.state) }
            var runs: [TokenRun] = []
            for (index, style) in highlighter.styles.enumerated() {
                guard let kind = grammar.kind(style) else { continue }
                if let last = runs.last, last.kind == kind, last.bytes.upperBound == index {
                    runs[runs.count - 1].bytes = last.bytes.lowerBound..<index + 1
                } else {
                    runs.append(TokenRun(bytes: index..<index + 1, kind: kind))
                }
            }
            return (runs, highlighter.state)
        }
    }
}
