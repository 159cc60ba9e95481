/// The base direction of the response or of one block.
public enum WritingDirection: String, Sendable, Equatable, Codable, CaseIterable {
    case ltr, rtl
}
