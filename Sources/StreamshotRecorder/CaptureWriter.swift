import Foundation
import Streamshot

/// Writes a capture file that `render` replays exactly: each event re-serialised after a
/// `: t=<ms>` arrival stamp, reconnections as `: reconnect …` comments (`CaptureComment` holds
/// the comments' syntax, which `SSESource` reads back).
final class CaptureWriter {
    /// The file written.
    let path: String
    private let handle: FileHandle
    private var lastStamp: Int?
    private var header: [String]
    /// The capture is JSON Lines (an NDJSON response): each line stamped with `t`, comments as
    /// `{"streamshot":…}` lines, which `JSONLSource` skips.
    private(set) var isJSONLines = false

    /// Creates (or truncates) `path` and writes the header comments.
    init(path: String, header: [String]) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw RecordError("cannot create the capture file \(path)")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw RecordError("cannot open the capture file \(path) for writing")
        }
        self.handle = handle
        self.path = path
        self.header = header
        try write(header.map(CaptureComment.line).joined())
    }

    /// Starts the file again as JSON Lines, its header as comment lines: the server answered
    /// with NDJSON before anything but the header was written.
    func restartAsJSONLines() throws {
        try handle.truncate(atOffset: 0)
        isJSONLines = true
        try write(header.map { JSONLine.comment($0) }.joined())
    }

    /// One NDJSON line as received, with its arrival time `t` put first in its object (a line
    /// that is no JSON object, such as a data stream part, is written as it came).
    func line(_ text: String, atMs time: Int) throws {
        try write(JSONLine.stamped(text, ms: time) + "\n")
    }

    deinit {
        try? handle.close()
    }

    func event(_ event: SSEEvent, ownId: Bool, atMs time: Int) throws {
        var text = stamp(time)
        if ownId { text += "id: \(event.lastEventId)\n" }
        if event.type != "message" { text += "event: \(event.type)\n" }
        for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        try write(text + "\n")
    }

    /// A `: reconnect <detail>` comment; `detail` is usually `CaptureComment.reconnectDetail(attempt:lastEventId:)`.
    func reconnect(_ detail: String, atMs time: Int) throws {
        if isJSONLines { return try write(JSONLine.reconnect(detail, ms: time)) }
        try write(stamp(time) + CaptureComment.reconnectLine(detail))
    }

    /// A comment line (from `CaptureComment`), stamped; `text` is what a JSON Lines capture says instead.
    func comment(_ line: String, text: String, atMs time: Int) throws {
        if isJSONLines { return try write(JSONLine.comment(text, ms: time)) }
        try write(stamp(time) + line)
    }

    /// An `: end <reason>` comment: how the recording ended when the stream did not finish it.
    func end(_ reason: String, atMs time: Int) throws {
        if isJSONLines { return try write(JSONLine.comment("end " + reason, ms: time)) }
        try write(stamp(time) + CaptureComment.endLine(reason))
    }

    private func stamp(_ time: Int) -> String {
        defer { lastStamp = time }
        return lastStamp == time ? "" : CaptureComment.arrivalLine(ms: time)
    }

    private func write(_ text: String) throws {
        try handle.write(contentsOf: Data(text.utf8))
    }
}

/// A recording that cannot go on; the message names what and where.
public struct RecordError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
