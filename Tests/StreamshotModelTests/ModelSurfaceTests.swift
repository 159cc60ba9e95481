import Foundation
import Testing

/// The model's `package` surface is what other modules use (issue 46): a declaration no other
/// module and no plain importer of the model names is internal, so the CLI, the service and
/// layout cannot reach client internals by accident. (Tests that need more import it
/// `@testable`.)
@Suite struct ModelSurfaceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func swiftFiles(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let names = (FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        return names.sorted().map { base.appendingPathComponent($0).path }
    }

    /// A `package` declaration's name: `package static func decide` → `decide`.
    static var declaration: Regex<(Substring, Substring)> {
        #/\bpackage\s+(?:(?:static|final|mutating|nonmutating|override|indirect|lazy|nonisolated|private\(set\))\s+)*(?:func|var|let|struct|enum|class|protocol|typealias|actor)\s+`?([A-Za-z_][A-Za-z0-9_]*)/#
    }

    /// Every word of the code outside the model that may name its `package` declarations.
    static func wordsOutsideTheModel() throws -> Set<Substring> {
        let sources = swiftFiles(under: "Sources").filter { !$0.contains("/Sources/StreamshotModel/") }
        let tests = try swiftFiles(under: "Tests").filter {
            !(try String(contentsOfFile: $0, encoding: .utf8)).contains("@testable import StreamshotModel")
        }
        var words = Set<Substring>()
        for path in sources + tests {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            words.formUnion(text.split { !($0.isLetter || $0.isNumber || $0 == "_") })
        }
        return words
    }

    @Test func everyPackageDeclarationIsNamedOutsideTheModel() throws {
        let words = try Self.wordsOutsideTheModel()
        var unused: [String] = []
        var count = 0
        for path in Self.swiftFiles(under: "Sources/StreamshotModel") {
            for (number, line) in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated()
            {
                guard let match = line.firstMatch(of: Self.declaration) else { continue }
                count += 1
                if !words.contains(match.output.1) { unused.append("\(path.split(separator: "/").last!):\(number + 1) \(match.output.1)") }
            }
        }
        #expect(count > 100, "the model's package declarations were not found")
        #expect(unused.isEmpty, "package, and named by no other module: make these internal: \(unused)")
    }
}
