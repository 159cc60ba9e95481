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
        var header = self
        header.frames = []
        var text = try JSONValueEncoder(places: Self.places).encode(header).linedText(itemPerLine: ["blocks", "frames"])
        let emptyFrames = "\n]}\n"
        precondition(text.hasSuffix(emptyFrames), "the manifest's frames are its last field")
        text.removeLast(emptyFrames.count)
        for (index, frame) in frames.enumerated() {
            if index > 0 { text += ",\n" }
            text += try Self.jsonLine(frame)
        }
        return text + emptyFrames
    }

    /// One frame as a JSON line.
    public static func jsonLine(_ frame: Frame) throws -> String {
        try JSONValueEncoder(places: places).encode(frame).text()
    }

    @Sendable static func places(_ path: [any CodingKey]) -> Int {
        if path.last?.stringValue == "opacity" || path.contains(where: { $0.stringValue == "costMs" }) { return 3 }
        return 2
    }
}
