/// Which way text runs: a paragraph's base direction, a block's, the response's. One word from the
/// client's decision to Pango's layout and the manifest's record of it.
public enum WritingDirection: String, Sendable, Equatable, Codable, CaseIterable {
    case ltr, rtl
}
