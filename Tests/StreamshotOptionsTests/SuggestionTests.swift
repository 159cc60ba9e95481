import StreamshotOptions
import Testing

/// "Did you mean" names a slip's intended word, and stays quiet for a different word.
struct SuggestionTests {
    @Test func aSlipIsNamed() {
        #expect(Suggestion.closest(to: "drak", in: ["light", "dark"]) == "dark", "two neighbours swapped are one edit")
        #expect(Suggestion.closest(to: "THEM", in: ["theme", "seed"]) == "theme", "compared in any case")
        #expect(Suggestion.didYouMean("thme", ["theme"], prefix: "--") == " (did you mean --theme?)")
    }

    @Test func anotherWordIsNotASlip() {
        #expect(Suggestion.closest(to: "sepia", in: ["light", "dark"]) == nil)
        #expect(Suggestion.closest(to: "x", in: []) == nil)
        #expect(Suggestion.didYouMean("purple", ["light", "dark"]) == "")
    }
}
