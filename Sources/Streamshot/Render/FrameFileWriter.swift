import Foundation

/// How a render writes a frame whose PNG repeats the frame before it.
public enum RepeatedFrames: String, Sendable, CaseIterable {
    /// Its own file of bytes (the default: every frame is a plain file, whatever copies it).
    case written
    /// A hard link to the frame before's file: same name, same bytes, no new data on disk (a
    /// stalled stream's hundreds of frames cost nothing). Falls back to writing where the file
    /// system cannot link.
    case hardLinked = "hard-links"
}

/// Writes frames' PNGs into a render's folder, in order.
struct FrameFileWriter {
    let folder: URL
    let repeats: RepeatedFrames
    private var lastWritten: URL?

    init(folder: URL, repeats: RepeatedFrames) {
        self.folder = folder
        self.repeats = repeats
    }

    /// Writes `frame`'s PNG, or links it to the last file written when it repeats that frame.
    mutating func write(_ frame: Frame, png: [UInt8], repeatsPrevious: Bool) throws {
        let file = folder.appendingPathComponent(frame.file)
        if repeats == .hardLinked, repeatsPrevious, let lastWritten, (try? FileManager.default.linkItem(at: lastWritten, to: file)) != nil {
            // Linked: the same bytes under the frame's own name.
        } else {
            try Data(png).write(to: file)
        }
        lastWritten = file
    }
}
