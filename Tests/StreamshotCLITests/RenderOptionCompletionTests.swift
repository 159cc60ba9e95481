import Foundation
import Streamshot
import Testing

@testable import StreamshotCLI

/// The render options reach the shells and `--help` from their one list: completion of names
/// and named values, help under headings that argument-parser prints as laid out, and
/// docs/cli.md's tables, generated.
@Suite struct RenderOptionCompletionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func candidates(_ line: String) -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        return RenderOptionCompletion.candidates(words, index: words.count - 1, prefix: words.last!)
    }

    @Test func optionNamesCompleteFromTheList() {
        #expect(Self.candidates("streamshot render a.md --the") == ["--theme"])
        #expect(Self.candidates("streamshot render --max-") == ["--max-duration", "--max-line-chars", "--max-code-chars", "--max-frames"])
        #expect(Self.candidates("streamshot render --no-mo") == ["--no-monospaced"])
        let every = Self.candidates("streamshot render --")
        for descriptor in RenderSettings.descriptors { #expect(every.contains("--\(descriptor.name)")) }
    }

    @Test func namedValuesCompleteAfterTheirOption() {
        #expect(Self.candidates("streamshot render --theme ") == ["light", "dark"])
        #expect(Self.candidates("streamshot render --client s") == ["swiftui"])
        #expect(Self.candidates("streamshot render --contrast IN") == ["increased"])
        #expect(Self.candidates("streamshot render --theme=d") == ["--theme=dark"])
        #expect(Self.candidates("streamshot render --theme = d") == ["dark"], "bash's words for --theme=d")
        // A flag takes no value: the word after it is the input, a file.
        #expect(!Self.candidates("streamshot render --bold-text ").contains("light"))
    }

    @Test func pathsAndInputsCompleteAsFiles() throws {
        let folder = NSTemporaryDirectory() + "streamshot-completion-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/lease.md", contents: Data()))
        #expect(Self.candidates("streamshot render \(folder)/le") == ["\(folder)/lease.md"])
        #expect(Self.candidates("streamshot render a.md --fonts \(folder)/f") == ["\(folder)/fonts/"])
    }

    static let binary = root.appendingPathComponent(".build/debug/streamshot").path

    /// The real thing: bash runs argument-parser's completion script for `streamshot`, which asks
    /// the binary for the candidates, as a reader's TAB does.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: binary), "needs .build/debug/streamshot (swift build)"))
    func bashCompletesTheRenderOptionsThroughTheBinary() throws {
        // Not `set -e`: argument-parser's script counts with `(( n++ ))`, which returns 1 from 0.
        let script = """
            source <("$STREAMSHOT" --generate-completion-script bash)
            streamshot() { "$STREAMSHOT" "$@"; }
            complete_line() {
              COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
              COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
              _streamshot streamshot "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
              echo "${COMPREPLY[*]}"
            }
            complete_line streamshot render answer.md --the
            complete_line streamshot render answer.md --theme ""
            complete_line streamshot profile answer.md --client swift
            complete_line streamshot render answer.md --theme = d
            """
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", script]
        bash.environment = ["STREAMSHOT": Self.binary, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        bash.standardOutput = output
        try bash.run()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        bash.waitUntilExit()
        #expect(bash.terminationStatus == 0)
        #expect(lines == ["--theme", "light dark", "swiftui", "dark"])
    }

    /// The help's lines fit argument-parser's discussion (it rewraps a longer line and breaks
    /// the columns), each heading once, every option under one.
    @Test func helpListsTheOptionsUnderTheirHeadings() {
        let text = RenderOptionHelp.text(RenderSettings.optionGroups)
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= RenderOptionHelp.width }, "\(lines.filter { $0.count > RenderOptionHelp.width })")
        let headings = lines.filter { !$0.hasPrefix(" ") }.map { String($0.prefix { $0 != " " }) }
        #expect(headings == ["INPUT", "CLIENT", "READER", "PICTURE", "MACHINE"])
        let grouped = RenderSettings.optionGroups.flatMap(\.descriptors).map(\.name)
        #expect(grouped.sorted() == RenderSettings.descriptors.map(\.name).sorted(), "every option under one heading, once")
        let help = StreamshotCommand.Render.helpMessage(columns: 80)
        #expect(help.contains("  --network <network>     Network profile"), "argument-parser kept the columns")
        #expect(help.contains("MACHINE OPTIONS"))
    }

    /// docs/cli.md holds the tables `streamshot options --markdown` prints, as they are now.
    @Test func theCLIGuideHoldsTheGeneratedTables() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let start = "<!-- render options: `streamshot options --markdown` writes what follows -->\n"
        let end = "\n<!-- end of render options -->"
        let from = try #require(guide.range(of: start), "docs/cli.md lacks the generated tables' start marker")
        let to = try #require(guide.range(of: end, range: from.upperBound..<guide.endIndex))
        let expected = RenderOptionTable.markdown(RenderSettings.optionGroups)
        #expect(
            String(guide[from.upperBound..<to.lowerBound]) == expected,
            "docs/cli.md's render options are stale: replace them with `swift run streamshot options --markdown`")
    }
}
