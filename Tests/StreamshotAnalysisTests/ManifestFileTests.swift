import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// A manifest on disk is read a frame at a time, and says the same as the manifest read whole:
/// the same frames, the same verdict, the same errors with their place.
@Suite struct ManifestFileTests {
    static func rendered(_ name: String) throws -> (path: String, manifest: Manifest) {
        let out = Fixtures.temporaryDirectory(name)
        let job = Fixtures.job(Fixtures.example("ar-lease.md"), network: .threeG, seed: 4)
        _ = try job.render(to: out)
        let path = out + "/manifest.json"
        return (path, try Manifest.read(from: path))
    }

    @Test func aFrameAtATimeReadsWhatTheWholeReaderReads() throws {
        let (path, manifest) = try Self.rendered("manifest-file")
        let file = try ManifestFile(path: path)
        var header = manifest
        header.frames = []
        #expect(file.header == header)
        #expect(file.frameCount == manifest.frames.count && file.frameCount > 50)
        var seen = 0
        try file.forEachFrame { frame in
            #expect(frame == manifest.frames[seen])
            seen += 1
        }
        #expect(seen == manifest.frames.count)
    }

    @Test func theVerdictIsTheSameFrameByFrame() throws {
        let (path, manifest) = try Self.rendered("manifest-file-check")
        let pixels = FramePixelSource.directory((path as NSString).deletingLastPathComponent)
        let whole = Detector.check(manifest, pixels: pixels)
        let streamed = try Detector.check(try ManifestFile(path: path), pixels: pixels)
        #expect(CheckReportText.json(streamed) == CheckReportText.json(whole))
        #expect(whole.detectors.first { $0.name == "contrast" }?.notJudged == nil)
    }

    /// Any JSON layout reads the same: pretty-printed, keys sorted (so `frames` is no longer
    /// last), text with brackets, commas, quotes and escapes inside strings.
    @Test func anyJSONLayoutIsReadTheSame() throws {
        var (path, manifest) = try Self.rendered("manifest-file-layout")
        let tricky = "], {\"frames\": [1, 2]} \\ \u{2028} ،"
        manifest.frames[1].overlays = [Frame.Overlay(kind: .progress, text: tricky, x: 1, y: 2, width: 3, height: 4)]
        let object = try JSONSerialization.jsonObject(with: Data(try manifest.jsonText().utf8))
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        let prettyText = String(decoding: pretty, as: UTF8.self)
        #expect(prettyText.range(of: "\n  \"frames\"")!.lowerBound < prettyText.range(of: "\n  \"text\"")!.lowerBound)
        path = Fixtures.temporaryDirectory("manifest-file-pretty") + "/manifest.json"
        try pretty.write(to: URL(fileURLWithPath: path))
        let file = try ManifestFile(path: path)
        #expect(try file.read() == manifest)
        #expect(file.header.text == manifest.text)
        // A key spelled with escapes is the same key.
        let escaped = String(decoding: pretty, as: UTF8.self).replacingOccurrences(of: "\n  \"frames\"", with: "\n  \"fr\\u0061mes\"")
        try escaped.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try ManifestFile(path: path).read() == manifest)
    }

    @Test func aBrokenFrameIsNamedWithItsPlace() throws {
        let (path, _) = try Self.rendered("manifest-file-broken")
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let frameLine = try #require(lines.firstIndex { $0.hasPrefix("{\"index\":2,") })
        func failure(_ edit: (inout [String]) -> Void) throws -> String {
            var edited = lines
            edit(&edited)
            let broken = Fixtures.temporaryDirectory("manifest-file-broken-edit") + "/manifest.json"
            try edited.joined(separator: "\n").write(toFile: broken, atomically: true, encoding: .utf8)
            do {
                _ = try ManifestFile(path: broken).read()
                return "read"
            } catch {
                return "\(error)"
            }
        }
        let wrongType = try failure { $0[frameLine] = $0[frameLine].replacingOccurrences(of: "\"timeMs\":", with: "\"timeMs\":\"x\",\"was\":") }
        #expect(wrongType.contains("frames[2].timeMs"), "\(wrongType)")
        let renumbered = try failure { $0[frameLine] = $0[frameLine].replacingOccurrences(of: "{\"index\":2,", with: "{\"index\":7,") }
        #expect(renumbered.contains("frames[2].index 7: expected 2"), "\(renumbered)")
        let cut = try failure { $0.removeLast(3) }
        #expect(cut.contains("the JSON ends before it closes"), "\(cut)")
    }
}
