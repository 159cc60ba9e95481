import Foundation
import Streamshot
import Testing

/// The CLI's render options as a typed value and as arguments.
@Suite struct RenderSettingsTests {
    @Test func argumentsSetTheNamedSettings() throws {
        let settings = try RenderSettings(
            arguments: "--client haqq-mobile --network=3g --seed 4 --size 375x667 --scale 2 --no-monospaced --interaction scroll@9s:-400")
        #expect(settings.client.name == "haqq-mobile" && settings.network.name == "3g" && settings.seed == 4)
        #expect(settings.size == ViewportSize(width: 375, height: 667) && settings.scale == 2)
        #expect(settings.monospaced == false && settings.interaction == ["scroll@9s:-400"])
        let options = try settings.renderOptions()
        #expect(options.widthPx == 750 && options.client.name == "haqq-mobile" && options.interactions.count == 1)
    }

    @Test func theTypedValueAndTheArgumentsMakeTheSameJob() throws {
        var typed = RenderSettings()
        typed.client = .cloude
        typed.pacing = .raw
        typed.textAlign = .end
        let parsed = try RenderSettings(arguments: ["--client", "cloude", "--pacing", "raw", "--text-align", "end"])
        #expect(String(reflecting: typed) == String(reflecting: parsed))
        let job = try parsed.job(input: .text("x"))
        #expect(job.options.client.pacing.name == "raw" && job.options.client.alignment.textAlign == .end)
    }

    @Test func aBadOptionIsNamedWithWhatIsAllowed() {
        #expect(
            throws: InputError("--pacing fast: expected one of keep-up, smooth, batched, raw, drain-200, drain-300, typewriter, typewriter-restart")
        ) {
            try RenderSettings(arguments: ["--pacing", "fast"])
        }
        #expect(throws: InputError("--writing-direction up: expected one of auto, ltr, rtl")) {
            try RenderSettings(arguments: ["--writing-direction", "up"])
        }
        #expect(throws: InputError("--fps many: expected a number")) { try RenderSettings(arguments: ["--fps", "many"]) }
        #expect(throws: InputError("--seed: expected a value")) { try RenderSettings(arguments: ["--seed"]) }
        #expect(throws: InputError("x.md: expected an option such as --client (the input is given separately)")) {
            try RenderSettings(arguments: ["x.md"])
        }
        #expect {
            try RenderSettings(arguments: ["--colour", "red"])
        } throws: { error in
            "\(error)".hasPrefix("--colour: not a render option; the options are --network, --seed,") && "\(error)".contains("--theme")
        }
    }

    @Test func flagsTakeTrueOrFalseAsQueryParametersDo() throws {
        var settings = RenderSettings()
        try settings.set("monospaced", to: "false")
        #expect(settings.monospaced == false)
        try settings.set("typewriter-restart", to: nil)
        #expect(settings.typewriterRestart)
        #expect(throws: InputError("--monospaced maybe: a flag takes no value, true or false")) {
            try settings.set("monospaced", to: "maybe")
        }
    }

    /// The option added to show that an option is one entry in `RenderSettings.options`.
    @Test func timeoutMsSetsTheClientsTimeout() throws {
        let settings = try RenderSettings(arguments: "--client haqq-mobile --timeout-ms 20000")
        #expect(settings.clientProfile().ending.timeoutMs == 20000 && settings.clientProfile().name == "haqq-mobile")
        #expect(try RenderSettings(arguments: []).clientProfile().ending.timeoutMs == 60000, "the client's own when not given")
        #expect(throws: InputError("--timeout-ms 5: expected a number from 1000 to 86400000")) {
            try RenderSettings(arguments: ["--timeout-ms", "5"])
        }
    }

    @Test func theSpecReadsTheSameFromArgumentsAndFromJSON() throws {
        let (spec, inputs) = try RenderSpec.parse(
            [
                "in.sse", "--Theme=DARK", "--no-monospaced", "--interaction", "stop@2s", "--interaction=scroll@1s:-40",
                "--seed", "18446744073709551615", "--scale", "2.5"
            ], in: RenderSettings.descriptors)
        #expect(inputs == ["in.sse"])
        let json = String(decoding: try JSONEncoder.sorted.encode(spec), as: UTF8.self)
        #expect(json == #"{"interaction":["stop@2s","scroll@1s:-40"],"monospaced":false,"scale":2.5,"seed":18446744073709551615,"theme":"dark"}"#)
        #expect(try RenderSpec(json: Data(json.utf8), in: RenderSettings.descriptors) == spec)
        // Typed from the flag on: a name as listed, a flag a Bool, numbers numbers, text as given.
        #expect(spec["theme"] == .name("dark") && spec["monospaced"] == .flag(false))
        #expect(spec["seed"] == .unsigned(.max) && spec["scale"] == .number(2.5))
        #expect(spec.all("interaction") == [.text("stop@2s"), .text("scroll@1s:-40")])
        // A seed stored as text by an older version still reads.
        let older = #"{"seed":"18446744073709551615","scale":2.5}"#
        #expect(try RenderSpec(json: Data(older.utf8), in: RenderSettings.descriptors)["seed"] == .unsigned(.max))
        #expect(try RenderSettings(spec: spec).seed == .max)
    }
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
