import Foundation
public import Streamshot
import StreamshotGraphics
import StreamshotReview

/// Renders a stream and compares chosen frames (and their structure) with references in
/// `Snapshots/<suite>/<test>/`. The result lists failures; `assertStreamSnapshot` reports them.
public struct StreamSnapshot {
    public var options: RenderOptions
    public var frames: FrameSelection
    public var tolerance: ImageTolerance
    public var record: SnapshotRecordMode
    /// Also compare the structural snapshot (`<name>manifest.txt`).
    public var structural: Bool
    /// Where references live: `<snapshotsDirectory>/<suite>/<test>/`.
    public var snapshotsDirectory: String
    /// Where expected/actual/diff images of failures go.
    public var artifactsDirectory: String

    public init(options: RenderOptions = .snapshot, frames: FrameSelection = .keyFrames, tolerance: ImageTolerance = .exact,
                record: SnapshotRecordMode = .fromEnvironment, structural: Bool = true,
                snapshotsDirectory: String, artifactsDirectory: String) {
        self.options = options
        self.frames = frames
        self.tolerance = tolerance
        self.record = record
        self.structural = structural
        self.snapshotsDirectory = snapshotsDirectory
        self.artifactsDirectory = artifactsDirectory
    }

    /// - Parameters:
    ///   - input: the stream.
    ///   - suite, test: the reference folder's names.
    ///   - name: a prefix for the files, to keep several assertions in one test apart.
    /// - Returns: one message per failure (empty when everything matched or was recorded by `all`).
    /// - Throws: render errors (bad input, fonts).
    public func verify(_ input: SnapshotInput, suite: String, test: String, name: String = "", packageRoot: String) throws -> [String] {
        var selector = FrameSelector(frames)
        let manifest = try input.job(options: options, packageRoot: packageRoot).render { frame, png in
            selector.offer(frame, png: png)
        }
        let chosen = selector.finish()
        let folder = "\(snapshotsDirectory)/\(suite)/\(test)"
        let artifacts = "\(artifactsDirectory)/\(suite)/\(test)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var failures: [String] = []
        var recorded: [String] = []
        for item in chosen {
            let file = String(format: "%@f%06d.png", name.isEmpty ? "" : name + "-", item.frame.index)
            let context = "frame \(item.frame.index) (\(Int(item.frame.timeMs)) ms, \(item.reason))"
            if let failure = try compareImage(item.png, file: file, folder: folder, artifacts: artifacts, context: context, recorded: &recorded) {
                failures.append(failure)
            }
        }
        if structural {
            let text = StructuralSnapshot.text(chosen.map { ($0.frame, $0.reason) }, manifest: manifest)
            if let failure = try compareText(text, file: (name.isEmpty ? "" : name + "-") + "manifest.txt", folder: folder,
                                              artifacts: artifacts, recorded: &recorded) {
                failures.append(failure)
            }
        }
        if record == .missing, !recorded.isEmpty {
            failures.append("No reference for \(recorded.joined(separator: ", ")) in \(folder): recorded them now. Run the test again to compare.")
        }
        return failures
    }

    private func compareImage(_ png: [UInt8], file: String, folder: String, artifacts: String, context: String,
                              recorded: inout [String]) throws -> String? {
        let path = "\(folder)/\(file)"
        let exists = FileManager.default.fileExists(atPath: path)
        if record == .all || (!exists && record != .never) {
            try Data(png).write(to: URL(fileURLWithPath: path))
            if !exists || record != .all { recorded.append(file) }
            return nil
        }
        guard exists, let data = FileManager.default.contents(atPath: path) else {
            _ = try writeArtifacts(actual: png, expected: nil, file: file, artifacts: artifacts)
            return "\(context): no reference \(path) (record mode never); actual written to \(artifacts)/\(file.replacingOccurrences(of: ".png", with: ".actual.png"))"
        }
        let expectedPNG = [UInt8](data)
        if expectedPNG == png { return nil }
        let expected = try PNGDecoder.decode(expectedPNG)
        let actual = try PNGDecoder.decode(png)
        var reason: String
        if expected.width != actual.width || expected.height != actual.height {
            reason = "size \(actual.width)x\(actual.height), expected \(expected.width)x\(expected.height)"
        } else {
            let result = ImageComparison.compare(expected: expected.rgb, actual: actual.rgb, perPixel: tolerance.perPixel)
            if result.share <= tolerance.maxDifferingShare && (result.differing == 0 || tolerance != .exact) { return nil }
            reason = String(format: "%d of %d pixels differ (%.3f%%, largest channel difference %d)",
                            result.differing, result.total, result.share * 100, result.maxChannelDifference)
        }
        let written = try writeArtifacts(actual: png, expected: expectedPNG, file: file, artifacts: artifacts)
        if record == .failed { try Data(png).write(to: URL(fileURLWithPath: path)) }
        return "\(context): \(reason). Expected \(written.expected ?? path), actual \(written.actual), diff \(written.diff ?? "-")"
            + (record == .failed ? " (reference re-recorded)" : "")
    }

    private func compareText(_ text: String, file: String, folder: String, artifacts: String, recorded: inout [String]) throws -> String? {
        let path = "\(folder)/\(file)"
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        if record == .all || (existing == nil && record != .never) {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            if existing == nil || record != .all { recorded.append(file) }
            return nil
        }
        guard let existing else { return "structure: no reference \(path) (record mode never)" }
        if existing == text { return nil }
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        let actualPath = "\(artifacts)/\(file).actual"
        try Data(text.utf8).write(to: URL(fileURLWithPath: actualPath))
        if record == .failed { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        let expectedLines = existing.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
        let where_ = first.map { "line \($0.offset + 1): expected «\($0.element.0)», actual «\($0.element.1)»" }
            ?? "expected \(expectedLines.count) lines, actual \(actualLines.count)"
        return "structure differs at \(where_). Expected \(path), actual \(actualPath)"
    }

    private func writeArtifacts(actual: [UInt8], expected: [UInt8]?, file: String, artifacts: String) throws -> (expected: String?, actual: String, diff: String?) {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        let stem = "\(artifacts)/\(file.replacingOccurrences(of: ".png", with: ""))"
        try Data(actual).write(to: URL(fileURLWithPath: stem + ".actual.png"))
        guard let expected else { return (nil, stem + ".actual.png", nil) }
        try Data(expected).write(to: URL(fileURLWithPath: stem + ".expected.png"))
        let e = try PNGDecoder.decode(expected)
        let a = try PNGDecoder.decode(actual)
        guard e.width == a.width, e.height == a.height else { return (stem + ".expected.png", stem + ".actual.png", nil) }
        let diff = ImageComparison.diffImage(expected: e.rgb, actual: a.rgb, perPixel: tolerance.perPixel)
        try Data(try PNGEncoder.encode(rgb: diff, width: e.width, height: e.height)).write(to: URL(fileURLWithPath: stem + ".diff.png"))
        return (stem + ".expected.png", stem + ".actual.png", stem + ".diff.png")
    }
}
