import Foundation
import StreamshotOptions
import Testing

/// A spec reads command-line words and query parameters into values typed by each option's kind,
/// writes them back as words and JSON that read to the same spec, and names what is wrong.
struct RenderSpecTests {
    static let descriptors: [RenderOptionDescriptor] = [
        .init("theme", .named(["light", "dark"]), help: "Colours."),
        .init("max-frames", .integer(1...100), help: "Frames at most."),
        .init("seed", .unsigned, help: "Seed."),
        .init("scale", .number(0.25...4), help: "Pixels per point."),
        .init("monospaced", .flag(negatable: true), help: "Monospaced."),
        .init("bold-text", .flag(negatable: false), help: "Bold."),
        .init("fonts", .path, help: "Fonts folder."),
        .init("interaction", .text, repeats: true, help: "A reader action.")
    ]

    @Test func eachValueIsTypedByItsOptionsKind() throws {
        let (spec, positionals) = try RenderSpec.parse(
            [
                "in.sse", "--THEME=Dark", "--max-frames", "40", "--seed=18446744073709551615", "--scale", "2.5", "--no-monospaced",
                "--bold-text", "--fonts", "/Some/Fonts", "--interaction", "stop@2s", "--interaction=scroll@1s:-40"
            ], in: Self.descriptors)
        #expect(positionals == ["in.sse"])
        #expect(spec["theme"] == .name("dark"), "a name is stored as listed, whatever its case")
        #expect(spec["max-frames"] == .integer(40) && spec["seed"] == .unsigned(.max) && spec["scale"] == .number(2.5))
        #expect(spec["monospaced"] == .flag(false) && spec["bold-text"] == .flag(true))
        #expect(spec["fonts"] == .text("/Some/Fonts"), "a path keeps its case")
        #expect(spec.all("interaction") == [.text("stop@2s"), .text("scroll@1s:-40")], "a repeated option keeps every value in order")
        #expect(
            spec.values.allSatisfy { name, values in
                let descriptor = Self.descriptors.first { $0.name == name }!
                return values.allSatisfy(descriptor.admits)
            })
    }

    @Test func wordsAndJSONReadBackToTheSameSpec() throws {
        let (spec, _) = try RenderSpec.parse(
            ["--theme", "dark", "--seed", "7", "--scale", "3", "--monospaced=false", "--interaction", "stop@2s"], in: Self.descriptors)
        #expect(try RenderSpec.parse(spec.arguments(in: Self.descriptors), in: Self.descriptors).spec == spec)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(spec), as: UTF8.self)
        #expect(json == #"{"interaction":"stop@2s","monospaced":false,"scale":3,"seed":7,"theme":"dark"}"#)
        #expect(try RenderSpec(json: Data(json.utf8), in: Self.descriptors) == spec, "3 reads back as the number 3.0, not the integer 3")
    }

    @Test func aWrongNameOrValueIsNamedWithTheNearestRightOne() {
        #expect(
            throws: InputError(
                "--thme: not a render option (did you mean --theme?); the options are --theme, --max-frames, --seed, --scale, --monospaced, --no-monospaced, --bold-text, --fonts, --interaction"
            )
        ) {
            try RenderSpec.parse(["--thme", "dark"], in: Self.descriptors)
        }
        #expect(throws: InputError("--theme drak: expected one of light, dark (did you mean dark?)")) {
            try RenderSpec.parse(["--theme", "drak"], in: Self.descriptors)
        }
        #expect(throws: InputError("--max-frames 4.5: expected a whole number")) {
            try RenderSpec.parse(["--max-frames", "4.5"], in: Self.descriptors)
        }
        #expect(throws: InputError("--seed -1: expected a whole number from 0 to 18446744073709551615")) {
            try RenderSpec.parse(["--seed=-1"], in: Self.descriptors)
        }
        #expect(throws: InputError("--bold-text maybe: a flag takes no value, true or false")) {
            try RenderSpec.parse(["--bold-text=maybe"], in: Self.descriptors)
        }
        #expect(
            throws: InputError(
                "--no-bold-text: not a render option (did you mean --bold-text?); the options are --theme, --max-frames, --seed, --scale, --monospaced, --no-monospaced, --bold-text, --fonts, --interaction"
            )
        ) {
            try RenderSpec.parse(["--no-bold-text"], in: Self.descriptors)
        }
        #expect(throws: InputError("--scale: expected a value")) { try RenderSpec.parse(["--scale"], in: Self.descriptors) }
    }

    @Test func aTypedValueOfAnotherKindIsRefused() throws {
        var spec = RenderSpec()
        try spec.set("max-frames", to: .integer(20), in: Self.descriptors)
        #expect(spec["max-frames"] == .integer(20))
        #expect(throws: InputError("--max-frames 2.5: not a value this option takes")) {
            try spec.set("max-frames", to: .number(2.5), in: Self.descriptors)
        }
        #expect(throws: InputError("--theme sepia: not a value this option takes")) {
            try spec.set("theme", to: .name("sepia"), in: Self.descriptors)
        }
    }

    @Test func jsonThatIsNotAnObjectOfOptionsIsNamed() {
        #expect(throws: InputError(#"render options: expected a JSON object of option names and values, such as {"theme":"dark","seed":7}"#)) {
            try RenderSpec(json: Data("[1,2]".utf8), in: Self.descriptors)
        }
        #expect(throws: InputError("--theme sepia: expected one of light, dark")) {
            try RenderSpec(json: Data(#"{"theme":"sepia"}"#.utf8), in: Self.descriptors)
        }
        #expect(
            throws: InputError(
                "--colour: not a render option; the options are --theme, --max-frames, --seed, --scale, --monospaced, --no-monospaced, --bold-text, --fonts, --interaction"
            )
        ) {
            try RenderSpec(json: Data(#"{"colour":"dark"}"#.utf8), in: Self.descriptors)
        }
    }
}
