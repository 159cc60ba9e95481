import Streamshot

/// The render options as `--help` and `streamshot options` list them: under their headings, each
/// with its value, its help, the values it takes or its range, and its default — laid out in two
/// columns, as argument-parser lays out the options it declares itself, already wrapped (the
/// help's discussion is printed as given when its lines fit).
enum RenderOptionHelp {
    /// Width of the whole text, and where the help column starts.
    static let width = 70
    static let helpColumn = 26

    static func text(_ groups: [RenderOptionGroup]) -> String {
        groups.map { group in
            "\(group.title.uppercased()) OPTIONS (\(group.summary)):\n" + group.descriptors.map(entry).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// One option: its label, then its help beside it (below it, when the label is too long).
    static func entry(_ descriptor: RenderOptionDescriptor) -> String {
        let label = "  " + self.label(descriptor)
        let lines = wrap(descriptor.help, to: width - helpColumn) + facts(descriptor).flatMap { wrap($0, to: width - helpColumn) }
        let indent = String(repeating: " ", count: helpColumn)
        let body = lines.map { indent + $0 }
        guard label.count <= helpColumn - 2 else { return ([label] + body).joined(separator: "\n") }
        let first = label + String(repeating: " ", count: helpColumn - label.count) + lines[0]
        return ([first] + body.dropFirst()).joined(separator: "\n")
    }

    /// `--network <network>`, `--[no-]monospaced`, `--bold-text`.
    static func label(_ descriptor: RenderOptionDescriptor) -> String {
        var label = "--\(descriptor.name)"
        if case .flag(negatable: true) = descriptor.kind { label = "--[no-]\(descriptor.name)" }
        if !descriptor.isFlag { label += " <\(descriptor.placeholder)>" }
        return label
    }

    /// The values it takes or its range, whether it repeats, and its default.
    static func facts(_ descriptor: RenderOptionDescriptor) -> [String] {
        var facts: [String] = []
        if let names = descriptor.valueNames { facts.append("values: " + names.joined(separator: ", ")) }
        if let range = descriptor.range {
            facts.append("from \(SettingRange.text(range.lowerBound)) to \(SettingRange.text(range.upperBound))\(descriptor.unit)")
        }
        if descriptor.repeats { facts.append("repeatable") }
        if let defaultText = descriptor.defaultText { facts.append("default: \(defaultText)") }
        return facts
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone).
    static func wrap(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
