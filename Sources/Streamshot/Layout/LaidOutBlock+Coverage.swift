extension LaidOutBlock {
    /// The characters of its text (content, list marker, table cells) that no bundled font covers,
    /// each once, piece by piece in the text's order. Empty, at the cost of one counter read per
    /// piece, when every character has a glyph.
    static func missingCharacters(of pieces: [TextPiece]) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        return pieces.flatMap(\.layout.missingCharacters).filter { seen.insert($0).inserted }
    }
}
