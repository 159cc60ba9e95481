import StreamshotGraphics

/// The pictures of a render, each decoded once, the first time a frame shows it: a streaming
/// answer lays its picture block out again as it grows, and a picture is decoded once for all
/// of those (the cache changes speed, never bytes).
final class PictureShelf {
    private var decoded: [String: Picture] = [:]

    /// - Throws: `GraphicsError` naming the file when it cannot be decoded (its header read when
    ///   it was given; the rest of it is read here).
    func picture(_ file: PictureFile) throws -> Picture {
        if let picture = decoded[file.path] { return picture }
        let picture = try Picture(path: file.path, orientation: file.orientation, size: (file.pixelWidth, file.pixelHeight))
        decoded[file.path] = picture
        return picture
    }
}
