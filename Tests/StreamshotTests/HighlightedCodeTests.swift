import Foundation
import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Code coloured token by token as the client decides: in the theme's syntax colours where the
/// client highlights code and the fence names a language, one colour otherwise.
@Suite struct HighlightedCodeTests {
    static let code = "```python\ndef rent(days):\n    # pro rata\n    return 'paid'\n```\n"

    /// How many pixels of each code line are drawn near `color`.
    static func pixels(near color: Color, arguments: String, markdown: String = code) throws -> (lines: [Int], options: ManifestOptions) {
        var settings = try RenderSettings(arguments: "--device iphone-se \(arguments)")
        settings.fonts = TestSupport.fontsDirectory
        let options = try settings.renderOptions()
        let last = try #require(try TestSupport.scenes(TestSupport.transcript(markdown, network: .instant), options: options).scenes.last)
        let canvas = try Canvas(width: options.widthPx, height: options.heightPx)
        try FramePainter(theme: options.theme, scale: options.scale).paint(last, on: canvas)
        let lines = try #require(last.manifestFrame(file: "").blocks.first { $0.kind == .code }).lines
        let counts = lines.map { line in
            var count = 0
            for x in Int(line.x)..<Int(line.x + line.width) {
                for y in Int(line.y)..<Int(line.y + line.height) where AlertTests.near(canvas.pixel(x: x, y: y), color) { count += 1 }
            }
            return count
        }
        return (counts, options.manifestOptions)
    }

    @Test(arguments: [Theme.light, Theme.dark])
    func eachTokenTakesItsColour(_ theme: Theme) throws {
        let syntax = theme.syntax
        let keyword = try Self.pixels(near: syntax.keyword, arguments: "--theme \(theme.name)")
        #expect(keyword.lines[0] > 30 && keyword.lines[2] > 30, "def and return: \(keyword.lines)")
        #expect(keyword.lines[1] == 0, "the comment line has no keyword")
        #expect(try Self.pixels(near: syntax.comment, arguments: "--theme \(theme.name)").lines[1] > 30)
        #expect(try Self.pixels(near: syntax.string, arguments: "--theme \(theme.name)").lines[2] > 30, "'paid'")
        #expect(try Self.pixels(near: syntax.entity, arguments: "--theme \(theme.name)").lines[0] > 30, "rent, the function's name")
        #expect(keyword.options.codeHighlighting == .primer, "the manifest records it")
    }

    @Test func aClientThatDoesNotHighlightDrawsCodeInOneColour() throws {
        let syntax = Theme.light.syntax
        // The comment's grey is left out: the text's own edges blend to greys near it.
        for color in [syntax.keyword, syntax.string, syntax.entity, syntax.constant] {
            let plain = try Self.pixels(near: color, arguments: "--code-highlighting none")
            #expect(plain.lines.allSatisfy { $0 == 0 }, "\(plain.lines)")
            #expect(plain.options.codeHighlighting == nil)
        }
    }

    @Test func aFenceWithoutAKnownLanguageStaysPlain() throws {
        let unknown = Self.code.replacingOccurrences(of: "```python", with: "```cobol-2002")
        let keyword = try Self.pixels(near: Theme.light.syntax.keyword, arguments: "", markdown: unknown)
        #expect(keyword.lines.allSatisfy { $0 == 0 })
    }

    /// Each syntax colour reads at 4.5:1 or more on its theme's code background, Increase Contrast included.
    @Test func everySyntaxColourReadsOnItsCodeBackground() {
        for theme in [Theme.light, .dark, Theme.light.withIncreasedContrast(), Theme.dark.withIncreasedContrast()] {
            let s = theme.syntax
            for color in [s.comment, s.keyword, s.string, s.constant, s.entity, s.tag, s.variable, s.inserted, s.deleted] {
                #expect(Self.contrast(color, theme.codeBackground) >= 4.5, "\(theme.name) \(color) on \(theme.codeBackground)")
            }
        }
    }

    static func contrast(_ a: Color, _ b: Color) -> Double {
        func luminance(_ c: Color) -> Double {
            func channel(_ v: Double) -> Double { v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue)
        }
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
