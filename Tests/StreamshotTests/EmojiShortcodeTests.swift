import Testing

@testable import Streamshot
@testable import StreamshotModel

/// GitHub's emoji shortcodes: a known `:name:` is its emoji, in text but not in code; an unknown
/// one, and a time like 10:30:45, stay as written; one being typed is held back, never shown raw.
@Suite struct EmojiShortcodeTests {
    private func shown(_ markdown: String) -> [String] {
        Playback.streamedBlocks(markdown, steps: 1).map(\.content.text)
    }

    @Test func knownShortcodesAreTheirEmoji() {
        #expect(shown("Done :white_check_mark: but :warning: **:+1:** and :x:\n") == ["Done ✅ but ⚠️ 👍 and ❌"])
        #expect(EmojiShortcodes.emoji.count > 1800)
    }

    @Test func codeUnknownNamesAndTimesStayAsWritten() {
        #expect(shown("`:warning:` and :not_an_emoji: at 10:30:45\n") == [":warning: and :not_an_emoji: at 10:30:45"])
        #expect(shown("```\n:warning:\n```\n") == [":warning:"])
        #expect(shown("Use <code>:smile:</code> or <tt>:x:</tt>, not :x:\n") == ["Use :smile: or :x:, not ❌"])
    }

    @Test func aShortcodeBeingTypedIsHeldBack() {
        let typing = StreamingSource.markdown(Array("Careful :warn".unicodeScalars)[...], ended: false)
        #expect(typing == "Careful ", "\(typing)")
        let notOne = StreamingSource.markdown(Array("Ratio 3:zq".unicodeScalars)[...], ended: false)
        #expect(notOne == "Ratio 3:zq", "no alias starts with zq: \(notOne)")
        let typed = StreamingSource.markdown(Array("Careful :warning:".unicodeScalars)[...], ended: false)
        #expect(typed == "Careful :warning:")
    }
}
