import Foundation
import Streamshot

/// The pictures uploaded with a job (`multipart/form-data` parts named `image`), kept in its
/// folder under their own file names: the render reads them as `--image <that folder>` does, and
/// a client trace's `images` find them beside it.
extension JobFiles {
    /// A picture's file name: letters, digits, `.`, `_` and `-`, ending in `.png`, `.jpg` or `.jpeg`, not starting
    /// with a dot (nothing that could name another folder, or hide).
    static func isPictureName(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".unicodeScalars)
        return name.count <= 200 && PictureFile.hasPictureExtension(name) && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy(allowed.contains)
    }

    /// Saves each part in the job's folder and reads its header.
    /// - Throws: `Problem` 400 naming the part: no file name, a name that is not a plain
    ///   picture's name or is given twice, or a file that is neither PNG nor JPEG.
    func savePictures(_ parts: [MultipartBody.Part], for id: String) throws {
        var names: Set<String> = []
        for part in parts {
            guard let name = part.fileName, Self.isPictureName(name) else {
                throw Problem.badRequest(
                    "image part \(part.fileName.map { "\"\($0)\"" } ?? "without a filename"): give each picture a plain file name "
                        + "ending in .png, .jpg or .jpeg (letters, digits, '.', '_', '-'), the name its images' addresses end in")
            }
            guard names.insert(name).inserted else { throw Problem.badRequest("image part \"\(name)\": sent twice") }
            let path = folder(id) + "/" + name
            try Data(part.bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            do {
                _ = try PictureFile(path: path, label: "image part \"\(name)\"")
            } catch let error as InputError {
                throw Problem.badRequest(error.message.replacingOccurrences(of: path, with: name))
            }
        }
    }

    /// The pictures uploaded with job `id`, by name; none when it had none.
    func pictures(_ id: String) throws -> PictureFiles {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder(id))) ?? []).filter(Self.isPictureName)
        guard !names.isEmpty else { return .none }
        var pictures = PictureFiles()
        try pictures.addFolder(folder(id), label: "the job's pictures")
        return pictures
    }
}
