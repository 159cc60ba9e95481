import ArgumentParser
import Foundation
import Testing
@testable import StreamshotCLI

@Suite struct CLITests {
    @Test func helpNamesEveryRenderOption() {
        let help = StreamshotCommand.helpMessage(for: StreamshotCommand.Render.self)
        for option in ["--out", "--pacing", "--network", "--seed", "--direction-rule", "--block-direction",
                       "--writing-direction", "--text-align", "--size", "--scale", "--fps", "--theme", "--fonts",
                       "--format", "--direction-lock", "--align-resolution", "--line-pitch", "--encoder-threads"] {
            #expect(help.contains(option), "help lacks \(option)")
        }
    }

    @Test func everySubcommandIsThere() {
        let help = StreamshotCommand.helpMessage()
        for command in ["render", "inspect", "record", "check", "profile"] { #expect(help.contains(command)) }
        #expect(StreamshotCommand.helpMessage(for: StreamshotCommand.Record.self).contains("--max-reconnects"))
        #expect(StreamshotCommand.helpMessage(for: StreamshotCommand.Check.self).contains("--json"))
        #expect(StreamshotCommand.helpMessage(for: StreamshotCommand.Profile.self).contains("--no-frames"))
    }

    @Test func rejectsUnknownValuesWithAClearMessage() {
        #expect {
            _ = try StreamshotCommand.Render.parse(["x.md", "--out", "o", "--pacing", "jittery"])
        } throws: { error in
            StreamshotCommand.Render.message(for: error).contains("unknown pacing 'jittery'")
        }
        #expect {
            _ = try StreamshotCommand.Render.parse(["x.md", "--out", "o", "--size", "big"])
        } throws: { error in
            StreamshotCommand.Render.message(for: error).contains("--size must be WIDTHxHEIGHT")
        }
        #expect(throws: (any Error).self) {
            _ = try StreamshotCommand.Render.parse(["x.md", "--out", "o", "--text-align", "middle"])
        }
    }

    @Test func mapsOptionsToTheRenderer() throws {
        let command = try StreamshotCommand.Render.parse(["x.md", "--out", "o", "--pacing", "raw", "--size", "320x480",
                                                          "--scale", "2", "--writing-direction", "rtl", "--text-align", "end"])
        let options = command.look.renderOptions()
        #expect(options.pacing.name == "raw")
        #expect(options.widthPx == 640 && options.heightPx == 960)
        #expect(options.direction.forced == .rtl)
        #expect(options.textAlign == .end)
    }
}
