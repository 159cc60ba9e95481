/// The textAlign option, as CSS and React Native name it.
public enum TextAlign: String, Sendable, CaseIterable {
    case auto, start, end, left, right, center, justify
}

/// How textAlign becomes a physical alignment.
public enum AlignmentResolution: String, Sendable, CaseIterable {
    /// Resolved once against the block's direction, as CSS does (the rule).
    case css
    /// Resolved, then mirrored again for RTL blocks, as Pango does with auto-dir on over an LTR
    /// context: reproduces the double-mirroring bug on purpose.
    case mirroredTwice = "mirrored-twice"
}
