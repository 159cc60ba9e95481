import StreamshotCMark
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// The GFM spec's examples for the sections LLM answers use: Streamshot's blocks — kinds,
/// container paths, visible text — against cmark-gfm's own HTML for the same example, parsed in
/// one go and streamed one character at a time.
@Suite struct GFMConformanceTests {
    static let examples = GFMSpec.examples().filter { GFMSpec.sections.contains($0.section) }

    /// Streamshot's blocks in the conformance test's shape.
    static func shape(_ blocks: [Block]) -> [String] {
        blocks.map { block in
            let path = block.containers.map { container -> String in
                switch container.kind {
                case .blockQuote: return ">"
                case .listItem(let number, _, let checked, _):
                    if let checked { return checked ? "[x]" : "[ ]" }
                    return number.map { "\($0)." } ?? "-"
                }
            }
            return HTMLShape.line(path: path, kind: block.kind.name.rawValue, text: block.content.text)
        }
    }

    static func oneShot(_ markdown: String) -> [Block] {
        var parser = BlockParser()
        parser.update(Array(markdown.unicodeScalars)[...], ended: true)
        return parser.blocks
    }

    static func streamed(_ markdown: String) -> [Block] {
        var parser = BlockParser()
        let scalars = Array(markdown.unicodeScalars)
        for count in 0...scalars.count { parser.update(scalars[..<count], ended: count == scalars.count) }
        return parser.blocks
    }

    @Test func everyExampleGivesCMarkGFMsBlocksContainersAndText() throws {
        #expect(Self.examples.count > 400)
        var failures: [String] = []
        var compared = 0
        for example in Self.examples {
            let html = try MarkdownParser.html(example.markdown)
            // Raw HTML is omitted from cmark's safe output, so there is nothing to compare it with.
            if html.contains("raw HTML omitted") { continue }
            compared += 1
            let expected = HTMLShape.shape(html)
            let ours = Self.shape(Self.oneShot(example.markdown))
            if ours != expected {
                failures.append("example \(example.number) (\(example.section)): expected \(expected), got \(ours)")
            }
        }
        print("GFM conformance: \(compared - failures.count) of \(compared) examples match cmark-gfm")
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) of \(compared):\n" + failures.prefix(40).joined(separator: "\n")))
    }

    @Test func streamingEveryExampleEndsAsTheOneShotParse() {
        var failures: [String] = []
        for example in Self.examples {
            let oneShot = Self.shape(Self.oneShot(example.markdown))
            let streamed = Self.shape(Self.streamed(example.markdown))
            if streamed != oneShot {
                failures.append("example \(example.number) (\(example.section)): one-shot \(oneShot), streamed \(streamed)")
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) of \(Self.examples.count):\n" + failures.prefix(40).joined(separator: "\n")))
    }
}
