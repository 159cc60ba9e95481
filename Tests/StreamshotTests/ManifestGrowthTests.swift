import Foundation
import Testing

@testable import Streamshot

/// Issue 43: a manifest grows with what changed, not with frames times cells. A 500-column table
/// once wrote 141 MB at 10 fps (every frame repeated every cell box) and took the server down
/// through its report.
@Suite struct ManifestGrowthTests {
    /// A Markdown table `columns` wide, `rows` rows under its header.
    static func wideTable(columns: Int, rows: Int = 3) -> String {
        let header = "| " + (0..<columns).map { "C\($0)" }.joined(separator: " | ") + " |"
        let delimiter = "|" + String(repeating: "---|", count: columns)
        let body = (0..<rows).map { row in "| " + (0..<columns).map { "\(row)x\($0)" }.joined(separator: " | ") + " |" }
        return ([header, delimiter] + body).joined(separator: "\n") + "\n"
    }

    static func render(_ text: String, fps: Double = 10) throws -> (manifest: Manifest, bytesPerFrame: Int, path: String) {
        var options = TestSupport.smallOptions()
        options.fps = fps
        let out = TestSupport.temporaryDirectory("growth")
        let result = try RenderJob(input: .text(text), network: .steady, options: options, fontsDirectory: TestSupport.fontsDirectory)
            .render(to: out, writeFrames: false)
        let text = try String(contentsOfFile: result.manifestPath, encoding: .utf8)
        let frames = try #require(text.range(of: "\"frames\":["))
        let manifest = try Manifest.read(from: result.manifestPath)
        // The frames' bytes per frame: what grows with the render's length.
        return (manifest, text.utf8[frames.upperBound...].count / manifest.frames.count, result.manifestPath)
    }

    /// A table wider than its column lists the cells and lines of the columns in view, whatever
    /// its width: 400 columns cost a frame what 40 do.
    @Test func aWideTableRecordsTheColumnsInView() throws {
        let narrow = try Self.render(Self.wideTable(columns: 40))
        let wide = try Self.render(Self.wideTable(columns: 400))
        for (manifest, columns) in [(narrow.manifest, 40), (wide.manifest, 400)] {
            let tables = manifest.frames.flatMap(\.blocks).filter { $0.kind == .table }
            let last = try #require(tables.last)
            #expect(last.tableWidth != nil, "the table scrolls sideways")
            let cells = try #require(last.cells)
            // Every listed cell reaches into the column; columns beyond it are left out.
            #expect(cells.allSatisfy { $0.x < Double(manifest.viewport.width) && $0.x + $0.width > 0 })
            #expect(Set(cells.map(\.column)).count < 10, "\(Set(cells.map(\.column)).sorted())")
            #expect(last.tableColumns == columns)
            // Lines left out between rows: each listed line carries its index, in order.
            let indices = last.listedLineIndices
            #expect(indices == indices.sorted() && Set(indices).count == indices.count)
            #expect(last.lines.allSatisfy { $0.index != nil } && last.totalLines > last.lines.count)
        }
        // Ten times the columns: about the same bytes per frame (never ten times).
        #expect(Double(wide.bytesPerFrame) < Double(narrow.bytesPerFrame) * 1.5, "\(narrow.bytesPerFrame) -> \(wide.bytesPerFrame) bytes a frame")
    }

    /// A block the frame before recorded the same way is written as a reference, and every reader
    /// (the whole-manifest reader, the frame-at-a-time reader, a plain JSONDecoder) puts it back.
    @Test func aRepeatedBlockIsAReferenceEveryReaderResolves() throws {
        let rendered = try Self.render("# عنوان\n\nفقرة قصيرة تنتهي هنا.\n\n" + Self.wideTable(columns: 30), fps: 30)
        let text = try String(contentsOfFile: rendered.path, encoding: .utf8)
        #expect(text.contains(#"{"id":0,"same":true}"#))
        let plain = try JSONDecoder().decode(Manifest.self, from: Data(text.utf8))
        var streamed: [Frame] = []
        try ManifestFile(path: rendered.path).forEachFrame { streamed.append($0) }
        #expect(plain.frames == rendered.manifest.frames && streamed == rendered.manifest.frames)
        // Written again, the same bytes: references are decided on the rounded records.
        #expect(try rendered.manifest.jsonText() == text)
        // Read back, a repeated block is the frame before's value, not a copy.
        let repeated = try #require(zip(plain.frames, plain.frames.dropFirst()).first { $0.blocks.first == $1.blocks.first && !$1.blocks.isEmpty })
        #expect(repeated.0.blocks[0].lines == repeated.1.blocks[0].lines)
    }

    /// A reference to a block the frame before does not list is named, never guessed.
    @Test func aDanglingReferenceIsNamed() throws {
        let rendered = try Self.render("Hello there, world.")
        var text = try String(contentsOfFile: rendered.path, encoding: .utf8)
        text = text.replacingOccurrences(of: #""blocks":[]"#, with: #""blocks":[{"id":7,"same":true}]"#)
        #expect(throws: InputError.self) { try Manifest.decode(Data(text.utf8), name: "m.json") }
        do {
            _ = try Manifest.decode(Data(text.utf8), name: "m.json")
        } catch {
            #expect("\(error)".contains("block 7 is the same as in the frame before, which does not list it"), "\(error)")
        }
    }
}

/// `render --out` removes only what a render writes, and only inside its output folder.
@Suite struct RenderOutputConfinementTests {
    @Test func aRenderRemovesItsOwnFramesAndNothingElse() throws {
        let out = TestSupport.temporaryDirectory("confined")
        let frames = out + "/frames"
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        for name in ["000000.png", "000123.png", "diagram.png", "12.png", "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: frames + "/" + name, contents: Data([1])))
        }
        try RenderOutput.prepare(URL(fileURLWithPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames).sorted() == ["12.png", "diagram.png", "notes.txt"])
    }

    @Test func aSymlinkedFramesFolderIsRefused() throws {
        let out = TestSupport.temporaryDirectory("symlinked")
        let elsewhere = TestSupport.temporaryDirectory("elsewhere")
        #expect(FileManager.default.createFile(atPath: elsewhere + "/000000.png", contents: Data([1])))
        try FileManager.default.createSymbolicLink(atPath: out + "/frames", withDestinationPath: elsewhere)
        #expect { try RenderOutput.prepare(URL(fileURLWithPath: out)) } throws: { "\($0)".contains("a symbolic link") }
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/000000.png"))
    }
}
