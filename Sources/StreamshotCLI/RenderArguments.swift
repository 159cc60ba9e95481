import ArgumentParser
import Foundation
import Streamshot

/// The render options, read from the library's one list of them (`RenderSettings.options`)
/// rather than declared here one by one: argument-parser hands over every word it does not know
/// (the input files and the render options, in the order given), `RenderSpec.parse` reads them
/// by the list, and `--help` lists the same list. So an option added to the list is a flag here,
/// with its help, without a line in this module.
struct RenderArguments: ParsableArguments {
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("The input, and the render options below (--option value or --option=value; named values in any case).",
                                 discussion: RenderOptionHelp.text(RenderSettings.descriptors),
                                 valueName: "input-and-options"))
    var words: [String] = []

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

/// The render options as `--help` lists them: each with its value, its help, the values it
/// takes or the range, and its default.
enum RenderOptionHelp {
    static func text(_ descriptors: [RenderOptionDescriptor]) -> String {
        "RENDER OPTIONS:\n" + descriptors.map(entry).joined(separator: "\n")
    }

    static func entry(_ descriptor: RenderOptionDescriptor) -> String {
        var label = "--\(descriptor.name)"
        if case .flag(negatable: true) = descriptor.kind { label = "--[no-]\(descriptor.name)" }
        if !descriptor.isFlag { label += " <\(descriptor.placeholder)>" }
        var facts: [String] = []
        if let names = descriptor.valueNames { facts.append("values: " + names.joined(separator: ", ")) }
        if let range = descriptor.range {
            facts.append("from \(SettingRange.text(range.lowerBound)) to \(SettingRange.text(range.upperBound))\(descriptor.unit)")
        }
        if descriptor.repeats { facts.append("repeatable") }
        if let defaultText = descriptor.defaultText { facts.append("default: \(defaultText)") }
        let tail = facts.isEmpty ? "" : " (\(facts.joined(separator: "; ")))"
        return "\(label): \(descriptor.help)\(tail)"
    }
}
