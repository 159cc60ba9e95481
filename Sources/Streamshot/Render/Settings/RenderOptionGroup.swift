/// A heading the render options are listed under — in `--help`, `streamshot options` and
/// docs/cli.md. Grouping is for reading only: options apply in `RenderSettings.options`' order.
public struct RenderOptionGroup: Sendable {
    /// `Input`, `Client`…
    public let title: String
    /// What the group's options are about, in a few words.
    public let summary: String
    public let descriptors: [RenderOptionDescriptor]
}

extension RenderSettings {
    /// The render options under their headings: the input's, the client's, the reader's, the
    /// picture's, and last the options that read the machine's files or use its cores (which a
    /// server sets itself).
    public static var optionGroups: [RenderOptionGroup] {
        let onThisMachine = { (option: RenderOption) in option.descriptor.scope == .machine }
        let groups = [
            ("Input", "how the stream is read and timed", streamOptions),
            ("Client", "whose rules the frames show", clientOptions),
            ("Reader", "what the reader does", readerOptions),
            ("Picture", "the device, theme and display settings", pictureOptions)
        ].map { title, summary, options in
            RenderOptionGroup(title: title, summary: summary, descriptors: options.filter { !onThisMachine($0) }.map(\.descriptor))
        }
        let machine = RenderOptionGroup(
            title: "Machine", summary: "this machine's files and cores",
            descriptors: options.filter(onThisMachine).map(\.descriptor))
        return groups + [machine]
    }
}
