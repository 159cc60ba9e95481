import Foundation

/// The pictures a team has for an answer's images, by address: an image whose address is here
/// is drawn from its file, any other stays its alt text in a box. Nothing is fetched from the
/// network. Given as `--image URL=FILE` (one address), `--image FOLDER` (each PNG and JPEG in it, for the
/// images whose address ends in its name), a client trace's `images`, or files uploaded with a
/// job to the service (by name, as a folder's).
public struct PictureFiles: Hashable, Sendable {
    /// By the exact address an answer's image gives.
    public private(set) var byAddress: [String: PictureFile] = [:]
    /// By file name: an address whose last path segment (without its query) is the name.
    public private(set) var byName: [String: PictureFile] = [:]
    /// Every picture a render may decode, together, at most: decoded, each pixel takes eight
    /// bytes for a moment (its RGBA and its surface), so 64 megapixels stay near half a gigabyte.
    public static let maxTotalPixels = 64_000_000

    public init() {}

    public static let none = PictureFiles()
    public var isEmpty: Bool { byAddress.isEmpty && byName.isEmpty }

    /// The file for an image at `address`: given for that address, else by its name.
    public func file(for address: String) -> PictureFile? {
        byAddress[address] ?? Self.lastSegment(of: address).flatMap { byName[$0] }
    }

    /// Adds one `--image` argument: `URL=FILE` (split at the last `=`, so an address may carry a
    /// query) or a folder.
    /// - Parameters:
    ///   - relativeTo: the folder a relative path is read from (a trace's own), nil: the working one.
    /// - Throws: `InputError` naming the argument and what is wrong with it or its file.
    public mutating func add(_ argument: String, relativeTo folder: String? = nil) throws {
        let label = "--image \(argument)"
        guard let equals = argument.lastIndex(of: "=") else {
            try addFolder(Self.resolved(argument, in: folder), label: label)
            return
        }
        let address = String(argument[..<equals])
        let path = String(argument[argument.index(after: equals)...])
        guard !address.isEmpty, !path.isEmpty else { throw InputError("\(label): expected URL=FILE, or a folder of PNG or JPEG files") }
        try add(address: address, path: Self.resolved(path, in: folder), label: label)
    }

    /// One picture for the images at `address`.
    /// - Throws: `InputError` (labelled `label`) for a file that cannot be drawn.
    public mutating func add(address: String, path: String, label: String) throws {
        byAddress[address] = try within(PictureFile(path: path, label: label), label: label)
    }

    /// `file`, when the pictures given so far and it stay within `maxTotalPixels`.
    /// - Throws: `InputError` naming the file that passes the budget.
    private func within(_ file: PictureFile, label: String) throws -> PictureFile {
        var files: [String: Int] = [:]
        for picture in Array(byAddress.values) + Array(byName.values) + [file] { files[picture.path] = picture.pixelWidth * picture.pixelHeight }
        let total = files.values.reduce(0, +)
        guard total <= Self.maxTotalPixels else {
            throw InputError(
                "\(label): \(file.path) brings the pictures to \(total / 1_000_000) megapixels; a render takes at most "
                    + "\(Self.maxTotalPixels / 1_000_000) (give smaller pictures, or fewer)")
        }
        return file
    }

    /// Every PNG and JPEG in `folder` (by its `.png`, `.jpg` or `.jpeg` name, any case), for the
    /// images whose address ends in its name. Other files are left out; a folder with none is
    /// refused, as a likely mistake.
    /// - Throws: `InputError` for a path that is no folder, a folder without pictures, or a
    ///   picture that cannot be drawn.
    public mutating func addFolder(_ folder: String, label: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw InputError("\(label): \(folder) is neither URL=FILE nor a folder")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { PictureFile.hasPictureExtension($0) && !$0.hasPrefix(".") }.sorted()
        guard !names.isEmpty else { throw InputError("\(label): \(folder) holds no .png, .jpg or .jpeg file") }
        for name in names {
            byName[name] = try within(PictureFile(path: (folder as NSString).appendingPathComponent(name), label: label), label: label)
        }
    }

    /// These and `other`'s, `other`'s where both have one (a trace's own over the render's).
    public func adding(_ other: PictureFiles) -> PictureFiles {
        var both = self
        both.byAddress.merge(other.byAddress) { $1 }
        both.byName.merge(other.byName) { $1 }
        return both
    }

    /// The address's last path segment, percent-decoded, without its query or fragment.
    static func lastSegment(of address: String) -> String? {
        let path = address.prefix { $0 != "?" && $0 != "#" }
        guard let segment = path.split(separator: "/").last, !segment.isEmpty else { return nil }
        return String(segment).removingPercentEncoding ?? String(segment)
    }

    private static func resolved(_ path: String, in folder: String?) -> String {
        guard let folder, !path.hasPrefix("/") else { return path }
        return (folder as NSString).appendingPathComponent(path)
    }
}
