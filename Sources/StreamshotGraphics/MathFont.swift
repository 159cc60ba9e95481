import CPangoCairo
import Foundation
import StreamshotMath

/// The math font (Latin Modern Math, from `Fonts/`): its MATH table and glyph boxes read
/// through HarfBuzz, its glyphs drawn through cairo. It is kept out of fontconfig
/// (`FontLibrary`'s `rejectfont`), so it is never a fallback for text, and opened once per process.
public final class MathFont: @unchecked Sendable {
    /// The file's name in the fonts folder.
    public static let fileName = "latinmodern-math.otf"

    private let hbFont: OpaquePointer
    private let cairoFace: OpaquePointer
    public let unitsPerEm: Double
    private let lock = NSLock()
    private var scaledFonts: [Double: OpaquePointer] = [:]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var loaded: [String: MathFont] = [:]

    /// The math font in `directory`, opened once per process.
    /// - Throws: `GraphicsError` when the file is missing or has no MATH table.
    public static func load(fromFontsIn directory: String) throws -> MathFont {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(fileName).path
        return try lock.withLock {
            if let font = loaded[path] { return font }
            let font = try MathFont(path: path)
            loaded[path] = font
            return font
        }
    }

    private init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw GraphicsError("load math font", "no \(path)") }
        let blob = hb_blob_create_from_file(path)
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, 0)
        defer { hb_face_destroy(face) }
        guard hb_ot_math_has_data(face) != 0 else { throw GraphicsError("load math font", "\(path) has no OpenType MATH table") }
        let upem = hb_face_get_upem(face)
        guard let font = hb_font_create(face) else { throw GraphicsError("load math font", "HarfBuzz cannot open \(path)") }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        let ftFace = try OwnedFaces.face(ofFile: path)
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, 0) else {
            hb_font_destroy(font)
            throw GraphicsError("load math font", "cairo cannot use \(path)")
        }
        hbFont = font
        self.cairoFace = cairoFace
        unitsPerEm = Double(upem)
    }

    /// The scaled font that draws glyphs `size` pixels tall: made once per size and kept for
    /// good (`ScaledFontKeeper`), with the text's font options (no hinting, grey antialiasing).
    func scaledFont(size: Double) throws -> OpaquePointer {
        try lock.withLock {
            if let font = scaledFonts[size] { return font }
            var matrix = cairo_matrix_t()
            var identity = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, size, size)
            cairo_matrix_init_identity(&identity)
            let options = cairo_font_options_create()
            defer { cairo_font_options_destroy(options) }
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            let font = try GlyphWork.serially {
                let font = cairo_scaled_font_create(cairoFace, &matrix, &identity, options)
                try Cairo.check(cairo_scaled_font_status(font), "make the math font's scaled font")
                return font!
            }
            ScaledFontKeeper.keep(font)
            cairo_scaled_font_destroy(font)
            scaledFonts[size] = font
            return font
        }
    }

    func constant(_ constant: MathConstant) -> Double {
        Double(hb_ot_math_get_constant(hbFont, hb_ot_math_constant_t(UInt32(constant.rawValue))))
    }

    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    func metrics(of glyph: UInt32) -> GlyphMetrics {
        var extents = hb_glyph_extents_t()
        _ = hb_font_get_glyph_extents(hbFont, glyph, &extents)
        let advance = Double(hb_font_get_glyph_h_advance(hbFont, glyph))
        return GlyphMetrics(advance: advance, ascent: Double(extents.y_bearing), descent: -Double(extents.y_bearing + extents.height))
    }

    func italicCorrection(of glyph: UInt32) -> Double { Double(hb_ot_math_get_glyph_italics_correction(hbFont, glyph)) }

    func topAccentAttachment(of glyph: UInt32) -> Double { Double(hb_ot_math_get_glyph_top_accent_attachment(hbFont, glyph)) }

    func variants(of glyph: UInt32, vertical: Bool) -> [(glyph: UInt32, advance: Double)] {
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var count: UInt32 = 32
        var variants = [hb_ot_math_glyph_variant_t](repeating: hb_ot_math_glyph_variant_t(), count: 32)
        _ = hb_ot_math_get_glyph_variants(hbFont, glyph, direction, 0, &count, &variants)
        return variants.prefix(Int(count)).map { ($0.glyph, Double($0.advance)) }
    }

    func assembly(of glyph: UInt32, vertical: Bool) -> [GlyphPart] {
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var count: UInt32 = 16
        var parts = [hb_ot_math_glyph_part_t](repeating: hb_ot_math_glyph_part_t(), count: 16)
        var italics: hb_position_t = 0
        _ = hb_ot_math_get_glyph_assembly(hbFont, glyph, direction, 0, &count, &parts, &italics)
        return parts.prefix(Int(count)).map { part in
            GlyphPart(
                glyph: part.glyph, startConnector: Double(part.start_connector_length), endConnector: Double(part.end_connector_length),
                fullAdvance: Double(part.full_advance), isExtender: (part.flags.rawValue & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER.rawValue) != 0)
        }
    }

    func minConnectorOverlap(vertical: Bool) -> Double {
        Double(hb_ot_math_get_min_connector_overlap(hbFont, vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR))
    }
}
