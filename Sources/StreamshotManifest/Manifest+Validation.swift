public import Foundation
import StreamshotOptions

/// The manifest reader's checks: a manifest is read once, at the boundary, and everything that
/// reads it after (detectors, review, compare, the testing library) may trust its numbers.
extension Manifest {
    /// Decodes and validates a manifest.
    /// - Parameter name: the file, for messages.
    /// - Throws: `InputError` naming the file, the field (`frames[3].timeMs`) and what was expected.
    public static func decode(_ data: Data, name: String) throws -> Manifest {
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: data)
        } catch let error as DecodingError {
            // Foundation on Linux reports a fraction where an integer goes as invalid JSON with no
            // path; the walk below finds the field.
            let place = (try? JSONSerialization.jsonObject(with: data)).flatMap { IntegerFields.firstFraction(in: $0) }
            throw InputError("\(name): not a Streamshot manifest: \(place ?? describe(error))")
        } catch {
            throw InputError("\(name): not a Streamshot manifest (\(error))")
        }
        if let problem = manifest.problem() { throw InputError("\(name): \(problem)") }
        return manifest
    }

    /// The first thing wrong with the manifest's numbers, or nil.
    func problem() -> String? {
        if let problem = headerProblem(frameCount: frames.count) { return problem }
        var checks = FrameChecks(self)
        for (position, frame) in frames.enumerated() {
            if let problem = checks.problem(frame, position: position) { return "frames[\(position)].\(problem)" }
        }
        return nil
    }

    /// The first thing wrong with the numbers outside the frames, or nil.
    func headerProblem(frameCount: Int) -> String? {
        if !Self.readableVersions.contains(version) {
            let readable = "\(Self.readableVersions.lowerBound) to \(Self.currentVersion)"
            return "version \(version): this Streamshot reads manifest versions \(readable); render again to update it"
        }
        if !(1...240).contains(fps) { return "fps \(fps): expected a number from 1 to 240" }
        if !(1...8192).contains(viewport.width) || !(1...8192).contains(viewport.height) {
            return "viewport \(viewport.width)x\(viewport.height): expected each side from 1 to 8192 pixels"
        }
        if !(0.01...100).contains(viewport.scale) { return "viewport.scale \(viewport.scale): expected a number from 0.01 to 100" }
        if let shard, let problem = shard.problem(frameCount: frameCount) { return "shard.\(problem)" }
        if frameCount == 0, shard == nil { return "frames: empty; a render has at least one frame" }
        for (position, block) in blocks.enumerated() {
            let frames = (block.earlier ?? []).map(\.throughFrame)
            if zip(frames, frames.dropFirst()).contains(where: { $0 >= $1 }) || frames.contains(where: { $0 < 0 }) {
                return "blocks[\(position)].earlier: throughFrame \(frames): expected frame indices in increasing order"
            }
        }
        return nil
    }

    /// `frames[3].index: expected an integer` from a decoding error's coding path.
    /// - Parameter prefix: where the decoded value sits (`frames[3]` for one frame decoded alone).
    static func describe(_ error: DecodingError, under prefix: String = "") -> String {
        let path = { (keys: [any CodingKey]) in Self.path(keys, under: prefix) }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(expectation(type)) (\(context.debugDescription))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(expectation(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "\(path(context.codingPath)): \(underlying ?? context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey], under prefix: String) -> String {
        var text = prefix
        for key in keys {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "(top level)" : text
    }

    private static func expectation(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}

extension Manifest.ShardRecord {
    /// Shard K of N, its frames inside the whole render's.
    func problem(frameCount: Int) -> String? {
        if !(1...Manifest.ShardRecord.maxCount).contains(count) || !(1...count).contains(index) {
            return "index \(index) of \(count): expected a shard from 1 to its count"
        }
        if firstFrame < 0 || totalFrames < 0 || firstFrame + frameCount > totalFrames {
            return "firstFrame \(firstFrame) with \(frameCount) frames: expected inside the render's \(totalFrames)"
        }
        return nil
    }
}

/// The checks each frame passes, in order: a frame is judged against the header and the frame before it.
struct FrameChecks {
    private let characters: Int
    /// Each block's text lengths, the earlier ones first: a frame's lines' `start`/`end` index
    /// into the text the block showed on that frame.
    private let blockLengths: [Int: BlockTextLengths]
    /// A shard's frames are numbered as in the whole render.
    private let firstIndex: Int
    private var previous: Frame?

    init(_ header: Manifest) {
        characters = header.text.unicodeScalars.count
        blockLengths = Dictionary(header.blocks.map { ($0.id, BlockTextLengths($0)) }, uniquingKeysWith: { first, _ in first })
        firstIndex = header.shard?.firstFrame ?? 0
    }

    /// What is wrong with the frame at `position` in the file, or nil.
    mutating func problem(_ frame: Frame, position: Int) -> String? {
        defer { previous = frame }
        return frame.problem(after: previous, position: firstIndex + position, characters: characters)
            ?? frame.geometryProblem() ?? frame.lineTextProblem(blockLengths: blockLengths)
    }
}

extension Frame {
    /// Frames are numbered from 0 in order, in time order, with counts inside the text.
    func problem(after previous: Frame?, position: Int, characters: Int) -> String? {
        if index != position { return "index \(index): expected \(position) (frames are numbered from 0, in order)" }
        if !(0...1e10).contains(timeMs) { return "timeMs \(timeMs): expected a time from 0 to 1e10 ms" }
        if !RelativeFileName.isInside(file) {
            return "file \"\(file.prefix(200))\": expected a PNG's path inside the render's folder (relative, no `..`, no scheme)"
        }
        if let previous, timeMs < previous.timeMs {
            return "timeMs \(timeMs): earlier than the frame before's \(previous.timeMs) (frames go forward in time)"
        }
        if !(0...characters).contains(revealedChars) {
            return "revealedChars \(revealedChars): expected 0 to \(characters) (the manifest's text length)"
        }
        if bufferedChars < 0 || pendingChars < 0 { return "bufferedChars/pendingChars: expected counts of 0 or more" }
        return nil
    }
}

extension Frame {
    /// A line's `start`/`end` outside its block's text, or only one of them: the detectors that
    /// read the lines' text may then trust it.
    func lineTextProblem(blockLengths: [Int: BlockTextLengths]) -> String? {
        for (blockPosition, block) in blocks.enumerated() {
            let length = blockLengths[block.id]?.length(atFrame: index) ?? 0
            for (linePosition, line) in block.lines.enumerated() where line.start != nil || line.end != nil {
                guard let start = line.start, let end = line.end, 0 <= start, start <= end, end <= length else {
                    return "blocks[\(blockPosition)].lines[\(linePosition)]: start \(line.start.map(String.init) ?? "missing"), end "
                        + "\(line.end.map(String.init) ?? "missing"): expected 0 <= start <= end <= \(length) (block \(block.id)'s text length)"
                }
            }
        }
        return nil
    }
}

/// A block's text lengths in Unicode scalars, each earlier text's with the last frame that showed it.
struct BlockTextLengths {
    private let earlier: [(throughFrame: Int, length: Int)]
    private let last: Int

    init(_ block: Manifest.Block) {
        earlier = (block.earlier ?? []).map { ($0.throughFrame, $0.text.unicodeScalars.count) }
        last = block.text.unicodeScalars.count
    }

    func length(atFrame index: Int) -> Int {
        earlier.first { index <= $0.throughFrame }?.length ?? last
    }
}

/// The manifest's integer fields by key (`width` and `height` only under `viewport`; elsewhere
/// they are pixel sizes), to name a fraction found in one.
enum IntegerFields {
    static let keys: Set<String> = [
        "version", "id", "level", "depth", "number", "index", "revealedChars", "bufferedChars",
        "pendingChars", "blockId", "row", "column", "start", "end", "firstLine", "lineCount"
    ]

    /// `frames[2].revealedChars: expected an integer, found 1.5`, or nil.
    static func firstFraction(in value: Any, path: String = "") -> String? {
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                let child = path.isEmpty ? key : path + "." + key
                if isInteger(key, under: path), let number = object[key] as? Double, number != number.rounded() {
                    return "\(child): expected an integer, found \(number)"
                }
                if let found = firstFraction(in: object[key]!, path: child) { return found }
            }
        } else if let array = value as? [Any] {
            for (index, item) in array.enumerated() {
                if let found = firstFraction(in: item, path: path + "[\(index)]") { return found }
            }
        }
        return nil
    }

    private static func isInteger(_ key: String, under path: String) -> Bool {
        keys.contains(key) || path == "skipped" || (path == "viewport" && (key == "width" || key == "height"))
    }
}
