/// The reader's display settings that change how text is drawn: the text size, Bold Text and
/// Increase Contrast (iOS's names; Android has the same three). The manifest records them.
public struct Appearance: Sendable, Hashable {
    public typealias Contrast = StreamshotManifest.Contrast

    public var textSize = TextSize.default
    public var boldText = false
    public var contrast = Contrast.standard

    public init(textSize: TextSize = .default, boldText: Bool = false, contrast: Contrast = .standard) {
        self.textSize = textSize
        self.boldText = boldText
        self.contrast = contrast
    }
}

extension Theme {
    /// This theme as `appearance` makes it: sized, then with contrast raised, then bold. The
    /// defaults give the theme back unchanged, to the bit.
    func adapted(to appearance: Appearance) -> Theme {
        var theme = self.sized(appearance.textSize)
        if appearance.contrast == .increased { theme = theme.withIncreasedContrast() }
        theme.boldText = appearance.boldText
        return theme
    }

    /// Every text style at `textSize`, as the platform scales it: body, table and list text and
    /// code as Body; headings as Body with the gap to it narrowed as iOS narrows Title 1's;
    /// pills, captions and the composer as Footnote and Caption 1, capped at `xxxLarge` as bars are.
    func sized(_ textSize: TextSize) -> Theme {
        guard textSize != .default else { return self }
        var theme = self
        theme.bodySize = textSize.scaled(bodySize, as: .body)
        theme.codeSize = textSize.scaled(codeSize, as: .body)
        theme.headingScales = headingScales.map { textSize.headingScale($0, bodySize: bodySize) }
        theme.textScale = theme.bodySize / bodySize
        let chrome = textSize.chrome
        theme.labelSize = chrome.scaled(labelSize, as: .footnote)
        theme.captionSize = chrome.scaled(captionSize, as: .caption1)
        theme.pillHeight = pillHeight * theme.labelSize / labelSize
        // The composer's text field grows by a line of body text at the chrome's size.
        theme.bottomInset = bottomInset + 1.2 * (chrome.scaled(bodySize, as: .body) - bodySize)
        return theme
    }
}
