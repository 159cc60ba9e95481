import Foundation

extension RenderSettings {
    /// Every render option, in the order `--help` lists them and a spec is applied (`--device`
    /// before `--size` and `--scale`, which override its own). To add an option, add one entry
    /// here: the CLI, `RenderSettings(arguments:)`, the service's query parameters and the OpenAPI
    /// document take it from this list.
    public static let options: [RenderOption] = streamOptions + clientOptions + readerOptions + pictureOptions

    /// The options' descriptions, as front ends list and parse them.
    public static var descriptors: [RenderOptionDescriptor] { options.map(\.descriptor) }

    static let defaults = RenderSettings()

    static let streamOptions: [RenderOption] = [
        RenderOption(
            .init(
                "network", .named(NetworkProfile.optionNames), scope: .stream, default: defaults.network.name,
                help: "Network profile that times plain text, unstamped SSE and NDJSON without t; a capture with its own times ignores it, "
                    + "with a warning.")
        ) { settings, value in
            settings.network = try NetworkProfile(optionValue: value, option: "network")
            settings.networkGiven = true
        },
        RenderOption(
            .init(
                "seed", .unsigned, scope: .stream, default: "\(defaults.seed)", help: "Seed of the network profile: same seed, same schedule."),
            at: \.seed),
        RenderOption(
            .init(
                "format", .named(EventFormatChoice.optionNames), scope: .stream, default: "auto",
                help: "Event format of .sse/.jsonl input (auto: detected from the first event); client-trace reads a .jsonl as a team's "
                    + "client trace.")
        ) { settings, value in
            let choice = try EventFormatChoice(optionValue: value, option: "format")
            settings.clientTrace = choice.readsClientTrace
            settings.format = choice.format
        },
        RenderOption(
            .init(
                "map-text", .text, scope: .stream, placeholder: "pointer",
                help: "A team's own JSON events, read by RFC 6901 JSON Pointers (a mapping wins over detection): where each event's text "
                    + "delta sits, e.g. /payload/chunk.")
        ) {
            try $0.declare("map-text", $1.text) { mapping, value in
                // RFC 6901's empty pointer is the whole event, an object: never a text delta.
                guard !value.isEmpty else {
                    throw InputError(
                        "\"\": the empty pointer names the whole event, not its text; give where the text sits, such as " + "/payload/chunk")
                }
                mapping.text = try JSONPointer(value)
            }
        },
        RenderOption(
            .init(
                "map-end", .text, scope: .stream, placeholder: "pointer[=value]",
                help: "Where the mapped stream ends: a pointer and a value (/type=finished), or a pointer alone (present and not false or null).")
        ) {
            try $0.declare("map-end", $1.text) { $0.end = try EventMapping.Match(parsing: $1) }
        },
        RenderOption(
            .init(
                "map-error", .text, scope: .stream, placeholder: "pointer",
                help: "Where a mapped event carries an error message (present and not null: the answer fails with it), e.g. /err/message.")
        ) {
            try $0.declare("map-error", $1.text) { $0.error = try JSONPointer($1) }
        },
        RenderOption(
            .init(
                "map-time", .text, scope: .stream, placeholder: "pointer",
                help: "Where a mapped event carries its arrival time in ms (epoch ms count from the first event), e.g. /ts.")
        ) {
            try $0.declare("map-time", $1.text) { $0.time = try JSONPointer($1) }
        },
        RenderOption(
            .init(
                "mapping", .path, scope: .stream, placeholder: "file-or-json",
                help: #"A mapping as a JSON file or the JSON itself: {"text": "/payload/chunk", "end": {"pointer": "/type", "#
                    + #""equals": "finished"}, "error": "/err/message", "time": "/ts"}; a map option given on its own overrides its key."#)
        ) { settings, value in
            // The file's pointers, with any --map-* option given on its own kept over them.
            let file = try EventMapping.load(value.text)
            var mapping = settings.mapping ?? EventMapping()
            mapping.text = mapping.text ?? file.text
            mapping.end = mapping.end ?? file.end
            mapping.error = mapping.error ?? file.error
            mapping.time = mapping.time ?? file.time
            settings.mapping = mapping
        },
        RenderOption(
            .init(
                "max-duration", .number(1...StreamLimits.ceiling.maxDurationMs / 1000), scope: .stream,
                default: SettingRange.text(defaults.maxDuration), unit: " seconds",
                help: "Seconds of stream replayed; events arriving later are cut with a warning."),
            at: \.maxDuration),
        RenderOption(
            .init(
                "max-line-chars", .integer(100...StreamLimits.ceiling.maxLineChars), scope: .stream, default: "\(defaults.maxLineChars)",
                help: "Characters shown on one line; the rest of a longer line is cut with a warning."),
            at: \.maxLineChars),
        RenderOption(
            .init(
                "max-code-chars", .integer(100...StreamLimits.ceiling.maxCodeBlockChars), scope: .stream, default: "\(defaults.maxCodeChars)",
                help: "Characters shown in one fenced code block; the rest is cut with a warning."),
            at: \.maxCodeChars)
    ]
}

extension RenderSettings {
    /// Sets one field of the declared mapping, naming the option when its pointer is wrong.
    mutating func declare(_ option: String, _ value: String, _ set: (inout EventMapping, String) throws -> Void) throws {
        var mapping = self.mapping ?? EventMapping()
        do {
            try set(&mapping, value)
        } catch let error as InputError {
            throw InputError("--\(option) \(error.message)")
        }
        self.mapping = mapping
    }
}
