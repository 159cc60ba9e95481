public import StreamshotOptions
public import StreamshotStyle

// The words a render option names are these values: `--text-align start` is `TextAlign.start`.
extension TextAlign: NamedOptionValue {}
extension AlignmentResolution: NamedOptionValue {}
extension BlockDirectionMode: NamedOptionValue {}
extension DirectionLock: NamedOptionValue {}
extension WritingDirection: NamedOptionValue {}
extension LinePitchMode: NamedOptionValue {}
extension CodeOverflow: NamedOptionValue {}
extension CodeHighlighting: NamedOptionValue {}
extension AppLanguage: NamedOptionValue {}
extension BidiControlDisplay: NamedOptionValue {}
extension Contrast: NamedOptionValue {}
extension ManifestOptions.ForcedDirection: NamedOptionValue {
    /// The direction forced (nil: `auto`, none).
    public var writingDirection: WritingDirection? {
        switch self {
        case .auto: return nil
        case .ltr: return .ltr
        case .rtl: return .rtl
        }
    }
}
