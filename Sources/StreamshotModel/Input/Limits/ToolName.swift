/// A tool's name as a status label may show it: the provider sends any string, and a label is one
/// line of a few words. Cut to `maxCharacters` (a 1 MB name would be laid out on every frame of
/// the call), control characters (NUL, line breaks) made spaces, and the bidi embedding,
/// override and isolate controls taken out (in a label they would reorder the words around the
/// name) — each change named in a warning.
enum ToolName {
    /// The most characters of a name a label takes (fewer when `--max-line-chars` is lower).
    static let maxCharacters = 200

    /// The name to show, and a warning for each kind of change made to it.
    static func sanitized(_ name: String, limits: StreamLimits, timeMs: Double) -> (name: String, warnings: [RenderWarning]) {
        let limit = min(maxCharacters, limits.maxLineChars)
        var scalars = String.UnicodeScalarView()
        var (controls, bidi, count) = (0, 0, 0)
        for scalar in name.unicodeScalars {
            if count == limit { break }
            if isBidiControl(scalar) {
                bidi += 1
                continue
            }
            if scalar.properties.generalCategory == .control {
                controls += 1
                scalars.append(" ")
            } else {
                scalars.append(scalar)
            }
            count += 1
        }
        var warnings: [RenderWarning] = []
        let shown = "tool name «\(String(scalars).prefix(40))»"
        if bidi > 0 {
            warnings.append(
                RenderWarning(kind: .bidiControl, message: "\(shown): \(bidi) bidi control(s) taken out of its status label", timeMs: timeMs))
        }
        if controls > 0 {
            warnings.append(
                RenderWarning(
                    kind: .nulCharacter, message: "\(shown): \(controls) control character(s) (NUL, line breaks) shown as spaces",
                    timeMs: timeMs))
        }
        let total = name.unicodeScalars.count - bidi
        if total > limit {
            warnings.append(
                RenderWarning(
                    kind: .lineTooLong, message: "\(shown): \(total) characters, cut to \(limit) for its status label",
                    timeMs: timeMs))
        }
        return (String(scalars), warnings)
    }

    /// The embedding, override and isolate controls (U+202A-202E, U+2066-2069); the marks LRM,
    /// RLM and ALM are left alone.
    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
