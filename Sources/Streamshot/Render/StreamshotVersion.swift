import StreamshotCMark
import StreamshotGraphics

/// Streamshot's version, and the libraries a render's pixels depend on, as `streamshot --version`
/// prints them: the same machine prints the same lines, and a golden that differs between two
/// machines can be traced to a library that differs.
public enum StreamshotVersion {
    /// Raised with each release; the manifest's format has its own version (`Manifest.currentVersion`).
    public static let current = "0.9.0"

    /// `streamshot 0.9.0` then one line per library: `Pango 1.50.12`, `Cairo 1.16.0`,
    /// `HarfBuzz 6.0.0`, `cmark-gfm 0.29.0.gfm.6`.
    public static var text: String {
        let libraries = GraphicsLibraryVersions.all + [("cmark-gfm", CMarkVersion.runtime)]
        return (["streamshot \(current)"] + libraries.map { "\($0.name) \($0.version)" }).joined(separator: "\n")
    }
}
