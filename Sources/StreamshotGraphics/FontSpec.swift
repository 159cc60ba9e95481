import CPangoCairo

/// A font request: a family fallback list and a size in pixels.
public struct FontSpec: Equatable, Hashable, Sendable {
    /// Comma-separated family names, first choice first; fontconfig falls back along it.
    public var families: String
    /// Font size in device pixels (em size).
    public var sizePx: Double
    public var bold: Bool

    public init(families: String, sizePx: Double, bold: Bool = false) {
        self.families = families
        self.sizePx = sizePx
        self.bold = bold
    }

    /// A new PangoFontDescription; the caller frees it.
    func makeDescription() -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, families)
        pango_font_description_set_absolute_size(description, sizePx * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        return description
    }
}
