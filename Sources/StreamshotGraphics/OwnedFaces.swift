import CPangoCairo
import Foundation

/// Every font file a render draws with, opened once per process by a FreeType library of our own
/// and never closed, and handed to cairo in the font's fontconfig pattern (`FC_FT_FACE`).
///
/// Why: cairo 1.16 (Debian 12's) keeps at most ten FreeType faces it opened itself and closes one
/// to open another, and that is not thread-safe. `_cairo_ft_unscaled_font_lock_face` takes the
/// face's lock and only then counts itself as a user, while another thread, holding only the font
/// map's lock, picks a face with no counted user and closes it — the first thread then draws with
/// a closed face (a SIGSEGV in `_cairo_ft_scaled_glyph_init`, reading `face->glyph`). It also opens
/// faces with its one shared FreeType library outside any lock. With more than ten faces in use
/// (eleven font files, or one folder reached by two paths) and renders on several threads, this
/// crashed a loaded suite run and crashes `OpenFaceLimitTests` every time without this.
/// A face cairo is given is never closed or counted by cairo: it only takes that face's own lock
/// around each use. What is kept is one face per file and index, bounded by the font folders used.
enum OwnedFaces {
    private struct Key: Hashable {
        let file: String
        let index: Int32
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var library: FT_Library?
    nonisolated(unsafe) private static var faces: [Key: FT_Face] = [:]

    /// Puts our own face of each font in `fonts` into its pattern (a copy: patterns read from
    /// fontconfig's cache cannot be changed).
    /// - Throws: `GraphicsError` naming the file FreeType cannot open.
    static func attach(to fonts: UnsafeMutablePointer<FcFontSet>) throws {
        for slot in 0..<Int(fonts.pointee.nfont) {
            guard let pattern = fonts.pointee.fonts[slot] else { continue }
            guard let key = key(of: pattern) else { continue }
            let face = try face(for: key)
            guard let copy = FcPatternDuplicate(pattern) else { throw GraphicsError("load fonts", "out of memory copying \(key.file)") }
            guard FcPatternAddFTFace(copy, FC_FT_FACE, face) == FcTrue else {
                FcPatternDestroy(copy)
                throw GraphicsError("load fonts", "fontconfig would not take the face of \(key.file)")
            }
            fonts.pointee.fonts[slot] = copy
            FcPatternDestroy(pattern)
        }
    }

    private static func key(of pattern: OpaquePointer) -> Key? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return Key(file: String(cString: file), index: index)
    }

    /// Our face of `file` (its first), opened on first use: a font fontconfig is not given (the math font).
    static func face(ofFile file: String) throws -> FT_Face { try face(for: Key(file: file, index: 0)) }

    private static func face(for key: Key) throws -> FT_Face {
        try lock.withLock {
            if let face = faces[key] { return face }
            if library == nil {
                var made: FT_Library?
                let error = FT_Init_FreeType(&made)
                guard error == 0, let made else { throw GraphicsError("load fonts", "FT_Init_FreeType failed (FreeType error \(error))") }
                library = made
            }
            var face: FT_Face?
            let error = FT_New_Face(library, key.file, FT_Long(key.index), &face)
            guard error == 0, let face else {
                throw GraphicsError("load fonts", "FreeType cannot open \(key.file) (face \(key.index), FreeType error \(error))")
            }
            faces[key] = face
            return face
        }
    }
}
