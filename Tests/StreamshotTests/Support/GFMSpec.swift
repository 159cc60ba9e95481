import Foundation

/// The examples of the GFM spec (Fixtures/spec.txt) or of cmark-gfm's extension tests
/// (Fixtures/cmark-gfm-extensions.txt), with the section each belongs to.
enum GFMSpec {
    struct Example {
        let number: Int
        let section: String
        let markdown: String
    }

    /// The sections LLM answers use.
    static let sections: Set<String> = [
        "Thematic breaks", "ATX headings", "Setext headings", "Fenced code blocks", "Paragraphs", "Blank lines",
        "Tables (extension)", "Block quotes", "List items", "Task list items (extension)", "Lists",
        "Backslash escapes", "Entity and numeric character references", "Code spans", "Emphasis and strong emphasis",
        "Strikethrough (extension)", "Links", "Autolinks", "Autolinks (extension)", "Hard line breaks",
        "Soft line breaks", "Textual content"
    ]

    static func examples(in fixture: String = "spec.txt") -> [Example] {
        let path = fixturePath(fixture)
        let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.components(separatedBy: "\n") ?? []
        let fence = String(repeating: "`", count: 32)
        var examples: [Example] = []
        var section = ""
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("#"), !line.hasPrefix("#####") { section = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix(fence + " example") {
                var markdown: [String] = []
                index += 1
                while index < lines.count, lines[index] != "." {
                    markdown.append(lines[index])
                    index += 1
                }
                while index < lines.count, !lines[index].hasPrefix(fence) { index += 1 }
                let text = markdown.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
                examples.append(Example(number: examples.count + 1, section: section, markdown: text))
            }
            index += 1
        }
        return examples
    }

    /// A file of Tests/StreamshotTests/Fixtures.
    static func fixturePath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)").path
    }
}
