/// Cuts plain text into token-sized pieces, roughly as an LLM's tokenizer would: a word with
/// its leading space, long words in pieces of up to four characters, newlines on their own.
enum Tokenizer {
    static let maxPieceLength = 4

    package static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        var lettersInCurrent = 0
        func flush() {
            if !current.isEmpty { tokens.append(String(current)) }
            current = String.UnicodeScalarView()
            lettersInCurrent = 0
        }
        for scalar in text.unicodeScalars {
            let isSpace = scalar == " " || scalar == "\t"
            if scalar == "\n" {
                flush()
                tokens.append("\n")
                continue
            }
            if isSpace {
                // A space starts the next word's token, as in BPE vocabularies.
                if lettersInCurrent > 0 { flush() }
                current.append(scalar)
                continue
            }
            // Combining marks stay with their base letter's piece.
            let isMark = scalar.properties.generalCategory == .nonspacingMark
            if !isMark && lettersInCurrent >= maxPieceLength { flush() }
            current.append(scalar)
            if !isMark { lettersInCurrent += 1 }
        }
        flush()
        return tokens
    }
}
