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
    /// The fonts folder (the math font is read from it: `MathFont`).
    public let directory: String

    /// Loads every font in `directory`.
    /// - Parameter directory: a folder of .ttf/.otf files (the project's `Fonts/`).
    /// - Throws: `GraphicsError` when fontconfig or Pango cannot be set up, or the folder holds no font.
    public init(directory: String) throws {
        self.directory = directory
        let config = try nonNull(FcConfigCreate(), "create fontconfig configuration", creator: "FcConfigCreate")
        // Cache scans in the temporary folder: fontconfig complains when it has no writable cache.
        let cacheDirectory = (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/streamshot-fontconfig"
        let settings =
            "<fontconfig><cachedir>\(cacheDirectory)</cachedir>\(Self.mathFontApart)\(Self.emojiRules)\(Self.syntheticItalic)</fontconfig>"
        guard FcConfigParseAndLoadFromMemory(config, settings, FcFalse) == FcTrue else {
            FcConfigDestroy(config)
            throw GraphicsError("load fonts", "fontconfig rejected the private configuration")
        }
        guard FcConfigAppFontAddDir(config, directory) == FcTrue else {
            FcConfigDestroy(config)
            throw GraphicsError("load fonts", "cannot read font folder \(directory)")
        }
        let fonts = FcConfigGetFonts(config, FcSetApplication)
        guard let fonts, fonts.pointee.nfont > 0 else {
            FcConfigDestroy(config)
            throw GraphicsError("load fonts", "no font files in \(directory)")
        }
        do { try OwnedFaces.attach(to: fonts) } catch {
            FcConfigDestroy(config)
            throw error
        }
        let fontMap = try nonNull(
            pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT), "create font map",
            creator: "pango_cairo_font_map_new_for_font_type"
        ) { FcConfigDestroy(config) }
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
        // Letting go of the font map lets go of its fonts and their cairo scaled fonts (`GlyphWork`).
        GlyphWork.serially {
            g_object_unref(UnsafeMutableRawPointer(ltrContext))
            g_object_unref(UnsafeMutableRawPointer(rtlContext))
            g_object_unref(UnsafeMutableRawPointer(fontMap))
        }
        FcConfigDestroy(config)
    }

    /// The scaled fonts this library's layouts were drawn with, held for good already
    /// (`ScaledFontKeeper`): a font seen again costs a lookup here, not the process-wide lock.
    private var keptScaledFonts: Set<OpaquePointer> = []

    /// Keeps alive every scaled font in `fonts` (`ScaledFontKeeper`).
    func keep(_ fonts: [OpaquePointer]) {
        for font in fonts where keptScaledFonts.insert(font).inserted {
            ScaledFontKeeper.keep(font)
        }
    }

    /// The number of font faces loaded.
    public var faceCount: Int {
        Int(FcConfigGetFonts(config, FcSetApplication)?.pointee.nfont ?? 0)
    }

    func context(for direction: WritingDirection) -> OpaquePointer {
        direction == .rtl ? rtlContext : ltrContext
    }

    /// Ascent and descent, in pixels, of the first font that `font` resolves to.
    public func metrics(of font: FontSpec) -> (ascent: Double, descent: Double) {
        let description = font.makeDescription()
        defer { pango_font_description_free(description) }
        // Metrics load fonts and measure glyphs through cairo (`GlyphWork`).
        let metrics = GlyphWork.serially { pango_context_get_metrics(ltrContext, description, nil) }
        defer { pango_font_metrics_unref(metrics) }
        return (
            Double(pango_font_metrics_get_ascent(metrics)) / Double(PANGO_SCALE),
            Double(pango_font_metrics_get_descent(metrics)) / Double(PANGO_SCALE)
        )
    }

    /// The math font (`MathFont`) is never a face of text: were fontconfig given it, it would be
    /// the fallback for the arrows and symbols the Noto fonts lack, and change what text looks like.
    static let mathFontApart = "<selectfont><rejectfont><glob>*/\(MathFont.fileName)</glob></rejectfont></selectfont>"

    /// Two rules the system's fontconfig files would give the colour emoji font, which a private
    /// configuration has to state itself:
    /// - Pango asks for the family "emoji" for emoji runs (emoji presentation, a VS16, a keycap
    ///   sequence); unknown, that family falls back to any font, so a keycap's "#" came from Noto
    ///   Sans beside an empty keycap. Plain digits, "#", "*" and spaces are not emoji runs: they
    ///   keep the block's own families.
    /// - A bitmap font (Noto Color Emoji holds only a 109 px strike) is drawn at its strike size by
    ///   cairo 1.16 unless the font's matrix scales it: the rule of fontconfig's
    ///   10-scale-bitmap-fonts.conf. It tests `outline`, so it touches no outline font.
    static let emojiRules = """
        <alias binding="same"><family>emoji</family><prefer><family>Noto Color Emoji</family></prefer></alias>
        <match target="font">
          <test name="outline" compare="eq"><bool>false</bool></test>
          <edit name="pixelsizefixupfactor" mode="assign">
            <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
          </edit>
        </match>
        <match target="font">
          <test name="outline" compare="eq"><bool>false</bool></test>
          <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
          <edit name="matrix" mode="assign">
            <times><name>matrix</name><matrix>
              <name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name>
            </matrix></times>
          </edit>
          <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
        </match>
        """

    /// Emphasis in a script whose bundled font has no italic (Arabic, Hebrew, monospace) is
    /// slanted, as browsers synthesize it: fontconfig's own 90-synthetic.conf rule, for outline
    /// fonts only (a slanted colour emoji would lose its bitmap). Without it `*نص*` looked plain.
    static let syntheticItalic = """
        <match target="font">
          <test name="outline" compare="eq"><bool>true</bool></test>
          <test name="slant"><const>roman</const></test>
          <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
          <edit name="matrix" mode="assign">
            <times><name>matrix</name><matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix></times>
          </edit>
          <edit name="slant" mode="assign"><const>oblique</const></edit>
        </match>
        """

    private static func makeContext(_ fontMap: UnsafeMutablePointer<PangoFontMap>, direction: PangoDirection) throws -> OpaquePointer {
        let context = try nonNull(
            pango_font_map_create_context(fontMap), "create Pango context",
            creator: "pango_font_map_create_context")
        let options = try nonNull(
            cairo_font_options_create(), "create font options",
            creator: "cairo_font_options_create"
        ) { g_object_unref(UnsafeMutableRawPointer(context)) }
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
