import StreamshotGraphics

extension Theme {
    /// The theme under Increase Contrast: text at full black or white, secondary text, rules and
    /// greys darker (light) or lighter (dark), and the tints in Apple's high-contrast system colours
    /// (systemBlue 0040DD / 409CFF, systemGray 6C6C70 / AEAEB2); links in GitHub's high-contrast
    /// themes' blues. Red is already the high-contrast red in both.
    func withIncreasedContrast() -> Theme {
        var theme = self
        let dark = background.red + background.green + background.blue < 1.5
        theme.text = Color(hex: dark ? 0xFFFFFF : 0x000000)
        theme.secondaryText = Color(hex: dark ? 0xD1D1D6 : 0x3A3A3C)
        theme.rule = Color(hex: dark ? 0x8E8E93 : 0x6C6C70)
        theme.codeBackground = Color(hex: dark ? 0x2C2C2E : 0xE5E5EA)
        theme.caret = Color(hex: dark ? 0x409CFF : 0x0040DD)
        theme.accent = Color(hex: dark ? 0xAEAEB2 : 0x6C6C70)
        theme.link = Color(hex: dark ? 0x71B7FF : 0x0349B4)
        theme.codeChip = dark ? Color(hex: 0x656C76, alpha: 0.7) : Color(hex: 0xAFB8C1, alpha: 0.5)
        theme.syntax = dark ? .darkHighContrast : .lightHighContrast
        return theme
    }
}
