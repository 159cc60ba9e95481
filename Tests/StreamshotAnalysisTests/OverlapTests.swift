import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// `overlap`: ink over ink, from the lines' ink extents.
@Suite struct OverlapTests {
    private static func render(_ network: NetworkProfile = .instant) throws -> Manifest {
        var options = Fixtures.smallOptions()
        options.encodesFrames = false
        return try Fixtures.job(
            "يلتزم المستأجر بدفع الأجرة في موعدها المحدد من كل شهر، وفي حال التأخر تستحق غرامة يومية.\n\nThe second paragraph.\n",
            network: network, options: options
        ).render { _, _ in }
    }

    private static func findings(_ manifest: Manifest) -> [Finding] {
        Detector.check(manifest).detectors.first { $0.name == "overlap" }!.findings
    }

    /// The reference sets lines apart; the same frame with the first paragraph's second line
    /// pulled up a line pitch less 4 px (two lines' glyphs on each other) is caught.
    @Test func twoLinesDrawnOnEachOtherAreCaught() throws {
        let manifest = try Self.render()
        #expect(Self.findings(manifest).isEmpty)
        var edited = manifest
        let last = edited.frames.count - 1
        var block = edited.frames[last].blocks[0]
        #expect(block.lines.count >= 2)
        let rise = block.linePitch - 4
        block.lines[1].y -= rise
        block.lines[1].baseline -= rise
        block.lines[1].inkTop! -= rise
        block.lines[1].inkBottom! -= rise
        edited.frames[last].blocks[0] = block
        let findings = Self.findings(edited)
        let finding = try #require(findings.first)
        #expect(finding.kind == .inkOverlapped && finding.frameIndex == last && finding.blockId == 0)
        #expect(finding.message.hasPrefix("block 0: line 0's ink reaches"))
        #expect(finding.message.hasSuffix("a reader sees the glyphs of two lines drawn on each other"))
    }

    /// The caret over the glyphs of a line it does not end (a line above the one being typed).
    @Test func aCaretOverAnotherLinesGlyphsIsCaught() throws {
        let manifest = try Self.render(.steady)
        #expect(Self.findings(manifest).isEmpty)
        var edited = manifest
        let index = try #require(edited.frames.lastIndex { $0.caret != nil && $0.blocks.count == 2 })
        let line = edited.frames[index].blocks[0].lines[0]
        edited.frames[index].caret?.blockId = 1
        edited.frames[index].caret?.x = line.x + line.width / 2
        edited.frames[index].caret?.y = line.inkTop!
        edited.frames[index].caret?.height = line.inkBottom! - line.inkTop!
        let finding = try #require(Self.findings(edited).first)
        #expect(finding.message.hasPrefix("the caret covers block 0 line 0's ink"))
    }
    /// A transcript rendered as given (text, activity, an ending), frames not encoded.
    private static func render(_ events: [StreamEvent], options: RenderOptions = Fixtures.smallOptions()) throws -> Manifest {
        var options = options
        options.encodesFrames = false
        return try RenderJob(input: .transcript(Transcript(events: events)), options: options, fontsDirectory: Fixtures.fontsDirectory)
            .render { _, _ in }
    }

    /// An ending's notice is drawn as the notice block it stands for: a stream that fails, times
    /// out or is refused passes, in Arabic and English.
    @Test(arguments: [StreamEvent.Kind.error("upstream failed"), .unauthorized("HTTP 401"), .reconnect("lost")])
    func anEndingsNoticeIsNoOverlap(_ ending: StreamEvent.Kind) throws {
        for text in ["يلتزم المستأجر بدفع الأجرة في موعدها.", "The tenant pays the rent on time."] {
            let manifest = try Self.render([StreamEvent(timeMs: 0, kind: .delta(text)), StreamEvent(timeMs: 400, kind: ending)])
            #expect(manifest.frames.contains { frame in frame.blocks.contains { $0.kind == .notice } } || ending == .reconnect("lost"))
            #expect(Self.findings(manifest).isEmpty, "\(Self.findings(manifest).map(\.message))")
        }
    }

    /// A long tool name is one line, cut with an ellipsis inside the frame (it once wrapped into
    /// lines drawn over each other and off the left edge); overlays drawn over each other, or past
    /// the frame's side, are caught.
    @Test func aLongToolNameStaysOneLineAndClashingOverlaysAreCaught() throws {
        let name = "lookupCommercialLeaseRegistryEntriesByDistrictCode52"
        for direction in ["يلتزم المستأجر بدفع الأجرة.", "The tenant pays."] {
            let manifest = try Self.render([
                StreamEvent(timeMs: 0, kind: .activity(.toolStarted(name))),
                StreamEvent(timeMs: 1500, kind: .delta(direction)), StreamEvent(timeMs: 1600, kind: .done)
            ])
            let statuses = manifest.frames.flatMap { $0.overlays ?? [] }.filter { $0.kind == .toolStatus }
            let status = try #require(statuses.first)
            #expect(status.x >= 0 && status.x + status.width <= Double(manifest.viewport.width))
            #expect(Self.findings(manifest).isEmpty, "\(Self.findings(manifest).map(\.message))")
        }
        var manifest = try Self.render([StreamEvent(timeMs: 0, kind: .activity(.toolStarted(name))), StreamEvent(timeMs: 900, kind: .done)])
        // On the last frame: overlays drawn over each other must stand there (they do, to the end).
        let index = try #require(manifest.frames.lastIndex { $0.overlays?.contains { $0.kind == .toolStatus } == true })
        manifest.frames.removeLast(manifest.frames.count - 1 - index)
        let overlays = manifest.frames[index].overlays ?? []
        var status = try #require(overlays.first { $0.kind == .toolStatus })
        status.kind = .thinking
        manifest.frames[index].overlays?.append(status)
        #expect(Self.findings(manifest).map(\.message).contains { $0.contains("tool-status and thinking overlays are drawn over each other") })
        status.x = -40
        manifest.frames[index].overlays = [status]
        #expect(Self.findings(manifest).map(\.message).contains { $0.contains("the thinking overlay runs past the frame's side") })
    }

    /// A band pill over a line for a few frames is a line gliding up behind it as the view
    /// follows the answer (read above it a moment later): no cover. Standing on the line for
    /// 250 ms while the view is the client's — following the end, or chasing it unpinned — it
    /// hides the words; over a view the reader dragged away from the end, the pill floats over
    /// their own view, as the new-content pill does.
    @Test func aPillCoversALineOnlyWhenItStaysOnIt() throws {
        let manifest = try Self.render(.steady)
        let last = manifest.frames.count - 1
        let line = try #require(manifest.frames[last].blocks.first?.lines.first)
        func withPill(frames: Range<Int>, pinned: Bool = true, readerDragged: Bool = false) -> Manifest {
            var edited = manifest
            for index in frames {
                edited.frames[index].blocks = manifest.frames[last].blocks
                edited.frames[index].pinned = pinned
                edited.frames[index].overlays = [
                    Frame.Overlay(
                        kind: .slowConnection, text: "Slow connection", x: line.x, y: line.inkTop!,
                        width: max(40, line.width), height: line.inkBottom! - line.inkTop!)
                ]
            }
            if readerDragged {
                edited.interactions = [Manifest.Interaction(timeMs: edited.frames[frames.lowerBound].timeMs, action: "scroll", by: -400)]
            }
            return edited
        }
        let fps = manifest.fps
        let passing = Int(0.2 * fps)
        let standingFrames = (last - 30)..<(last - 30 + Int(0.3 * fps))
        #expect(Self.findings(withPill(frames: (last - 20)..<(last - 20 + passing))).isEmpty)
        let standing = Self.findings(withPill(frames: standingFrames))
        #expect(standing.contains { $0.message.hasPrefix("the slow-connection overlay covers block 0 line 0's ink") }, "\(standing.map(\.message))")
        let chasing = Self.findings(withPill(frames: standingFrames, pinned: false))
        #expect(chasing.contains { $0.message.hasPrefix("the slow-connection overlay covers block 0 line 0's ink") }, "\(chasing.map(\.message))")
        #expect(Self.findings(withPill(frames: standingFrames, pinned: false, readerDragged: true)).isEmpty)
    }
}
