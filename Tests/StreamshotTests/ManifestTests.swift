import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotManifest
@testable import StreamshotModel

/// The manifest has one schema (the Codable model) and one writer; a file read back and written
/// again is the same bytes.
@Suite struct ManifestTests {
    static func render(profile: Bool) throws -> (path: String, manifest: Manifest) {
        let out = TestSupport.temporaryDirectory("manifest-roundtrip")
        var options = TestSupport.smallOptions()
        options.heightPt = 300
        let transcript = Transcript(
            events: [
                StreamEvent(timeMs: 100, kind: .delta("# عنوان\n\nنص أول.\n\n")),
                StreamEvent(timeMs: 400, kind: .reconnect("resumed with Last-Event-ID")),
                StreamEvent(timeMs: 900, kind: .delta("- item one\n- item two\n\n```swift\nlet x = 1\n```\n")),
                StreamEvent(timeMs: 1000, kind: .done)
            ], skipped: ["usage": 1], format: "product", network: NetworkTiming(profile: "steady", seed: 7))
        let result = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
            .render(transcript, options: options, to: out, profile: profile)
        return (result.manifestPath, try result.manifest)
    }

    @Test(arguments: [false, true])
    func aWrittenManifestReadsBackAndWritesTheSameBytes(profiled: Bool) throws {
        let (path, _) = try Self.render(profile: profiled)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let read = try Manifest.read(from: path)
        #expect(Data(try read.jsonText().utf8) == bytes)
        #expect(read.frames.allSatisfy { ($0.costMs != nil) == profiled })
    }

    /// The render writes each frame's record as it is made and the manifest once, in place: the
    /// same bytes as the whole manifest written at once, no scratch file left, and a render stopped
    /// midway leaves no manifest at all.
    @Test func theManifestIsWrittenAsFramesAreMadeAndPutInPlaceAtOnce() throws {
        let (path, manifest) = try Self.render(profile: false)
        #expect(FileManager.default.contents(atPath: path) == Data(try manifest.jsonText().utf8))
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["frames", "manifest.json"])

        struct Stop: Error {}
        var options = TestSupport.smallOptions()
        options.heightPt = 300
        #expect(throws: Stop.self) {
            _ = try Renderer(fontsDirectory: TestSupport.fontsDirectory).render(
                TestSupport.transcript("نص يكفي لعدة إطارات، ثم يتوقف العرض."), options: options, to: folder
            ) { frame in
                if frame.index == 5 { throw Stop() }
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["frames"])
    }

    @Test func typedFieldsAreWrittenAsTheDocumentedStrings() throws {
        let (path, manifest) = try Self.render(profile: false)
        let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "{\"version\":\(Manifest.currentVersion),")
        #expect(text.contains("\"options\":{\"alignmentResolution\":\"css\",\"bidiControls\":\"show\",\"blockDirection\":\"auto\""))
        #expect(text.contains("\"network\":\"steady\""))
        // Version 3's typed options: the seed a number, the timeout an object, Bold Text a bool.
        #expect(text.contains("\"seed\":7,"))
        #expect(text.contains("\"timeout\":{\"ms\":60000,\"resets\":true}") && text.contains("\"boldText\":false"))
        #expect(text.contains("{\"kind\":\"reconnect\",\"message\":"))
        // One frame per line, each a JSON object of its own; the direction is null until decided.
        let frameLines = lines.filter { $0.hasPrefix("{\"index\":") }
        #expect(frameLines.count == manifest.frames.count)
        #expect(frameLines.first?.contains("\"direction\":null") == true)
        for line in frameLines.prefix(3) {
            #expect(try JSONSerialization.jsonObject(with: Data(line.dropLast(line.hasSuffix(",") ? 1 : 0).utf8)) is [String: Any])
        }
        let kinds = Set(manifest.blocks.map(\.kind))
        #expect(kinds == [.heading, .paragraph, .code])
        #expect(text.contains(#""containers":[{"kind":"listItem","id":0,"depth":0,"ordered":false}]"#))
        #expect(text.contains("\"align\":\"right\""))
    }

    @Test func integersOfEveryWidthAreWrittenExactly() throws {
        struct Wide: Encodable {
            let a: UInt64
            let b: Int8
            let c: Int32
            let d: Float
        }
        let value = try JSONValueEncoder().encode(Wide(a: UInt64.max, b: -8, c: 1 << 30, d: 0.125))
        #expect(value.text() == #"{"a":18446744073709551615,"b":-8,"c":1073741824,"d":0.13}"#)
    }

    @Test func numbersAreRoundedAsDocumented() throws {
        var frame = Frame(
            index: 3, timeMs: 50.000_001, file: "frames/000003.png", revealedChars: 1, bufferedChars: 2,
            pendingChars: 0, scroll: 12.345_6, typingIndicator: false, direction: .rtl, ended: false,
            reconnecting: false, caret: nil, costMs: [.paint: 1.234_56, .encode: 2], blocks: [])
        #expect(
            try Manifest.jsonLine(frame)
                == #"{"index":3,"timeMs":50,"file":"frames/000003.png","revealedChars":1,"bufferedChars":2,"pendingChars":0,"scroll":12.35,"typingIndicator":false,"direction":"rtl","ended":false,"reconnecting":false,"costMs":{"encode":2,"paint":1.235},"blocks":[]}"#
        )
        frame.costMs = nil
        frame.direction = nil
        #expect(try Manifest.jsonLine(frame).contains(#""direction":null,"ended":false,"reconnecting":false,"blocks":[]}"#))
    }
}
