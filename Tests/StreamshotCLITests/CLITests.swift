import ArgumentParser
import Foundation
import Streamshot
import Testing

@testable import StreamshotCLI

/// Parsing, help and validation of every command.
@Suite struct CLITests {
    @Test func helpNamesEveryRenderOption() {
        let help = StreamshotCommand.helpMessage(for: StreamshotCommand.Render.self)
        for option in [
            "--out", "--pacing", "--network", "--seed", "--direction-rule", "--block-direction",
            "--writing-direction", "--text-align", "--size", "--scale", "--fps", "--theme", "--fonts",
            "--format", "--direction-lock", "--align-resolution", "--line-pitch", "--encoder-threads",
            "--device", "--text-size", "--bold-text", "--contrast"
        ] {
            #expect(help.contains(option), "help lacks \(option)")
        }
    }

    @Test func helpListsTheValuesOfEveryNamedOption() {
        // The help is laid out in columns: its words, one space apart.
        let help = StreamshotCommand.helpMessage(for: StreamshotCommand.Render.self, columns: 400)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for values in [
            "keep-up, smooth, batched, raw", "seed, first-strong", "light, dark", "instant, steady, wifi, 4g, 3g, flaky",
            "auto, anthropic, openai-responses, gemini, ai-sdk, ai-sdk-data, cohere, ollama, openai-chat, polling, product",
            "auto, start, end, left, right, center, justify"
        ] {
            #expect(help.contains("values: \(values)"), "help lacks the values \(values)")
        }
        #expect(help.contains("default: 390x844, or the device's"))
        #expect(help.contains("values: iphone-se, iphone-14, iphone-pro-max, ipad-11, android-compact, pixel-7"))
    }

    @Test func everySubcommandIsListed() {
        let help = StreamshotCommand.helpMessage()
        let listed = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for command in ["render", "inspect", "record", "check", "profile", "review", "compare", "report", "matrix", "serve"] {
            #expect(listed.contains { $0.hasPrefix(command + " ") }, "no subcommand line for \(command)")
        }
        #expect(StreamshotCommand.helpMessage(for: StreamshotCommand.Record.self).contains("--max-reconnects"))
        #expect(StreamshotCommand.helpMessage(for: StreamshotCommand.Check.self).contains("--json"))
        #expect(StreamshotCommand.helpMessage(for: StreamshotCommand.Profile.self).contains("--no-frames"))
    }

    @Test func rejectsUnknownValuesWithAClearMessage() {
        #expect {
            _ = try StreamshotCommand.Render.parse(["x.md", "--out", "o", "--pacing", "jittery"])
        } throws: { error in
            let message = StreamshotCommand.Render.message(for: error)
            return message.contains("--pacing jittery: expected one of \(PacingPolicy.all.map(\.name).joined(separator: ", "))")
        }
        #expect {
            _ = try StreamshotCommand.Render.parse(["x.md", "--out", "o", "--size", "100x100", "--scale", "90"])
        } throws: { error in
            StreamshotCommand.Render.message(for: error).contains("--scale 90: expected a number from 0.25 to 4")
        }
        #expect {
            _ = try StreamshotCommand.Render.parse(["x.md", "--out", "o", "--size", "50x900"])
        } throws: { error in
            StreamshotCommand.Render.message(for: error).contains("--size 50x900 at --scale 3 makes 150x2700 pixels")
        }
        #expect {
            _ = try StreamshotCommand.Render.parse(["x.md", "--out", "o", "--text-align", "middle"])
        } throws: { error in
            StreamshotCommand.Render.message(for: error).contains("--text-align middle: expected one of auto, start, end")
        }
    }

    @Test func defaultsAreTheLibrarysOwn() throws {
        let command = try StreamshotCommand.Render.parse(["x.md", "--out", "o"])
        let options = try command.source.job().options
        let library = RenderOptions()
        #expect(options.widthPx == library.widthPx && options.heightPx == library.heightPx && options.fps == library.fps)
        #expect(options.client.pacing.name == library.client.pacing.name)
        #expect(options.client.direction.rule.name == library.client.direction.rule.name)
        #expect(options.client.alignment.textAlign == library.client.alignment.textAlign)
        #expect(options.client.pitch.mode == library.client.pitch.mode)
        let job = try command.source.job()
        #expect(job.network.name == RenderJob(input: .text("")).network.name && !job.networkGiven)
    }

    @Test func mapsOptionsToTheRenderer() throws {
        let command = try StreamshotCommand.Render.parse([
            "x.md", "--out", "o", "--pacing", "raw", "--size", "320x480",
            "--scale", "2", "--writing-direction", "rtl", "--text-align", "end",
            "--network", "3g", "--format", "polling"
        ])
        let job = try command.source.job()
        let options = job.options
        #expect(options.client.pacing.name == "raw")
        #expect(options.widthPx == 640 && options.heightPx == 960)
        #expect(options.client.direction.forced == .rtl)
        #expect(options.client.alignment.textAlign == .end)
        #expect(job.network.name == "3g" && job.format?.name == "polling")
    }
}
