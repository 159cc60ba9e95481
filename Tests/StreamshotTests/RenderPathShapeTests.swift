import Foundation
import Testing

/// The render path's shape, as the house keeps it (issue 46): one door to render through, and
/// functions that fit on a screen — what a reader of the pipeline meets first.
@Suite struct RenderPathShapeTests {
    static let sources = TestSupport.root.appendingPathComponent("Sources/Streamshot")

    /// Every Swift file of the render module (layout, paint, encode, output and the render itself).
    static func files() throws -> [(path: String, text: String)] {
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        let paths = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        return try paths.map { ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test func noFunctionInTheRenderPathIsLongerThanFortyLines() throws {
        let files = try Self.files()
        #expect(files.count > 50, "the render module's sources were not found at \(Self.sources.path)")
        let long = files.flatMap { file in
            FunctionLengths.longer(than: 40, in: file.text).map { "\(file.path):\($0.line) (\($0.length) lines)" }
        }
        #expect(long.isEmpty, "split these: \(long)")
    }

    /// The measure itself: a function one line too long is found, its nested braces and the braces
    /// inside its strings counted right.
    @Test func theMeasureFindsALongFunction() {
        let body = (1...39).map { "        let x\($0) = \"{\" + \"\\($0)\"" }.joined(separator: "\n")
        let source = "struct S {\n    func long() {\n\(body)\n    }\n    func short() { if true { } }\n}\n"
        #expect(FunctionLengths.longer(than: 40, in: source).map(\.line) == [2])
        #expect(FunctionLengths.longer(than: 41, in: source).isEmpty)
    }

    /// The frame loop is driven from one place: every render — files, memory, shards, tests — is
    /// a sink handed to `Renderer.render(_:options:into:)`.
    @Test func oneDoorMakesTheFrames() throws {
        let makers = try Self.files().filter { $0.text.contains("RenderPass(") }.map(\.path)
        #expect(makers == ["Render/Renderer.swift"])
    }
}

/// Function lengths by their braces, with string literals and comments set aside. (The patterns
/// are only read: `Regex` is not marked `Sendable`.)
enum FunctionLengths {
    nonisolated(unsafe) static let declaration = try! Regex(
        #"^\s*(@\w+(\([^)]*\))?\s+)*((public|private|fileprivate|package|internal|static|class|mutating|nonmutating|override|final|convenience|required|nonisolated)\s+)*(func\s|init[?!]?\s*[(<]|deinit\b)"#
    )
    nonisolated(unsafe) static let string = try! Regex(#""(\\.|[^"\\])*""#)

    /// The functions (and initialisers) longer than `limit` lines, from their declaration's line
    /// to their closing brace's.
    static func longer(than limit: Int, in source: String) -> [(line: Int, length: Int)] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [(line: Int, length: Int)] = []
        for start in lines.indices where lines[start].firstMatch(of: declaration) != nil {
            guard let end = closingLine(of: start, in: lines) else { continue }
            if end - start + 1 > limit { found.append((start + 1, end - start + 1)) }
        }
        return found
    }

    /// The line of the brace that closes the body opened at or just after `start`.
    private static func closingLine(of start: Int, in lines: [String]) -> Int? {
        var depth = 0
        var opened = false
        for index in start..<lines.count {
            let code = lines[index].replacing(string, with: "\"\"").components(separatedBy: "//")[0]
            for character in code {
                if character == "{" {
                    depth += 1
                    opened = true
                } else if character == "}" {
                    depth -= 1
                }
            }
            if opened && depth <= 0 { return index }
            // A requirement or a declaration without a body.
            if !opened && index > start + 8 { return nil }
        }
        return nil
    }
}
