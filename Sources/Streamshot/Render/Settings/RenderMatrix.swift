/// The dimensions a team snapshots across, and every combination of them: devices x text sizes
/// x themes x clients, each cell a `RenderSettings` (the base with the cell's values set). An
/// empty dimension keeps the base's value and adds nothing to the cells' names.
public struct RenderMatrix: Sendable {
    public var devices: [DevicePreset]
    public var textSizes: [TextSize]
    public var themes: [Theme]
    public var clients: [ClientProfile]
    /// Given, they replace each device's own, as `--size` and `--scale` do beside `--device`
    /// (`scale: 1` keeps a matrix's frames small).
    public var size: ViewportSize?
    public var scale: Double?

    public init(
        devices: [DevicePreset] = [], textSizes: [TextSize] = [], themes: [Theme] = [], clients: [ClientProfile] = [],
        size: ViewportSize? = nil, scale: Double? = nil
    ) {
        self.devices = devices
        self.textSizes = textSizes
        self.themes = themes
        self.clients = clients
        self.size = size
        self.scale = scale
    }

    /// One combination: its name (`iphone-se_AX3_dark`, safe in a path), its values by
    /// dimension, and the settings it renders with.
    public struct Cell: Sendable {
        public var name: String
        /// `[("device", "iphone-se"), ("text-size", "AX3"), …]`, in the matrix's order.
        public var values: [(dimension: String, value: String)]
        /// The same values under their options' names, as `matrix.json` records them.
        public var axes = MatrixAxes<String>()
        public var settings: RenderSettings

        /// The cell's values as the CLI takes them: `--device iphone-se --text-size AX3`.
        public var arguments: [String] { values.flatMap { ["--\($0.dimension)", $0.value] } }

        /// The cell's values as one line: `iphone-se · AX3 · dark`.
        public var title: String { values.isEmpty ? "default" : values.map(\.value).joined(separator: " · ") }
    }

    /// Every combination, devices varying slowest and clients fastest. `base` supplies every other
    /// option; a device sets the viewport and scale as `--device` does (the base's own size and
    /// scale give way to it).
    public func cells(base: RenderSettings) -> [Cell] {
        var cells = [Cell(name: "", values: [], settings: base)]
        cells = expand(cells, "device", devices, \.name, \.device) { [size, scale] settings, device in
            settings.device = device
            if let size { settings.size = size }
            if let scale { settings.scale = scale }
        }
        cells = expand(cells, "text-size", textSizes, \.name, \.textSize) { $0.appearance.textSize = $1 }
        cells = expand(cells, "theme", themes, \.name, \.theme) { $0.theme = $1 }
        cells = expand(cells, "client", clients, \.name, \.client) { $0.client = $1 }
        return cells.map { cell in
            var named = cell
            named.name = cell.values.isEmpty ? "default" : cell.values.map { Self.pathSafe($0.value) }.joined(separator: "_")
            return named
        }
    }

    /// Each dimension's values, under their options' names.
    public var axes: MatrixAxes<[String]> {
        func names<Value>(_ values: [Value], _ name: (Value) -> String) -> [String]? { values.isEmpty ? nil : values.map(name) }
        return MatrixAxes(
            device: names(devices, \.name), textSize: names(textSizes, \.name), theme: names(themes, \.name), client: names(clients, \.name))
    }

    /// How many cells there are.
    public var count: Int { [devices.count, textSizes.count, themes.count, clients.count].map { max($0, 1) }.reduce(1, *) }

    private func expand<Value>(
        _ cells: [Cell], _ dimension: String, _ values: [Value], _ name: (Value) -> String,
        _ axis: WritableKeyPath<MatrixAxes<String>, String?>, _ set: (inout RenderSettings, Value) -> Void
    ) -> [Cell] {
        guard !values.isEmpty else { return cells }
        return cells.flatMap { cell in
            values.map { value in
                var next = cell
                set(&next.settings, value)
                next.values.append((dimension, name(value)))
                next.axes[keyPath: axis] = name(value)
                return next
            }
        }
    }

    /// `scale:1.3` as `scale-1.3`: a folder name on any system.
    public static func pathSafe(_ value: String) -> String {
        String(value.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
    }
}
