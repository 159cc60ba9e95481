import Foundation

/// A picture a team gave for an answer's image: a PNG or JPEG file on this machine, with its size
/// (and a JPEG's Exif orientation) read from its header when it was given — so a file that is
/// neither is refused then, by name.
public struct PictureFile: Hashable, Sendable {
    /// Where it is read from.
    public var path: String
    /// Its file name: what the manifest records (a path would differ from machine to machine).
    public var name: String
    /// Its size as stored (a JPEG turned by its orientation is drawn with the sides swapped).
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// How the picture is turned for display (Exif's 1 to 8; 1, as stored, for a PNG).
    public var orientation = 1

    /// Pictures larger than this many pixels are refused: decoded, one would take more memory
    /// than a frame (40 megapixels: 160 MB as 32-bit pixels).
    public static let maxPixels = 40_000_000
    /// Cairo draws no surface with a side longer than this.
    public static let maxSide = 32_767

    /// - Parameter label: how the message names the file's origin (`--image …`).
    /// - Throws: `InputError` naming the file and what is wrong: unreadable or not a file, neither
    ///   PNG nor JPEG (and what it is instead, for GIF and WebP), a broken header, or too many pixels.
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
        let (width, height): (Int, Int)
        if head.starts(with: JPEGHeader.signature) {
            let jpeg: JPEGHeader
            do {
                jpeg = try JPEGHeader(reading: handle, name: path)
            } catch let error as InputError {
                throw InputError("\(label): \(error.message)")
            } catch {
                throw InputError("\(label): cannot read \(path): \(error.localizedDescription)")
            }
            (width, height, orientation) = (jpeg.width, jpeg.height, jpeg.orientation)
        } else {
            (width, height) = try Self.pngSize(head, label: label, path: path)
        }
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

    /// The names a picture's file may end in, any case: what a folder's pictures are found by.
    public static let extensions = [".png", ".jpg", ".jpeg"]

    /// Whether `name` ends in one of `extensions`.
    public static func hasPictureExtension(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return extensions.contains { lowered.hasSuffix($0) }
    }

    /// A PNG's size, from its IHDR chunk in its first 24 bytes.
    private static func pngSize(_ head: [UInt8], label: String, path: String) throws -> (Int, Int) {
        guard head.starts(with: pngSignature) else {
            let kind = otherKind(head).map { "it is \($0); " } ?? ""
            throw InputError("\(label): \(path) is neither a PNG nor a JPEG file (\(kind)give pictures as PNG or JPEG)")
        }
        guard head.count == 24, head[12..<16].elementsEqual("IHDR".utf8) else {
            throw InputError("\(label): \(path) has no PNG header (IHDR) where one belongs: the file is cut short or damaged")
        }
        return (bigEndian(head[16..<20]), bigEndian(head[20..<24]))
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    /// What a file that is not a PNG is, by its first bytes, for the message.
    private static func otherKind(_ head: [UInt8]) -> String? {
        if head.starts(with: Array("GIF8".utf8)) { return "a GIF" }
        if head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) { return "a WebP" }
        return nil
    }
}
