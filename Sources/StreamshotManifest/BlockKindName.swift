/// A leaf block's kind without its details, as the manifest names it.
public enum BlockKindName: String, Codable, Sendable, CaseIterable {
    case paragraph, heading, code, thematicBreak, table, html, notice, formula, picture, toolCard
}
