import ArgumentParser
import Streamshot

extension StreamshotCommand {
    /// The render options, from their one list: as `--help` lists them, or as docs/cli.md's tables.
    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the render options that render, inspect, profile, check, matrix, the testing library and the service take.")

        @Flag(help: "Print Markdown tables, one per heading (docs/cli.md's).")
        var markdown = false

        func run() {
            print(markdown ? RenderOptionTable.markdown(RenderSettings.optionGroups) : RenderOptionHelp.text(RenderSettings.optionGroups))
        }
    }
}

/// The render options as docs/cli.md lists them: a table per heading.
enum RenderOptionTable {
    static func markdown(_ groups: [RenderOptionGroup]) -> String {
        groups.map { group in
            let rows = group.descriptors.map { descriptor in
                let values = RenderOptionHelp.facts(descriptor).map(cell).joined(separator: "; ")
                return "| `\(RenderOptionHelp.label(descriptor))` | \(values) | \(cell(descriptor.help)) |"
            }
            return (["#### \(group.title) options: \(group.summary)", "", "| option | values | what it does |", "|---|---|---|"] + rows)
                .joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// Text as a table cell holds it: a `|` escaped, `<…>` kept from being read as HTML.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
    }
}
