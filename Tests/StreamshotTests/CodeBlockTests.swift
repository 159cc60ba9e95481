import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Code blocks as the chat apps draw them: headed by their language, cut at the box's edge under
/// a fade, and dragged sideways by the reader as a table is.
@Suite struct CodeBlockTests {
    static let narrow = "```json\n{\"days\": 60}\n```\n"
    static let wide = "```sh\ncontract-check --keys returned --jurisdiction \"jurisdiction:AE-DU\" --notice-days 60 lease.json\n```\n"

    /// The code blocks on the last frame of `markdown` rendered on an iPhone SE with `actions`.
    private func lastFrame(_ markdown: String, _ actions: [ReaderAction] = [], options more: String = "") throws -> (
        scene: FrameScene, blocks: [Frame.Block]
    ) {
        var settings = try RenderSettings(arguments: "--device iphone-se \(more)")
        settings.fonts = TestSupport.fontsDirectory
        var options = try settings.renderOptions()
        options.interactions = actions
        let scene = try #require(try TestSupport.scenes(TestSupport.transcript(markdown, network: .instant), options: options).scenes.last)
        return (scene, scene.manifestFrame(file: "").blocks.filter { $0.kind == .code })
    }

    private func drags(_ points: [Double]) -> [ReaderAction] {
        points.enumerated().map { ReaderAction(timeMs: 3000 + Double($0.offset) * 500, kind: .scrollTable(byPt: $0.element)) }
    }

    /// A fence's language heads its block, above the code, muted and not the answer's text; a
    /// fence without one has no label.
    @Test func theLanguageHeadsTheBlock() throws {
        let (scene, blocks) = try lastFrame(Self.narrow + "\n```\nplain\n```\n")
        let labelled = try #require(scene.blocks.first { $0.placed.layout.blockId == blocks[0].id }).placed.layout
        let label = try #require(labelled.pieces.first { !$0.isContent })
        let code = try #require(labelled.pieces.first { $0.isContent })
        #expect(label.layout.text == "json")
        if case .secondaryText = label.color {} else { Issue.record("the label is muted: \(label.color)") }
        #expect(code.top >= label.top + label.height, "the code starts under its label")
        #expect(blocks[0].lines.count == 1, "the label is not one of the block's lines")
        let bare = try #require(scene.blocks.first { $0.placed.layout.blockId == blocks[1].id }).placed.layout
        #expect(bare.pieces.count == 1)
    }

    /// `scroll-table` drags the last code block wider than the column: toward its end and back,
    /// never past either end; a block that fits is never moved.
    @Test func aReaderDragsAWideCodeBlockSideways() throws {
        let markdown = Self.wide + "\nThen the file:\n\n" + Self.narrow
        let scale = 2.0  // iphone-se
        let start = try lastFrame(markdown).blocks
        #expect(start.allSatisfy { $0.tableScroll == nil })
        let dragged = try lastFrame(markdown, drags([100])).blocks
        #expect(dragged[0].tableScroll == 100 * scale, "the wide block moved, though the narrow one came after it")
        #expect(dragged[1].tableScroll == nil)
        let pastTheEnd = try #require(try lastFrame(markdown, drags([100, 5000])).blocks[0].tableScroll)
        #expect(pastTheEnd > 100 * scale && pastTheEnd < 5000 * scale, "stops at its end: \(pastTheEnd)")
        #expect(try lastFrame(markdown, drags([100, -400])).blocks[0].tableScroll == nil, "back to its start, no further")
    }

    /// Dragged, the block fades where it continues on both sides; its label stays put, clear of the fades.
    @Test func aDraggedBlockFadesAtBothEdgesAndKeepsItsLabel() throws {
        let (scene, blocks) = try lastFrame(Self.wide, drags([60]))
        let layout = try #require(scene.blocks.first { $0.placed.layout.blockId == blocks[0].id }).placed.layout
        let fades = layout.decorations.filter(\.isFade)
        #expect(fades.count == 2)
        let label = try #require(layout.pieces.first { !$0.isContent })
        #expect(fades.allSatisfy { $0.y >= label.top + label.height - 1 })
    }

    /// A client that wraps code (`--code-overflow wrap`) breaks a long line inside the block: every
    /// line and all its letters are in the box, nothing fades, and there is nothing to drag.
    @Test func aWrappingClientKeepsEveryLetterInTheBox() throws {
        let (scene, blocks) = try lastFrame(Self.wide, drags([60]), options: "--code-overflow wrap")
        let layout = try #require(scene.blocks.first { $0.placed.layout.blockId == blocks[0].id }).placed.layout
        let code = try #require(layout.pieces.first { $0.isContent })
        let box = try #require(code.visibleX)
        #expect(code.layout.lines.count >= 3, "the line wraps: \(code.layout.lines.count) lines")
        for line in code.layout.lines {
            #expect(
                code.x + line.x >= box.lowerBound - 0.5 && code.x + line.x + line.width <= box.upperBound + 0.5,
                "a line runs past the box: \(code.x + line.x)..\(code.x + line.x + line.width) in \(box)")
        }
        #expect(layout.decorations.filter(\.isFade).isEmpty, "no fade: nothing runs on")
        #expect(blocks[0].tableScroll == nil, "the reader's drag has nothing to move")
        let letters = code.layout.text.filter { !$0.isWhitespace }
        #expect(letters == Self.wide.split(separator: "\n")[1].filter { !$0.isWhitespace }, "every letter of the line is drawn")
    }
}
