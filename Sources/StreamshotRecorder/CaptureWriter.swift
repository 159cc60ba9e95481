import Foundation
import Streamshot

/// Writes a capture file that `render` replays exactly: each event re-serialised after a
/// `: t=<ms>` arrival stamp, reconnections as `: reconnect …` comments (`CaptureComment` holds
/// the comments' syntax, which `SSESource` reads back).
final class CaptureWriter {
    private let handle: FileHandle
    private var lastStamp: Int?

    /// Creates (or truncates) `path` and writes the header comments.
    init(path: String, header: [String]) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw RecordError("cannot create the capture file \(path)")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw RecordError("cannot open the capture file \(path) for writing")
        }
        self.handle = handle
        try write(header.map(CaptureComment.line).joined())
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
        try write(stamp(time) + CaptureComment.reconnectLine(detail))
    }

    /// A comment line (from `CaptureComment`), stamped.
    func comment(_ line: String, atMs time: Int) throws {
        try write(stamp(time) + line)
    }

    /// An `: end <reason>` comment: how the recording ended when the stream did not finish it.
    func end(_ reason: String, atMs time: Int) throws {
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
