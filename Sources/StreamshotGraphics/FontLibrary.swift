import CPangoCairo
import Foundation

/// The fonts a render may use: a private fontconfig configuration holding one folder and
/// nothing else, a Pango font map over it, and one Pango context per base direction.
///
/// Determinism comes from here: no system font can leak in, hinting is off, hint metrics
/// are off, glyph positions are not rounded and antialiasing is grayscale, so the same text
/// gives the same pixels on any machine with the same library versions.
///
/// Not thread-safe: use one library per thread.
public final class FontLibrary {
    private let config: OpaquePointer
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let ltrContext: OpaquePointer
    private let rtlContext: OpaquePointer

    /// Loads every font in `directory`.
    /// - Parameter directory: a folder of .ttf/.otf files (the project's `Fonts/`).
    /// - Throws: `GraphicsError` when fontconfig or Pango cannot be set up, or the folder holds no font.
    public init(directory: String) throws {
        let config = try nonNull(FcConfigCreate(), "create fontconfig configuration", creator: "FcConfigCreate")
        // Cache scans in the temporary folder: fontconfig complains when it has no writable cache.
        let cacheDirectory = (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/streamshot-fontconfig"
        let settings = "<fontconfig><cachedir>\(cacheDirectory)</cachedir></fontconfig>"
        _ = FcConfigParseAndLoadFromMemory(config, settings, FcFalse)
        guard FcConfigAppFontAddDir(config, directory) == FcTrue else {
            FcConfigDestroy(config)
            throw GraphicsError("load fonts", "cannot read font folder \(directory)")
        }
        let fonts = FcConfigGetFonts(config, FcSetApplication)
        guard let fonts, fonts.pointee.nfont > 0 else {
            FcConfigDestroy(config)
            throw GraphicsError("load fonts", "no font files in \(directory)")
        }
        let fontMap = try nonNull(pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT), "create font map",
                                  creator: "pango_cairo_font_map_new_for_font_type") { FcConfigDestroy(config) }
        // The font map takes its own reference to the configuration.
        pango_fc_font_map_set_config(OpaquePointer(fontMap), config)
        self.config = config
        self.fontMap = fontMap
        self.ltrContext = try Self.makeContext(fontMap, direction: PANGO_DIRECTION_LTR)
        do {
            self.rtlContext = try Self.makeContext(fontMap, direction: PANGO_DIRECTION_RTL)
        } catch {
            g_object_unref(UnsafeMutableRawPointer(ltrContext))
            g_object_unref(UnsafeMutableRawPointer(fontMap))
            FcConfigDestroy(config)
            throw error
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(ltrContext))
        g_object_unref(UnsafeMutableRawPointer(rtlContext))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        FcConfigDestroy(config)
    }

    /// The number of font faces loaded.
    public var faceCount: Int {
        Int(FcConfigGetFonts(config, FcSetApplication)?.pointee.nfont ?? 0)
    }

    func context(for direction: TextDirection) -> OpaquePointer {
        direction == .rtl ? rtlContext : ltrContext
    }

    /// Ascent and descent, in pixels, of the first font that `font` resolves to.
    public func metrics(of font: FontSpec) -> (ascent: Double, descent: Double) {
        let description = font.makeDescription()
        defer { pango_font_description_free(description) }
        let metrics = pango_context_get_metrics(ltrContext, description, nil)
        defer { pango_font_metrics_unref(metrics) }
        return (Double(pango_font_metrics_get_ascent(metrics)) / Double(PANGO_SCALE),
                Double(pango_font_metrics_get_descent(metrics)) / Double(PANGO_SCALE))
    }

    private static func makeContext(_ fontMap: UnsafeMutablePointer<PangoFontMap>, direction: PangoDirection) throws -> OpaquePointer {
        let context = try nonNull(pango_font_map_create_context(fontMap), "create Pango context",
                                  creator: "pango_font_map_create_context")
        let options = try nonNull(cairo_font_options_create(), "create font options",
                                  creator: "cairo_font_options_create") { g_object_unref(UnsafeMutableRawPointer(context)) }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        try Cairo.check(cairo_font_options_status(options), "set font options") {
            g_object_unref(UnsafeMutableRawPointer(context))
        }
        pango_cairo_context_set_font_options(context, options)
        // 72 dpi: one point of font size is one device pixel, so sizes are given in pixels.
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_base_dir(context, direction)
        return context
    }
}
