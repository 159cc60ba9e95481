import Foundation
import StreamshotOptions

/// A manifest on disk, read a frame at a time: its header (everything but the frames) at once,
/// then the frames in order, each decoded and checked as `Manifest.read` checks it, and never
/// all held — so a 20,000-frame render is judged in the memory of one frame.
public struct ManifestFile: Sendable {
    public let path: String
    /// The manifest without its frames (`frames` is empty).
    public let header: Manifest
    public let frameCount: Int

    /// Reads the file once to its end: the header decoded and checked, the frames counted.
    /// - Throws: `InputError` naming the file, the field and the problem.
    public init(path: String) throws {
        self.path = path
        let scanned = try FrameArrayScanner.scan(path)
        header = try Self.decode(Manifest.self, from: Data(scanned.header), name: path, under: "")
        frameCount = scanned.frameCount
        if let problem = header.headerProblem(frameCount: frameCount) { throw InputError("\(path): \(problem)") }
    }

    /// Calls `body` with each frame in order, reading the file again.
    /// - Throws: `InputError` for the first frame that is not one (`frames[12].timeMs: …`); what `body` throws.
    public func forEachFrame(_ body: (Frame) throws -> Void) throws {
        var checks = FrameChecks(header)
        let decoder = PreviousBlocks.decoder()
        _ = try FrameArrayScanner.scan(path) { bytes, position in
            let frame = try Self.decode(Frame.self, from: Data(bytes), name: path, under: "frames[\(position)]", with: decoder)
            if let problem = checks.problem(frame, position: position) { throw InputError("\(path): frames[\(position)].\(problem)") }
            try body(frame)
        }
    }

    /// Every frame's `file`, once each, without decoding the frames: read from the field as the
    /// writer writes it (`"file":"frames/000042.png"`), a frame written otherwise decoded.
    /// - Throws: `InputError` as `forEachFrame` does for a frame that must be decoded.
    public func frameFiles() throws -> Set<String> {
        var files: Set<String> = []
        let key = Array(#""file":""#.utf8)
        _ = try FrameArrayScanner.scan(path) { bytes, position in
            if let start = bytes.firstRange(of: key)?.upperBound, let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")),
                !bytes[start..<end].contains(UInt8(ascii: "\\"))
            {
                files.insert(String(decoding: bytes[start..<end], as: UTF8.self))
            } else {
                files.insert(try Self.decode(Frame.self, from: Data(bytes), name: path, under: "frames[\(position)]").file)
            }
        }
        return files
    }

    /// The whole manifest, frames and all (for the tools that go back and forth in time).
    public func read() throws -> Manifest {
        var manifest = header
        try forEachFrame { manifest.frames.append($0) }
        return manifest
    }

    private static func decode<Value: Decodable>(
        _ type: Value.Type, from data: Data, name: String, under prefix: String,
        with decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            // Foundation on Linux reports a fraction where an integer goes as invalid JSON with no
            // path; the walk finds the field.
            let place = (try? JSONSerialization.jsonObject(with: data)).flatMap { IntegerFields.firstFraction(in: $0, path: prefix) }
            throw InputError("\(name): not a Streamshot manifest: \(place ?? Manifest.describe(error, under: prefix))")
        } catch {
            throw InputError("\(name): not a Streamshot manifest (\(error))")
        }
    }
}
