import Foundation
import StreamshotGraphics
import StreamshotReview

/// Compares one assertion's files with its references, writing references as the record mode
/// says and, for a failure, the expected, actual and diff images beside the artifacts.
struct ReferenceFiles {
    enum Result {
        case matched
        /// Written as a reference (new, or anew).
        case recorded(String)
        case failed(SnapshotFailure)
    }

    let folder: ReferenceFolder
    let record: SnapshotRecordMode
    let tolerance: ImageTolerance
    /// Paths in messages are relative to it.
    let packageRoot: String

    /// Compares a moment's frame with `<moment>.png`.
    func compare(_ moment: Moment) throws -> Result {
        let file = moment.name + ".png"
        let path = folder.path + "/" + file
        let context = "\(moment.name) (frame \(moment.frame.index), \(Int(moment.frame.timeMs)) ms)"
        let existing = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        if record == .all || (existing == nil && record.writesMissing) {
            try write(moment.png, to: path)
            return .recorded(file)
        }
        guard let expected = existing else {
            let actual = try writeArtifact(moment.png, file: moment.name + ".actual.png")
            var failure = SnapshotFailure("\(context): no reference \(shown(path))", details: ["actual: \(shown(actual))"])
            failure.moment = FailureRecord.Moment(
                name: moment.name, frame: moment.frame.index, timeMs: moment.frame.timeMs,
                cause: "no reference", actual: moment.name + ".actual.png")
            return .failed(failure)
        }
        if expected == moment.png { return .matched }
        guard let difference = try difference(expected: expected, actual: moment.png) else { return .matched }
        let artifacts = try writeArtifacts(expected: expected, actual: moment.png, stem: moment.name)
        if record == .failed { try write(moment.png, to: path) }
        var failure = SnapshotFailure("\(context): \(difference)" + (record == .failed ? " (re-recorded)" : ""), details: artifacts)
        failure.moment = FailureRecord.Moment(
            name: moment.name, frame: moment.frame.index, timeMs: moment.frame.timeMs, cause: difference,
            expected: moment.name + ".expected.png", actual: moment.name + ".actual.png",
            diff: artifacts.count > 2 ? moment.name + ".diff.png" : nil)
        return .failed(failure)
    }

    /// Compares the structural snapshot with `manifest.txt`.
    func compare(structure text: String) throws -> Result {
        let file = "manifest.txt"
        let path = folder.path + "/" + file
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        if record == .all || (existing == nil && record.writesMissing) {
            try write(Array(text.utf8), to: path)
            return .recorded(file)
        }
        guard let existing else { return .failed(SnapshotFailure("structure: no reference \(shown(path))")) }
        if existing == text { return .matched }
        let actual = try writeArtifact(Array(text.utf8), file: file + ".actual")
        // A copy beside the actual one, so the report's link works wherever the artifacts go.
        _ = try writeArtifact(Array(existing.utf8), file: file + ".expected")
        if record == .failed { try write(Array(text.utf8), to: path) }
        let place =
            TextChange.between(existing, text).map { "the text shown changed: \($0)" }
            ?? "structure differs at \(Self.firstDifference(existing, text))"
        var failure = SnapshotFailure(
            place + (record == .failed ? " (re-recorded)" : ""),
            details: ["expected: \(shown(path))", "actual: \(shown(actual))"])
        failure.structure = (FailureRecord.Structure(cause: place, expected: file + ".expected", actual: file + ".actual"), existing, text)
        return .failed(failure)
    }

    /// The references in the folder that none of `current` is: `.png` files and `manifest.txt`,
    /// never a named assertion's folder inside it.
    func stale(keeping current: Set<String>) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { file in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder.path + "/" + file, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue && (file.hasSuffix(".png") || file == "manifest.txt") && !current.contains(file)
        }.sorted()
    }

    /// Removes the artifacts an earlier run of this assertion left (not a named assertion's folder
    /// inside), so the folder holds only what this run found; where they held a failure, the run
    /// report too, which showed it (accepted or failing anew, it is stale; `streamshot report`
    /// writes it again).
    /// - Returns: the run report's path, when it was removed.
    @discardableResult
    func clearArtifacts() throws -> String? {
        var removedReport: String?
        if FileManager.default.fileExists(atPath: folder.artifacts + "/" + FailureRecord.fileName),
            FileManager.default.fileExists(atPath: folder.runReport)
        {
            try FileManager.default.removeItem(atPath: folder.runReport)
            removedReport = folder.runReport
        }
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.artifacts)) ?? [] {
            var isDirectory: ObjCBool = false
            let path = folder.artifacts + "/" + file
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                try FileManager.default.removeItem(atPath: path)
            }
        }
        return removedReport
    }

    func remove(_ files: [String]) throws {
        for file in files { try FileManager.default.removeItem(atPath: folder.path + "/" + file) }
    }

    /// A path as messages show it: relative to the package when inside it.
    func shown(_ path: String) -> String {
        path.hasPrefix(packageRoot + "/") ? String(path.dropFirst(packageRoot.count + 1)) : path
    }

    /// Why two PNGs do not match, or nil when they are within the tolerance.
    private func difference(expected: [UInt8], actual: [UInt8]) throws -> String? {
        let e = try PNGDecoder.decode(expected)
        let a = try PNGDecoder.decode(actual)
        guard e.width == a.width, e.height == a.height else { return "size \(a.width)x\(a.height), expected \(e.width)x\(e.height)" }
        let result = ImageComparison.compare(expected: e.rgb, actual: a.rgb, perPixel: tolerance.perPixel)
        if result.differing == 0 || (tolerance != .exact && result.share <= tolerance.maxDifferingShare) { return nil }
        return String(
            format: "%d of %d pixels differ (%.3f%%, largest channel difference %d)",
            result.differing, result.total, result.share * 100, result.maxChannelDifference)
    }

    /// Writes `<stem>.expected.png`, `.actual.png` and, when the sizes agree, `.diff.png`
    /// (changed pixels in magenta over a faded expected); returns the lines naming them.
    private func writeArtifacts(expected: [UInt8], actual: [UInt8], stem: String) throws -> [String] {
        let expectedPath = try writeArtifact(expected, file: stem + ".expected.png")
        let actualPath = try writeArtifact(actual, file: stem + ".actual.png")
        var lines = ["expected: \(shown(expectedPath))", "actual: \(shown(actualPath))"]
        let e = try PNGDecoder.decode(expected)
        let a = try PNGDecoder.decode(actual)
        if e.width == a.width, e.height == a.height {
            let diff = ImageComparison.diffImage(expected: e.rgb, actual: a.rgb, perPixel: tolerance.perPixel)
            let diffPath = try writeArtifact(try PNGEncoder.encode(rgb: diff, width: e.width, height: e.height), file: stem + ".diff.png")
            lines.append("diff: \(shown(diffPath))")
        }
        return lines
    }

    private func writeArtifact(_ bytes: [UInt8], file: String) throws -> String {
        let path = folder.artifacts + "/" + file
        try write(bytes, to: path)
        return path
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// `line 4: expected «…», actual «…»`, or the line counts when one text is the other's start.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
        return first.map { "line \($0.offset + 1): expected «\($0.element.0)», actual «\($0.element.1)»" }
            ?? "expected \(expectedLines.count) lines, actual \(actualLines.count)"
    }
}
