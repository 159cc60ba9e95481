import Foundation

/// How the manifest is written: the one Codable model through one encoder, with fixed key order,
/// numbers rounded to 1/100 pixel (opacities and costs to 1/1000), one block and one frame per
/// line so the file also reads as JSON Lines.
extension Manifest {
    /// The manifest as JSON text.
    public func jsonText() throws -> String {
        guard !frames.isEmpty else { return try JSONValueEncoder(places: Self.places).encode(self).linedText(itemPerLine: ["blocks", "frames"]) }
        // The frames, last in the file, are encoded one at a time after the rest: a long render
        // never holds its whole manifest as a tree of values, only as text.
        var text = try headerText()
        var lines = FrameLineWriter()
        for (index, frame) in frames.enumerated() {
            if index > 0 { text += Self.frameSeparator }
            text += try lines.line(frame)
        }
        return text + Self.framesEnd
    }

    /// The text before the first frame: every field but the frames, up to the frames' opening
    /// bracket and its line break (the frames, joined by `frameSeparator`, and `framesEnd` follow).
    func headerText() throws -> String {
        var header = self
        header.frames = []
        var text = try JSONValueEncoder(places: Self.places).encode(header).linedText(itemPerLine: ["blocks", "frames"])
        precondition(text.hasSuffix(Self.framesEnd), "the manifest's frames are its last field")
        text.removeLast(Self.framesEnd.count)
        return text
    }

    /// Between two frames' lines.
    static let frameSeparator = ",\n"
    /// After the last frame's line: the frames' closing bracket and the manifest's.
    static let framesEnd = "\n]}\n"

    /// One frame as a JSON line on its own, every block written in full (as a manifest writes
    /// its first frame; `FrameLineWriter` writes a render's frames in order).
    public static func jsonLine(_ frame: Frame) throws -> String {
        var lines = FrameLineWriter()
        return try lines.line(frame)
    }

    @Sendable static func places(_ path: [any CodingKey]) -> Int {
        if path.last?.stringValue == "opacity" || path.contains(where: { $0.stringValue == "costMs" }) { return 3 }
        return 2
    }
}
