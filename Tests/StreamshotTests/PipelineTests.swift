import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// End-to-end rules, asserted on what each frame shows.
@Suite struct PipelineTests {
    static let arabicOver3G = TestSupport.transcript(TestSupport.example("ar-lease.md"), network: .threeG, seed: 4)

    @Test func directionsNeverChangeOnceShown() throws {
        let (scenes, loop) = try TestSupport.scenes(Self.arabicOver3G, options: TestSupport.smallOptions())
        #expect(loop.responseDirection == .rtl)
        var seen: [Int: WritingDirection] = [:]
        for scene in scenes {
            for visible in scene.blocks {
                let block = visible.placed.layout
                if let direction = seen[block.blockId] { #expect(direction == block.direction) }
                seen[block.blockId] = block.direction
            }
        }
        #expect(seen.count >= 10)
        #expect(seen.values.allSatisfy { $0 == .rtl })
    }

    @Test func arabicLinePitchIsExactlyOnePointEightTimesTheFontSize() throws {
        let (scenes, _) = try TestSupport.scenes(Self.arabicOver3G, options: TestSupport.smallOptions())
        var checkedLines = 0
        for scene in scenes {
            for visible in scene.blocks where visible.placed.decision.pitch.isArabic {
                let block = visible.placed.layout
                guard block.linePitch > 0 else { continue }
                #expect(abs(block.linePitch - 1.8 * block.fontSize) < 1e-9)
                let baselines = block.lines.map(\.baseline)
                for (a, b) in zip(baselines, baselines.dropFirst()) where b > a {
                    #expect(abs((b - a) - block.linePitch) < 1e-9)
                }
                for line in block.lines { #expect(abs(line.height - block.linePitch) < 1e-9) }
                checkedLines += block.lines.count
            }
        }
        #expect(checkedLines > 1000)
    }

    @Test func mixedLinesWithLatinFallbackKeepThePitch() throws {
        // A wrapped line that is mostly Latin (Noto Sans fallback inside a Naskh block).
        let text = "المستأجِر: مؤسسة النخبة للتجارة (Elite Trading Establishment International Holdings Ltd.) ويمثلها مالكها الحالي."
        let (scenes, _) = try TestSupport.scenes(TestSupport.transcript(text, network: .instant), options: TestSupport.smallOptions())
        let block = scenes.last!.blocks[0].placed.layout
        #expect(block.lines.count >= 3)
        let baselines = block.lines.map(\.baseline)
        for (a, b) in zip(baselines, baselines.dropFirst()) {
            #expect(abs((b - a) - 1.8 * block.fontSize) < 1e-9)
        }
    }

    @Test func newBlocksFadeInOverOneHundredFiftyMilliseconds() throws {
        let options = TestSupport.smallOptions()
        let (scenes, _) = try TestSupport.scenes(Self.arabicOver3G, options: options)
        var checked = 0
        for scene in scenes {
            for visible in scene.blocks {
                // The fade as it stands at the end of the frame, so a block is drawn on its first
                // frame; on the frame clock to 1/100 ms, so every block fades alike wherever it starts.
                let elapsed = scene.timeMs - visible.placed.decision.shownAtMs
                let faded = ((elapsed + options.frameMs) * 100).rounded() / 100
                let expected = faded >= 150 ? 1 : 1 - pow(1 - faded / 150, 3)
                #expect(abs(visible.opacity - expected) < 1e-9)
                if elapsed == 0 { #expect(visible.opacity > 0) }
                if elapsed > 0 && elapsed < 150 { checked += 1 }
            }
        }
        #expect(checked > 20)
    }

    @Test func shownContentNeverJumpsAndTheViewStaysPinned() throws {
        var options = TestSupport.smallOptions()
        options.heightPt = 400
        let (scenes, loop) = try TestSupport.scenes(Self.arabicOver3G, options: options)
        var tops: [Int: Double] = [:]
        var previousScroll = 0.0
        var previousEnded = false
        for scene in scenes {
            #expect(scene.scroll >= previousScroll, "frame \(scene.index): the view scrolled back")
            // While it streams the view follows smoothly; the frame `done` arrives on flushes the
            // buffer at once (000's rule), and 3g brings the answer faster than the buffer shows it.
            if !(scene.content.streamEnded && !previousEnded) {
                #expect(scene.scroll - previousScroll < 60, "frame \(scene.index): scroll jumped by \(scene.scroll - previousScroll)")
            }
            previousEnded = scene.content.streamEnded
            previousScroll = scene.scroll
            for visible in scene.blocks {
                let id = visible.placed.layout.blockId
                if let top = tops[id] { #expect(top == visible.placed.top, "block \(id) moved in the document") }
                tops[id] = visible.placed.top
            }
        }
        let last = scenes.last!
        #expect(last.scroll > 0)
        let bottom = loop.placedBlocks.last!.bottom - last.scroll
        #expect(abs(bottom - (Double(options.heightPx) - options.theme.bottomInset * options.scale)) < 0.5, "the composer's inset stays below")
    }

    @Test func theCaretSitsAtTheLogicalEndLeftInRTL() throws {
        let (scenes, _) = try TestSupport.scenes(Self.arabicOver3G, options: TestSupport.smallOptions())
        var checked = 0
        for scene in scenes {
            guard let id = scene.overlays.caretBlockId, let visible = scene.blocks.first(where: { $0.placed.layout.blockId == id }),
                let caret = visible.placed.layout.caret, let line = visible.placed.layout.lines.last,
                case .paragraph = visible.placed.layout.kind
            else { continue }
            #expect(caret.x + caret.width <= line.x + 0.01, "frame \(scene.index): caret right of the last line's left end")
            #expect(caret.x >= line.x - 6)
            checked += 1
        }
        #expect(checked > 50)
    }

    @Test func diacriticsAreNotClipped() throws {
        let (scenes, _) = try TestSupport.scenes(
            TestSupport.transcript(TestSupport.example("ar-vocalized.md"), network: .instant),
            options: TestSupport.smallOptions())
        let placed = scenes.last!.blocks[0].placed
        // Ink stays inside the line boxes: stacked harakat fit in the half-leading.
        #expect(placed.layout.inkExtent.top >= 0)
        #expect(placed.top + placed.layout.inkExtent.top > 0)
    }

    @Test func renderingTwiceGivesIdenticalBytes() throws {
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        let transcript = TestSupport.transcript(TestSupport.example("en-ar-mixed.md"), network: .steady, seed: 2)
        var options = TestSupport.smallOptions()
        options.heightPt = 300
        let a = TestSupport.temporaryDirectory("twice-a")
        let b = TestSupport.temporaryDirectory("twice-b")
        let first = try renderer.render(transcript, options: options, to: a)
        let second = try Renderer(fontsDirectory: TestSupport.fontsDirectory).render(transcript, options: options, to: b)
        #expect(first.frameCount == second.frameCount)
        #expect(first.distinctFrames > 10)
        let files = try FileManager.default.contentsOfDirectory(atPath: a + "/frames").sorted()
        #expect(files.count == first.frameCount)
        for file in files {
            let x = FileManager.default.contents(atPath: a + "/frames/" + file)
            let y = FileManager.default.contents(atPath: b + "/frames/" + file)
            #expect(x != nil && x == y, "\(file) differs")
        }
        #expect(FileManager.default.contents(atPath: a + "/manifest.json") == FileManager.default.contents(atPath: b + "/manifest.json"))
    }

    @Test func theManifestIsValidJSONWithTheDocumentedFields() throws {
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        let out = TestSupport.temporaryDirectory("manifest")
        var options = TestSupport.smallOptions()
        options.heightPt = 300
        let result = try renderer.render(TestSupport.transcript("# عنوان\n\nنص قصير هنا.", network: .steady), options: options, to: out)
        let path = result.manifestPath
        let data = try #require(FileManager.default.contents(atPath: path))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(manifest["version"] as? Int == Manifest.currentVersion)
        #expect(manifest["direction"] as? String == "rtl")
        #expect((manifest["viewport"] as? [String: Any])?["width"] as? Int == 390)
        let frames = try #require(manifest["frames"] as? [[String: Any]])
        #expect(frames.count == result.frameCount)
        let last = try #require(frames.last)
        for key in ["index", "timeMs", "file", "revealedChars", "bufferedChars", "blocks"] { #expect(last[key] != nil, "\(key)") }
        // The last record of the first block written in full: later frames that show it unchanged refer to it.
        let records = frames.compactMap { ($0["blocks"] as? [[String: Any]])?.first }
        let block = try #require(records.last { $0["same"] == nil })
        #expect(records.last?["same"] as? Bool == true, "the final frames repeat the finished block")
        #expect(Set(records.last?.keys.map { $0 } ?? []) == ["id", "same"])
        for key in ["id", "kind", "direction", "align", "opacity", "fontSize", "linePitch", "lines"] { #expect(block[key] != nil, "\(key)") }
        let line = try #require((block["lines"] as? [[String: Any]])?.first)
        for key in ["x", "y", "width", "height", "baseline"] { #expect(line[key] != nil, "\(key)") }
        #expect(FileManager.default.fileExists(atPath: out + "/" + (last["file"] as! String)))
    }

    /// An answer with no text renders its ending, not an error: the reference says it came back empty.
    @Test func anEmptyAnswerRendersItsEnding() throws {
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        let result = try renderer.render(
            Transcript(events: [StreamEvent(timeMs: 0, kind: .done)]), options: TestSupport.smallOptions(),
            to: TestSupport.temporaryDirectory("empty"))
        #expect(result.header.ending?.kind == .done)
        #expect(result.header.blocks.map(\.kind) == [.notice])
    }

    @Test func aMissingDoneAndARewriteAreWarningsAndNothingIsLost() throws {
        let transcript = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .snapshot("The first draft ")),
            StreamEvent(timeMs: 2000, kind: .snapshot("The second draft is better."))
        ])
        // A client without a timeout (003's) leaves a stream that never says done as it stood.
        var options = TestSupport.smallOptions()
        options.client = .swiftUI
        let (scenes, loop) = try TestSupport.scenes(transcript, options: options)
        #expect(loop.warnings.map(\.kind.rawValue).sorted() == ["missing-done", "rewrite"])
        #expect(scenes.last!.blocks.map(\.placed.layout.text) == ["The second draft is better."])
        #expect(loop.ending?.kind == .incomplete)
    }
}

@Suite struct EncodingAndProfileTests {
    @Test func parallelEncodingWritesTheSameBytesAsOneThread() throws {
        let transcript = TestSupport.transcript(TestSupport.example("ar-lease.md"), network: .fourG, seed: 2)
        var options = TestSupport.smallOptions()
        options.heightPt = 300
        var single: [[UInt8]] = []
        var parallel: [[UInt8]] = []
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        options.encoderThreads = 1
        let a = try renderer.render(transcript, options: options) { _, png in single.append(png) }
        options.encoderThreads = 3
        let b = try renderer.render(transcript, options: options) { _, png in parallel.append(png) }
        #expect(single.count == parallel.count)
        #expect(single == parallel)
        #expect(a.frames.map(\.index) == Array(0..<a.frames.count))
        #expect(a.frames == b.frames)
    }

    @Test func profilingMeasuresEveryStageWithoutChangingTheRender() throws {
        let transcript = TestSupport.transcript(TestSupport.example("en-ar-mixed.md"), network: .steady)
        var options = TestSupport.smallOptions()
        options.heightPt = 300
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        var plain: [[UInt8]] = []
        var profiled: [[UInt8]] = []
        _ = try renderer.render(transcript, options: options) { _, png in plain.append(png) }
        let manifest = try renderer.render(transcript, options: options, profile: true) { _, png in profiled.append(png) }
        #expect(plain == profiled)
        let costs = manifest.frames.compactMap(\.costMs)
        #expect(costs.count == manifest.frames.count)
        #expect(costs.allSatisfy { $0[.paint]! > 0 && $0[.write] != nil && $0[.encode] != nil })
        #expect(costs.contains { ($0[.layout] ?? 0) > 0 })
        #expect(costs.contains { ($0[.pacing] ?? 0) > 0 && ($0[.parse] ?? 0) > 0 })
    }
}
