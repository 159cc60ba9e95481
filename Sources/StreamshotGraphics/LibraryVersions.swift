import CPangoCairo

/// The versions of the C libraries this process runs on, as they report themselves at run time
/// (not the headers it was built against): what `streamshot --version` prints.
public enum GraphicsLibraryVersions {
    /// `[("Pango", "1.50.12"), ("Cairo", "1.16.0"), ("HarfBuzz", "6.0.0")]`, in that order.
    public static var all: [(name: String, version: String)] {
        [
            ("Pango", String(cString: pango_version_string())),
            ("Cairo", String(cString: cairo_version_string())),
            ("HarfBuzz", String(cString: hb_version_string()))
        ]
    }
}
