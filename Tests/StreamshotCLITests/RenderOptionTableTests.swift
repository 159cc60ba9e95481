import ArgumentParser
import Foundation
import Streamshot
import Testing

@testable import StreamshotCLI

/// The render options exist once, in `RenderSettings.options`; the CLI reads and lists that list.
/// These tests hold what used to take a parity test: every entry is in `--help` with its values,
/// reads back from the arguments it writes, and the CLI and the library make the same settings.
@Suite struct RenderOptionTableTests {
    @Test func helpListsEveryOptionWithItsValues() {
        // The help is laid out in columns: its words, one space apart.
        let help = StreamshotCommand.Render.helpMessage(columns: 2000).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for descriptor in RenderSettings.descriptors {
            #expect(help.contains("--\(descriptor.name)") || help.contains("--[no-]\(descriptor.name)"), "help lacks --\(descriptor.name)")
            if let names = descriptor.valueNames {
                #expect(help.contains("values: \(names.joined(separator: ", "))"), "help lacks the values of --\(descriptor.name)")
            }
        }
    }

    /// docs/cli.md's `render` tables, which the README calls every option, name every option
    /// `render --help` lists and no other (a hand-written table once missed the four `--max-*`
    /// options; the render options' tables are now generated, `render`'s own are not).
    @Test func theCLIGuidesTableNamesEveryRenderOption() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "\n## ").first { $0.hasPrefix("`render`") })
        let firstColumns = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { $0.split(separator: "|").first ?? "" }
        let documented = Set(
            firstColumns.flatMap { $0.matches(of: /`(--(?:\[no-\])?[a-z0-9-]+)/).map { String($0.output.1) } }
                .map { $0.replacingOccurrences(of: "[no-]", with: "") })
        let help = StreamshotCommand.Render.helpMessage(columns: 2000)
        // An option's label: at a line's start, followed by its value's placeholder or the column's gap.
        let listed = Set(
            help.matches(of: /(?m)^\s+(?:-[a-z], )?(--(?:\[no-\])?[a-z0-9-]+)(?= <|  |$)/).map {
                String($0.output.1).replacingOccurrences(of: "[no-]", with: "")
            }
        )
        .subtracting(["--version", "--help"])
        #expect(listed.subtracting(documented).isEmpty, "render --help lists, docs/cli.md does not: \(listed.subtracting(documented).sorted())")
        #expect(
            documented.subtracting(listed).subtracting(["--no-monospaced"]).isEmpty,
            "docs/cli.md lists, render --help does not: \(documented.subtracting(listed).sorted())")
    }

    /// A value every option takes: a named one in another case, a number from its range.
    static func sample(_ descriptor: RenderOptionDescriptor) -> String {
        switch descriptor.kind {
        case .named(let names): return names.last!.uppercased()
        case .integer(let range): return "\(range?.upperBound ?? 7)"
        case .unsigned: return "\(UInt64.max)"
        case .number(let range): return SettingRange.text(range?.lowerBound ?? 2)
        case .flag: return "false"
        case .path, .text: return "/Some/Path"
        }
    }

    @Test(arguments: RenderSettings.descriptors.map(\.name))
    func everyOptionReadsBackFromTheArgumentsItWrites(_ name: String) throws {
        let descriptor = try #require(RenderSettings.descriptor(name))
        for words in [["--\(name)=\(Self.sample(descriptor))"], ["--\(name)", Self.sample(descriptor)]] where !(descriptor.isFlag && words.count == 2)
        {
            let spec = try RenderSpec.parse(words, in: RenderSettings.descriptors).spec
            #expect(spec[name] != nil, "\(words) set nothing")
            let value = try #require(spec[name])
            #expect(descriptor.admits(value), "\(value) is of the option's kind")
            if let names = descriptor.valueNames { #expect(value == .name(names.last!), "a named value is stored as listed") }
            if case .path = descriptor.kind { #expect(value == .text("/Some/Path"), "a path keeps its case") }
            let again = try RenderSpec.parse(spec.arguments(in: RenderSettings.descriptors), in: RenderSettings.descriptors).spec
            #expect(again == spec)
            let json = try JSONEncoder().encode(spec)
            #expect(try RenderSpec(json: json, in: RenderSettings.descriptors) == spec, "\(String(decoding: json, as: UTF8.self))")
        }
    }

    static let argumentVectors: [[String]] = [
        [],
        ["--client", "haqq-mobile", "--network", "3g", "--seed", "7", "--size", "375x667", "--scale", "2", "--theme", "dark"],
        ["--pacing=typewriter", "--no-monospaced", "--writing-direction", "rtl", "--text-align", "end", "--fps", "30", "--layout-direction", "rtl"],
        [
            "--client", "swiftui", "--typewriter-restart", "--direction-lock", "none", "--align-resolution", "mirrored-twice",
            "--line-pitch", "font-relative", "--direction-rule", "first-strong", "--block-direction", "response"
        ],
        [
            "--format", "client-trace", "--max-duration", "90", "--max-line-chars", "500", "--max-code-chars", "800",
            "--draft-clauses", "7", "--interaction", "scroll@9s:-400", "--interaction", "stop@12s", "--bidi-controls", "apply",
            "--encoder-threads", "1", "--max-frames", "300", "--monospaced"
        ],
        ["--format", "anthropic", "--network", "polling", "--writing-direction", "auto"],
        ["--map-text", "/payload/chunk", "--map-end", "/type=finished", "--map-error", "/err/message", "--map-time", "/ts"],
        ["--mapping", #"{"text":"/a~1b/0","end":{"pointer":"/done","equals":true}}"#, "--map-error", "/error"],
        // A device's size and scale give way to --size and --scale wherever they are given.
        ["--scale", "1", "--device", "iphone-se", "--text-size", "AX3", "--bold-text", "--contrast", "increased"],
        ["--device=pixel-7", "--size", "400x700", "--text-size", "scale:1.3"]
    ]

    @Test(arguments: argumentVectors)
    func theCLIAndTheLibraryMakeTheSameSettings(_ arguments: [String]) throws {
        let fonts = ["--fonts", FontLocator.defaultDirectory()!]
        let command = try StreamshotCommand.Render.parse(["x.md", "--out", "o"] + arguments + fonts)
        let cli = try command.source.settings()
        let library = try RenderSettings(arguments: arguments + fonts)
        #expect(String(reflecting: cli) == String(reflecting: library))
        #expect(command.source.input == "x.md")
    }

    @Test func theInputMayComeAfterTheOptions() throws {
        let command = try StreamshotCommand.Render.parse(["--theme", "dark", "--out", "o", "x.md", "--seed=3"])
        #expect(command.source.input == "x.md")
        #expect(try command.source.settings().theme.name == "dark")
    }
}

/// Named values compare case-insensitively (paths keep their case), and a slip gets the name it
/// probably meant, in the CLI as in the library.
@Suite struct OptionSpellingTests {
    @Test func namedValuesAndOptionNamesTakeAnyCase() throws {
        let command = try StreamshotCommand.Render.parse([
            "x.md", "--out", "o", "--theme", "Dark", "--device=iPhone-SE", "--CLIENT", "Haqq-Mobile",
            "--Text-Align", "END", "--fonts", "/Fonts/Here"
        ])
        let spec = try command.source.options.parsed().spec
        #expect(spec["theme"] == .name("dark") && spec["device"] == .name("iphone-se") && spec["client"] == .name("haqq-mobile"))
        #expect(spec["text-align"] == .name("end") && spec["fonts"] == .text("/Fonts/Here"), "a path keeps its case")
        let settings = try RenderSettings(arguments: ["--theme", "DARK", "--pacing", "Typewriter"])
        #expect(settings.theme.name == "dark" && settings.pacing?.name == "typewriter")
    }

    static func message(_ arguments: [String]) -> String {
        do {
            _ = try StreamshotCommand.Render.parse(["x.md", "--out", "o"] + arguments)
            return ""
        } catch {
            return StreamshotCommand.Render.message(for: error)
        }
    }

    @Test func anUnknownOptionSaysWhichItProbablyMeant() {
        #expect(Self.message(["--thme", "dark"]).contains("--thme: not a render option (did you mean --theme?)"))
        #expect(Self.message(["--max-frame", "9"]).contains("(did you mean --max-frames?)"))
        #expect(Self.message(["--theme", "drak"]).contains("--theme drak: expected one of light, dark (did you mean dark?)"))
        #expect(Self.message(["--pacing", "smoth"]).contains("(did you mean smooth?)"))
        #expect(!Self.message(["--colour", "red"]).contains("did you mean"), "nothing close: no guess")
        let devices = "iphone-se, iphone-14, iphone-pro-max, ipad-11, android-compact, pixel-7"
        #expect(throws: InputError("--device iphone-sx: expected one of \(devices) (did you mean iphone-se?)")) {
            try RenderSettings(arguments: ["--device", "iphone-sx"])
        }
    }

    @Test func matrixTakesItsInputsAndListsInAnyCaseAmongTheOptions() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples").path
        let inputs = ["\(examples)/ar-lease.md", "\(examples)/ar-lease.sse"]
        let command = try StreamshotCommand.Matrix.parse([
            inputs[0], "--devices", "iPhone-SE,Pixel-7", "--theme", "Dark", inputs[1],
            "--themes=DARK", "--scale", "1", "-o", NSTemporaryDirectory() + "never-written"
        ])
        #expect(command.inputs == inputs)
        #expect(command.matrix.devices.map(\.name) == ["iphone-se", "pixel-7"] && command.matrix.themes.map(\.name) == ["dark"])
        #expect(command.sharedArguments == ["--scale=1", "--theme=dark"], "the options every cell shares, in the list's order")
        #expect(command.matrix.scale == 1)
    }

    @Test func inspectNamesTheOptionsItTakes() {
        #expect {
            _ = try StreamshotCommand.Inspect.parse(["x.sse", "--theme", "dark"])
        } throws: { error in
            StreamshotCommand.Inspect.message(for: error).hasPrefix("--theme: this command takes only --format, --map-end,")
        }
    }

    @Test func suggestionsAreCloseOrNothing() {
        #expect(Suggestion.closest(to: "thme", in: ["theme", "scale"]) == "theme")
        #expect(Suggestion.closest(to: "Dakr", in: ["light", "dark"]) == "dark")
        #expect(Suggestion.closest(to: "x", in: ["theme", "scale"]) == nil)
        #expect(Suggestion.closest(to: "completely-different", in: ["theme", "scale"]) == nil)
    }
}

/// `streamshot --version`: the version and the libraries a render's pixels depend on, as this
/// process loaded them.
@Suite struct VersionTests {
    static func pkgConfigVersion(_ package: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pkg-config")
        process.arguments = ["--modversion", package]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func versionNamesStreamshotAndItsLibraries() throws {
        var printed = ""
        do {
            _ = try StreamshotCommand.parseAsRoot(["--version"])
        } catch {
            printed = StreamshotCommand.message(for: error)
        }
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(printed)")
        #expect(lines.first == "streamshot \(StreamshotVersion.current)")
        #expect(lines.dropFirst().map { $0.split(separator: " ")[0] } == ["Pango", "Cairo", "HarfBuzz", "cmark-gfm"])
        // The libraries this machine installed are the ones the process runs on.
        #expect(lines.contains("Pango \(try Self.pkgConfigVersion("pango"))"))
        #expect(lines.contains("Cairo \(try Self.pkgConfigVersion("cairo"))"))
        #expect(lines.contains("HarfBuzz \(try Self.pkgConfigVersion("harfbuzz"))"))
        #expect(lines.last?.hasPrefix("cmark-gfm \(try Self.pkgConfigVersion("libcmark-gfm"))") == true)
        #expect(printed == StreamshotVersion.text, "the same every time")
    }
}
