import Foundation

/// A picture a team gave for an answer's image: a PNG file on this machine, with its size read
/// from its header when it was given (so a file that is no PNG is refused then, by name).
public struct PictureFile: Hashable, Sendable {
    /// Where it is read from.
    public var path: String
    /// Its file name: what the manifest records (a path would differ from machine to machine).
    public var name: String
    public var pixelWidth: Int
    public var pixelHeight: Int

    /// Pictures larger than this many pixels are refused: decoded, one would take more memory
    /// than a frame (40 megapixels: 160 MB as 32-bit pixels).
    public static let maxPixels = 40_000_000
    /// Cairo draws no surface with a side longer than this.
    public static let maxSide = 32_767

    /// - Parameter label: how the message names the file's origin (`--image …`).
    /// - Throws: `InputError` naming the file and what is wrong: unreadable or not a file, not a
    ///   PNG (and what it is instead, for JPEG, GIF and WebP), a broken header, or too many pixels.
    public init(path: String, label: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else { throw InputError("\(label): cannot read \(path) (not a readable file)") }
        defer { try? handle.close() }
        let head: [UInt8]
        do {
            head = [UInt8](try handle.read(upToCount: 24) ?? Data())
        } catch {
            throw InputError("\(label): cannot read \(path): \(error.localizedDescription)")
        }
        guard head.starts(with: Self.pngSignature) else {
            let kind = Self.otherKind(head).map { "it is \($0); " } ?? ""
            throw InputError("\(label): \(path) is not a PNG file (\(kind)give pictures as PNG)")
        }
        guard head.count == 24, head[12..<16].elementsEqual("IHDR".utf8) else {
            throw InputError("\(label): \(path) has no PNG header (IHDR) where one belongs: the file is cut short or damaged")
        }
        let width = Self.bigEndian(head[16..<20])
        let height = Self.bigEndian(head[20..<24])
        // Each side first: two 32-bit sides multiplied could pass any bound.
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height), width * height <= Self.maxPixels else {
            throw InputError(
                "\(label): \(path) is \(width)x\(height) pixels: a picture must have some, at most \(Self.maxSide) a side and "
                    + "\(Self.maxPixels / 1_000_000) megapixels")
        }
        self.path = path
        name = (path as NSString).lastPathComponent
        pixelWidth = width
        pixelHeight = height
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    /// What a file that is not a PNG is, by its first bytes, for the message.
    private static func otherKind(_ head: [UInt8]) -> String? {
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "a JPEG" }
        if head.starts(with: Array("GIF8".utf8)) { return "a GIF" }
        if head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) { return "a WebP" }
        return nil
    }
}
