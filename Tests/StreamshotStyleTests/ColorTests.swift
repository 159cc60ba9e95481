import StreamshotStyle
import Testing

/// Colours as themes write them: hex literals and CSS's `#RRGGBB`/`#RGB`, anything else refused,
/// and a fade that scales only the alpha.
struct ColorTests {
    @Test func hexLiteralsGiveTheirComponents() {
        let color = Color(hex: 0x1F6FEB, alpha: 0.5)
        #expect(color == Color(red: 31.0 / 255, green: 111.0 / 255, blue: 235.0 / 255, alpha: 0.5))
    }

    @Test func cssHexIsReadInBothLengths() {
        #expect(Color(css: "#1f6feb") == Color(hex: 0x1F6FEB))
        #expect(Color(css: "#fa0") == Color(hex: 0xFFAA00), "#RGB doubles each digit")
    }

    @Test(arguments: ["1f6feb", "#1f6fe", "#12345g", "#", "", "red", "#1f6feb80"])
    func anythingElseIsNotAColour(_ text: String) {
        #expect(Color(css: text) == nil)
    }

    @Test func fadingScalesOnlyTheAlpha() {
        let color = Color(hex: 0x336699, alpha: 0.8)
        let faded = color.fading(0.25)
        #expect(faded.alpha == 0.8 * 0.25)
        #expect(faded.red == color.red && faded.green == color.green && faded.blue == color.blue)
        #expect(color.fading(1) == color && color.fading(0).alpha == 0)
    }
}
