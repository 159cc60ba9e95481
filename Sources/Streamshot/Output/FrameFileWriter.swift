import Foundation

/// How a render writes a frame whose PNG repeats the frame before it.
public enum RepeatedFrames: String, Sendable, CaseIterable {
    /// Its own file of bytes (the default: every frame is a plain file, whatever copies it).
    case written
    /// A hard link to the frame before's file: same name, same bytes, no new data on disk (a
    /// stalled stream's hundreds of frames cost nothing). Falls back to writing where the file
    /// system cannot link.
    case hardLinked = "hard-links"
    /// No file: its record names the file of the frame it repeats (`frames[].file`). The fewest
    /// files, and an artifact upload that copies hard links as files copies nothing twice.
    case distinct
}

/// Writes frames' PNGs into a render's folder, in order.
struct FrameFileWriter {
    let folder: URL
    let repeats: RepeatedFrames
    /// The last file written, relative to the folder.
    private var lastWritten: String?

    init(folder: URL, repeats: RepeatedFrames) {
        self.folder = folder
        self.repeats = repeats
    }

    /// Writes `frame`'s PNG, or links it to the last file written when it repeats that frame, or
    /// (`.distinct`) writes nothing for a repeat.
    /// - Returns: the file that holds the frame's pixels, relative to the folder (`frame.file`,
    ///   or for a distinct render's repeat the file of the frame it repeats).
    mutating func write(_ frame: Frame, png: [UInt8], repeatsPrevious: Bool) throws -> String {
        if repeats == .distinct, repeatsPrevious, let lastWritten { return lastWritten }
        let file = folder.appendingPathComponent(frame.file)
        if repeats == .hardLinked, repeatsPrevious, let lastWritten,
           (try? FileManager.default.linkItem(at: folder.appendingPathComponent(lastWritten), to: file)) != nil {
            // Linked: the same bytes under the frame's own name.
        } else {
            try PlainFile.write(png, to: file.path)
        }
        lastWritten = frame.file
        return frame.file
    }
}
