import ArgumentParser
import Foundation
import Streamshot
@testable import StreamshotCLI
import Testing

/// `streamshot render`'s options and `RenderSettings(arguments:)` (what the testing library and
/// the service take) are one set: the same names, and the same arguments make the same settings.
@Suite struct RenderSettingsParityTests {
    /// The long options `render --help` lists, without the dashes.
    static func helpOptions() -> Set<String> {
        let help = StreamshotCommand.Render.helpMessage(columns: 1000)
        let names = help.matches(of: /--([a-z0-9-]+)/).map { String($0.output.1) }
        return Set(names)
    }

    @Test func theLibraryTakesEveryRenderOptionOfTheCLI() {
        // Where the frames go, which of them this machine writes and how repeats are stored, not what they look like.
        let cliOnly: Set = ["out", "help", "version", "shard", "shards", "link-repeats"]
        let cli = Self.helpOptions().subtracting(cliOnly)
        let library = Set(RenderSettings.optionNames)
        #expect(cli.subtracting(library).isEmpty, "render options the library lacks: \(cli.subtracting(library).sorted())")
        #expect(library.subtracting(cli).isEmpty, "library options the CLI lacks: \(library.subtracting(cli).sorted())")
    }

    static let argumentVectors: [[String]] = [
        [],
        ["--client", "haqq-mobile", "--network", "3g", "--seed", "7", "--size", "375x667", "--scale", "2", "--theme", "dark"],
        ["--pacing=typewriter", "--no-monospaced", "--writing-direction", "rtl", "--text-align", "end", "--fps", "30", "--layout-direction", "rtl"],
        ["--client", "swiftui", "--typewriter-restart", "--direction-lock", "none", "--align-resolution", "mirrored-twice",
         "--line-pitch", "font-relative", "--direction-rule", "first-strong", "--block-direction", "response"],
        ["--format", "client-trace", "--max-duration", "90", "--max-line-chars", "500", "--max-code-chars", "800",
         "--draft-clauses", "7", "--interaction", "scroll@9s:-400", "--interaction", "stop@12s", "--bidi-controls", "apply",
         "--encoder-threads", "1", "--max-frames", "300", "--monospaced"],
        ["--format", "anthropic", "--network", "polling", "--writing-direction", "auto"],
        ["--map-text", "/payload/chunk", "--map-end", "/type=finished", "--map-error", "/err/message", "--map-time", "/ts"],
        ["--mapping", #"{"text":"/a~1b/0","end":{"pointer":"/done","equals":true}}"#, "--map-error", "/error"],
        // A device's size and scale give way to --size and --scale wherever they are given.
        ["--scale", "1", "--device", "iphone-se", "--text-size", "AX3", "--bold-text", "--contrast", "increased"],
        ["--device=pixel-7", "--size", "400x700", "--text-size", "scale:1.3"],
    ]

    @Test(arguments: argumentVectors)
    func theSameArgumentsMakeTheSameSettings(_ arguments: [String]) throws {
        let fonts = ["--fonts", FontLocator.defaultDirectory()!]
        let command = try StreamshotCommand.Render.parse(["x.md", "--out", "o"] + arguments + fonts)
        var cli = RenderSettings()
        try command.source.stream.apply(to: &cli)
        try command.look.apply(to: &cli)
        let library = try RenderSettings(arguments: arguments + fonts)
        #expect(String(reflecting: cli) == String(reflecting: library))
    }

    @Test func outOfRangeValuesAreRefusedWithTheSameWords() throws {
        for arguments in [["--fps", "0"], ["--scale", "9"], ["--size", "50x50"], ["--max-duration", "0"], ["--draft-clauses", "0"]] {
            var cliMessage = ""
            do {
                _ = try StreamshotCommand.Render.parse(["x.md", "--out", "o"] + arguments)
            } catch {
                cliMessage = StreamshotCommand.Render.message(for: error)
            }
            #expect(throws: InputError(cliMessage)) { try RenderSettings(arguments: arguments) }
        }
    }
}
