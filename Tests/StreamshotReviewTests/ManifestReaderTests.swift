import Foundation
import Streamshot
import StreamshotAnalysis
import StreamshotReview
import Testing

/// Issue 14's corrupted manifests and render folders: each read fails with the file and the
/// field named, or is read without a trap.
@Suite struct ManifestReaderTests {
    /// A small render to corrupt, made once.
    static let render: String = {
        let out = Fixtures.temporaryDirectory("manifest-reader")
        var options = RenderOptions()
        options.widthPt = 200
        options.heightPt = 200
        options.scale = 1
        _ = try! RenderJob(
            input: .text("Hello there, world. A second sentence."), network: .instant, options: options,
            fontsDirectory: Fixtures.fontsDirectory
        ).render(to: out)
        return out
    }()

    static var manifestPath: String { (render as NSString).appendingPathComponent("manifest.json") }

    /// The manifest as JSON objects, changed by `change`, decoded again.
    static func read(_ change: (inout [String: Any]) -> Void) throws -> Manifest {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestPath))) as! [String: Any]
        change(&object)
        return try Manifest.decode(try JSONSerialization.data(withJSONObject: object), name: "m.json")
    }

    static func message(_ change: (inout [String: Any]) -> Void) -> String {
        do {
            _ = try read(change)
            return "read without an error"
        } catch {
            return "\(error)"
        }
    }

    static func frames(_ object: [String: Any]) -> [[String: Any]] { object["frames"] as! [[String: Any]] }

    @Test func theRenderReadsBack() throws {
        #expect(try Self.read { _ in }.frames.count > 1)
    }

    @Test func aZeroFpsIsRejectedAndTheCadenceDetectorDoesNotTrapOnOne() throws {
        #expect(Self.message { $0["fps"] = 0 } == "m.json: fps 0.0: expected a number from 1 to 240")
        var manifest = try Self.read { _ in }
        manifest.fps = 0
        _ = Detector.check(manifest)
    }

    @Test func emptyOrReversedOrRenumberedFramesAreRejected() {
        #expect(Self.message { $0["frames"] = [] } == "m.json: frames: empty; a render has at least one frame")
        // Reversed, the first frame is the last, whose blocks repeat a frame before it that is not there.
        let reversed = Self.message { $0["frames"] = Array(Self.frames($0).reversed()) }
        #expect(reversed.contains("m.json: frames[0].index") || reversed.contains("frames[0].blocks"), "\(reversed)")
        #expect(
            Self.message { object in
                var frames = Self.frames(object)
                frames[1]["index"] = 1_000_000_000_000
                object["frames"] = frames
            } == "m.json: frames[1].index 1000000000000: expected 1 (frames are numbered from 0, in order)")
        #expect(
            Self.message { object in
                var frames = Self.frames(object)
                frames[1]["timeMs"] = -1
                object["frames"] = frames
            }.contains("frames[1].timeMs -1.0: expected a time from 0"))
    }

    /// A position or size no pixel can have (±1e19 once trapped `check`, `review` and `compare` in
    /// the contrast judge) is refused where it enters, naming the field.
    @Test func aPositionBeyondAnyFrameIsRefusedNamingIt() {
        for (key, value) in [("x", 1e19), ("width", -1e19), ("y", 1e300)] {
            let message = Self.message { object in
                var frames = Self.frames(object)
                // The first block recorded in full (later frames may refer to it).
                let at = frames.firstIndex { (($0["blocks"] as! [[String: Any]]).first?["lines"] as? [Any])?.isEmpty == false }!
                var blocks = frames[at]["blocks"] as! [[String: Any]]
                var lines = blocks[0]["lines"] as! [[String: Any]]
                lines[0][key] = value
                blocks[0]["lines"] = lines
                frames[at]["blocks"] = blocks
                object["frames"] = frames
            }
            #expect(message.contains("blocks[0].lines[0].\(key) \(value): expected a finite number of pixels within"), "\(message)")
        }
    }

    /// A frame's file is a path inside the render's folder: `/dev/zero` or `../x` is refused.
    @Test func aFrameFileOutsideTheFolderIsRefused() {
        for file in ["/dev/zero", "../../etc/passwd", "javascript:alert(1)"] {
            let message = Self.message { object in
                var frames = Self.frames(object)
                frames[0]["file"] = file
                object["frames"] = frames
            }
            #expect(message.contains("frames[0].file \"\(file)\": expected a PNG's path inside the render's folder"), "\(message)")
        }
    }

    @Test func aFloatWhereAnIntegerGoesNamesTheField() {
        let message = Self.message { object in
            var frames = Self.frames(object)
            frames[2]["revealedChars"] = 1.5
            object["frames"] = frames
        }
        #expect(message == "m.json: not a Streamshot manifest: frames[2].revealedChars: expected an integer, found 1.5")
    }

    @Test func anUnknownVersionIsRejected() {
        #expect(
            Self.message { $0["version"] = 99 }
                == "m.json: version 99: this Streamshot reads manifest versions 2 to \(Manifest.currentVersion); render again to update it")
        #expect(Self.message { $0["version"] = 1 }.contains("version 1: this Streamshot reads manifest versions 2 to"))
    }

    /// Version 3 writes the options typed; version 2 wrote every one as a string, and is still read.
    @Test func theOptionsAreTypedAndVersion2sStringsAreStillRead() throws {
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.manifestPath))) as! [String: Any]
        let options = try #require(written["options"] as? [String: Any])
        #expect(written["version"] as? Int == Manifest.currentVersion)
        let timeout = try #require(options["timeout"] as? [String: Any], "\(options)")
        #expect((timeout["ms"] as? NSNumber)?.doubleValue == 60000 && timeout["resets"] as? Bool == true, "the reference client's 60 s idle timeout")
        #expect(options["boldText"] as? Bool == false && (options["seed"] == nil || options["seed"] is NSNumber), "\(options)")
        #expect(options["theme"] as? String == "light")

        let version2 = try Self.read { object in
            object["version"] = 2
            var options = object["options"] as! [String: Any]
            options["timeout"] = "60000 ms idle"
            options["boldText"] = "on"
            options["seed"] = "4"
            object["options"] = options
        }
        #expect(version2.options.timeout == ManifestOptions.Timeout(ms: 60000, resets: true))
        #expect(version2.options.boldText == true && version2.options.seed == 4 && version2.options.theme == "light")
        #expect(version2.options.timeout?.text == "60000 ms idle", "the string form reads back as it was")
        let none = try Self.read { object in
            object["version"] = 2
            var options = object["options"] as! [String: Any]
            options["timeout"] = "none"
            object["options"] = options
        }
        #expect(none.options.timeout == nil && none.options.timeoutRecorded)

        // Written again, a version 2 manifest's options come out typed, and read back the same.
        let rewritten = try Manifest.decode(try JSONEncoder().encode(version2), name: "again.json")
        #expect(rewritten.options == version2.options)
    }

    @Test func keyFramesDoNotTrapOnAnyIntervalAndStayOnePerFrame() throws {
        let manifest = try Self.read { _ in }
        for every in [0, 1e-9, 16.7, 2000, .infinity, .nan, -5] {
            let chosen = KeyFrames.select(manifest, everyMs: every)
            #expect(chosen.count <= manifest.frames.count)
            #expect(chosen.last?.reason == "final")
        }
    }

    @Test func aCorruptFramePNGNamesItsFile() throws {
        let copy = Fixtures.temporaryDirectory("corrupt-frame")
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: Self.render, toPath: copy)
        let render = try RenderDirectory(path: copy)
        let file = (copy as NSString).appendingPathComponent(render.manifest.frames[0].file)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: file))
        #expect {
            _ = try render.image(render.manifest.frames[0])
        } throws: { error in
            "\(error)".hasPrefix("\(file): frame 0 is not a readable PNG")
        }
    }
}
