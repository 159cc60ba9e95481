import StreamshotGraphics

/// Finds the controls, reveals them for layout and warns about each one. The marks LRM, RLM and
/// ALM are legitimate in Arabic text and are left alone.
enum BidiControls {
    static let abbreviations: [UInt32: String] = [
        0x202A: "LRE", 0x202B: "RLE", 0x202C: "PDF", 0x202D: "LRO", 0x202E: "RLO",
        0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI", 0x2069: "PDI"
    ]
    static let names: [UInt32: String] = [
        0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
        0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
        0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE"
    ]

    /// `text` with every control replaced by its abbreviation, styled as a revealed control. Each
    /// control and its abbreviation are three UTF-8 bytes, so every span keeps its offsets.
    static func revealed(_ text: StyledText) -> StyledText {
        guard text.text.unicodeScalars.contains(where: { abbreviations[$0.value] != nil }) else { return text }
        var result = ""
        var spans = text.spans
        var byte = 0
        for scalar in text.text.unicodeScalars {
            if let abbreviation = abbreviations[scalar.value] {
                result += abbreviation
                spans.append(TextSpan(bytes: byte..<(byte + 3), style: .revealedControl))
            } else {
                result.unicodeScalars.append(scalar)
            }
            byte += String(scalar).utf8.count
        }
        return StyledText(result, spans: spans)
    }

    /// One warning per control in `text`, naming it and its offset (in characters, as the
    /// manifest's `text` counts them).
    static func warnings(in text: String, display: BidiControlDisplay) -> [RenderWarning] {
        var warnings: [RenderWarning] = []
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            guard let abbreviation = abbreviations[scalar.value], let name = names[scalar.value] else { continue }
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
            let effect =
                display == .show
                ? "shown as a boxed \"\(abbreviation)\" and not applied"
                : "applied: the text after it is reordered on screen with nothing to show it (--bidi-controls show reveals it)"
            warnings.append(
                RenderWarning(
                    kind: .bidiControl, message: "\(code) \(name) at character \(offset) of the text: \(effect)",
                    offset: offset))
        }
        return warnings
    }
}
