import ArgumentParser
import Foundation
import Streamshot

/// The render options, read from the library's one list of them (`RenderSettings.options`)
/// rather than declared here one by one: argument-parser hands over every word it does not know
/// (the input files and the render options, in the order given), `RenderSpec.parse` reads them
/// by the list, `--help` lists the same list under its headings, and the shells complete from it.
/// So an option added to the list is a flag here, with its help and completion, without a line in
/// this module.
struct RenderArguments: ParsableArguments {
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "The input, and the render options below (--option value or --option=value; named values in any case).",
            discussion: Self.optionsHelp,
            valueName: "input-and-options"),
        completion: .custom { words, index, prefix in RenderOptionCompletion.candidates(words, index: index, prefix: prefix) })
    var words: [String] = []

    /// The render options' help, grouped, made once: argument-parser makes a `RenderArguments`
    /// several times for each command line it parses, and making this text each time was most of
    /// the cost of parsing one (about 0.2 s in a debug build).
    private static let optionsHelp = RenderOptionHelp.text(RenderSettings.optionGroups)

    /// The options given, and the words that are not options (the inputs).
    /// - Throws: `ValidationError` naming the option and what is wrong, with the nearest name.
    func parsed(scopes: Set<RenderOptionDescriptor.Scope> = [.stream, .look, .machine]) throws -> (spec: RenderSpec, inputs: [String]) {
        let parsed = try OptionRange.validated { try RenderSpec.parse(words, in: RenderSettings.descriptors) }
        // A render option this command does not take is named as one, not as unknown.
        let taken = Set(RenderSettings.descriptors.filter { scopes.contains($0.scope) }.map(\.name))
        if let name = RenderSettings.descriptors.map(\.name).first(where: { parsed.spec[$0] != nil && !taken.contains($0) }) {
            throw ValidationError("--\(name): this command takes only \(taken.sorted().map { "--" + $0 }.joined(separator: ", "))")
        }
        return (parsed.spec, parsed.positionals)
    }

    /// The settings these options make, the fonts folder found when none was given.
    /// - Throws: `ValidationError` for an option that is unknown, malformed or out of range.
    func settings(scopes: Set<RenderOptionDescriptor.Scope> = [.stream, .look, .machine]) throws -> RenderSettings {
        var settings = try OptionRange.validated { try RenderSettings(spec: try parsed(scopes: scopes).spec) }
        if scopes.contains(.machine) { settings.fonts = try StreamshotCLI.fontsDirectory(settings.fonts) }
        return settings
    }

    func validate() throws {
        _ = try OptionRange.validated { try RenderSettings(spec: try parsed().spec) }
    }
}
