import Foundation
import Streamshot
import StreamshotGraphics
import Testing

@testable import StreamshotReview

@Suite struct ReviewTests {
    @Test func reviewWritesTheSheetTheTimelineTheAnimationAndTheReport() throws {
        let path = try Fixtures.render("raw", pacing: .raw)
        let render = try RenderDirectory(path: path)
        let output = try Review(render: render, fonts: try Fixtures.makeFonts()).write(to: path + "/review", ffmpeg: nil)
        let sheet = try PNGDecoder.decode([UInt8](FileManager.default.contents(atPath: output.contactSheet)!))
        #expect(sheet.width > 1000)
        let timeline = try PNGDecoder.decode([UInt8](FileManager.default.contents(atPath: output.timeline)!))
        #expect(timeline.width == 1600)
        #expect(output.videoNote?.contains("ffmpeg is not installed") == true)

        // The animation is a real APNG: one fcTL per frame, delays summing to the stream's length.
        let apng = [UInt8](FileManager.default.contents(atPath: output.animation)!)
        let chunks = AnimatedPNG.chunks(of: apng)
        let actl = try #require(chunks.first { $0.type == "acTL" })
        let frameCount = Int(actl.data[0]) << 24 | Int(actl.data[1]) << 16 | Int(actl.data[2]) << 8 | Int(actl.data[3])
        let controls = chunks.filter { $0.type == "fcTL" }
        #expect(controls.count == frameCount)
        #expect(frameCount > 20)
        let delays = controls.map { Double(Int($0.data[20]) << 8 | Int($0.data[21])) }
        // Up to the last change; the settled frames after it (fade end, hold) add no animation frame.
        #expect(delays.dropLast().reduce(0, +) <= render.manifest.frames.last!.timeMs)
        #expect(delays.dropLast().reduce(0, +) > render.manifest.frames.last!.timeMs - 500)
        #expect(chunks.contains { $0.type == "fdAT" })

        // The report references frames by path and inlines none.
        let html = try String(contentsOfFile: output.report, encoding: .utf8)
        #expect(!html.contains("base64"))
        #expect(html.contains("\"frames/000000.png\""))
        #expect(html.contains("review/timeline.png"))
        #expect(html.contains("data-frame="))
    }

    @Test func keyFramesAreFirstTextEachBlockShownTimedAndFinal() throws {
        let render = try RenderDirectory(path: try Fixtures.render("smooth", pacing: .smooth))
        let keys = KeyFrames.select(render.manifest, everyMs: 2000)
        #expect(keys.first?.reason.hasPrefix("first text") == true)
        #expect(keys.last?.reason == "final")
        #expect(keys.contains { $0.reason.contains("block 3 opaque") })
        #expect(keys.contains { $0.reason == "t=2 s" })
        // Each named block is fully opaque in its key frame, and was not yet in the frame before.
        for key in keys {
            for id in Self.opaqueBlockIds(in: key.reason) {
                #expect(key.frame.blocks.first { $0.id == id }?.opacity == 1, "frame \(key.frame.index): block \(id) is not opaque")
                let before = render.manifest.frames[key.frame.index - 1]
                #expect((before.blocks.first { $0.id == id }?.opacity ?? 0) < 1, "frame \(key.frame.index): block \(id) was opaque already")
            }
        }
    }

    /// The ids in a reason like "first text, block 2 opaque, block 3 opaque".
    static func opaqueBlockIds(in reason: String) -> [Int] {
        reason.split(separator: ",").compactMap { part in
            let words = part.split(separator: " ")
            return words.count == 3 && words[0] == "block" && words[2] == "opaque" ? Int(words[1]) : nil
        }
    }

    @Test func compareLinesUpRawAndSmoothByTime() throws {
        let raw = try RenderDirectory(path: try Fixtures.render("cmp-raw", pacing: .raw))
        let smooth = try RenderDirectory(path: try Fixtures.render("cmp-smooth", pacing: .smooth))
        let out = Fixtures.temporaryDirectory("compare")
        // The lease over 3g arrives in about 3 s: a moment a second.
        var steps: [Int] = []
        let result = try Comparison(a: raw, b: smooth, fonts: try Fixtures.makeFonts()).write(to: out, everyMs: 1000, animation: true) {
            done, total in
            steps.append(done)
            #expect(done <= total)
        }
        #expect(steps == steps.sorted() && !steps.isEmpty, "progress only goes forward")
        let sheet = try PNGDecoder.decode([UInt8](FileManager.default.contents(atPath: result.contactSheet)!))
        #expect(sheet.width > 1500)  // three columns of A | B | diff
        let animation = [UInt8](FileManager.default.contents(atPath: try #require(result.animation))!)
        #expect(AnimatedPNG.chunks(of: animation).contains { $0.type == "acTL" })
        #expect(animation.count < 5_000_000)
        // Without asking, no animation.
        #expect(try Comparison(a: raw, b: smooth, fonts: try Fixtures.makeFonts()).write(to: out + "-sheet").animation == nil)
        #expect(raw.frame(at: 2000).timeMs <= 2000 && raw.frame(at: 2000).timeMs > 1980)
    }

    static let browserAvailable =
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    /// The report in a real browser: scrub to a frame and check what is shown.
    @Test(.enabled(if: browserAvailable, "Chromium is not installed (apt-get install chromium): the browser test is skipped"))
    func theReportScrubsInHeadlessChromium() throws {
        let path = try Fixtures.render("browser", pacing: .raw)
        let output = try Review(render: try RenderDirectory(path: path), fonts: try Fixtures.makeFonts()).write(to: path + "/review", ffmpeg: nil)
        let (status, shown) = try Fixtures.runScript("check_report.py", [output.report, "123"])
        #expect(status == 0)
        #expect(shown["src"] as? String == "frames/000123.png")
        #expect(shown["loaded"] as? Bool == true)
        #expect(shown["width"] as? Int == 390)
        #expect((shown["info"] as? String)?.hasPrefix("frame 123\ntime 2050 ms") == true)
        #expect(shown["timelineLoaded"] as? Bool == true)
        let linked = try #require(shown["linked"] as? [String: Int])
        #expect(linked["target"] == linked["shown"])
        // It opens on the first frame with text, a frame is linked to by its address, and the
        // address follows the frame shown.
        let manifest = try Manifest.read(from: path + "/manifest.json")
        #expect(shown["opened"] as? Int == manifest.frames.first { $0.revealedChars > 0 }?.index)
        #expect(shown["deepLinked"] as? Int == 5)
        #expect(shown["hash"] as? String == "#frame=123")
    }
}
