extension RenderSettings {
    /// Settings from the command line's render options, as `streamshot render` takes them:
    /// `["--client", "haqq-mobile", "--network=3g", "--no-monospaced"]`.
    /// - Throws: `InputError` naming the option and what is wrong: unknown (with the list), a
    ///   value missing, not one of the allowed ones (with them), or out of range.
    public init(arguments: [String]) throws {
        self.init()
        try apply(arguments: arguments)
    }

    /// Settings from one line of options, split at spaces: `"--client haqq-mobile --network 3g"`.
    public init(arguments line: String) throws {
        try self.init(arguments: Self.split(line))
    }

    /// These settings with each option in `arguments` given in place of its value here.
    /// - Throws: `InputError`, as `init(arguments:)`.
    public mutating func apply(arguments: [String]) throws {
        // A device sets the size and scale, which --size and --scale override wherever they are given.
        var remaining = Self.devicesFirst(arguments)[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                throw InputError("\(argument): expected an option such as --client (the input is given separately)")
            }
            let nameAndValue = argument.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(nameAndValue[0])
            guard let option = Self.options.first(where: { $0.name == name }) else { throw Self.unknown(name) }
            var value = nameAndValue.count == 2 ? String(nameAndValue[1]) : nil
            if option.takesValue, value == nil {
                guard let next = remaining.popFirst() else { throw InputError("--\(name): expected a value") }
                value = next
            }
            try set(name, to: value)
        }
        try validate()
    }

    /// `arguments` with `--device` (and its value) moved to the front, order otherwise kept.
    private static func devicesFirst(_ arguments: [String]) -> [String] {
        var devices: [String] = []
        var others: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--device" {
                devices += arguments[index..<min(index + 2, arguments.endIndex)]
                index += 2
                continue
            }
            if argument.hasPrefix("--device=") { devices.append(argument) } else { others.append(argument) }
            index += 1
        }
        return devices + others
    }

    /// A line of options as its words (values with spaces need the array form).
    public static func split(_ line: String) -> [String] {
        line.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Sets one option by its command-line name without the dashes (`"pacing"`, `"max-frames"`),
    /// as the service's query parameters give them. A flag (`monospaced`, `no-monospaced`,
    /// `typewriter-restart`) takes no value, `true` or `false`.
    /// - Throws: `InputError` naming the option and what is wrong with the value.
    public mutating func set(_ name: String, to value: String?) throws {
        guard let option = Self.options.first(where: { $0.name == name }) else { throw Self.unknown(name) }
        if option.takesValue {
            guard let value else { throw InputError("--\(name): expected a value") }
            try option.apply(&self, value)
        } else {
            guard let on = Self.flagValue(value) else {
                throw InputError("--\(name) \(value ?? ""): a flag takes no value, true or false")
            }
            try option.apply(&self, on ? "true" : "false")
        }
    }

    /// Every render option's command-line name, without the dashes.
    public static var optionNames: [String] { options.map(\.name) }

    private static func unknown(_ name: String) -> InputError {
        InputError("--\(name): not a render option; the options are \(optionNames.map { "--" + $0 }.joined(separator: ", "))")
    }

    private static func flagValue(_ value: String?) -> Bool? {
        switch value?.lowercased() {
        case nil, "", "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: return nil
        }
    }
}

/// One command-line option and how its value sets the settings.
private struct SettingOption: Sendable {
    let name: String
    let takesValue: Bool
    let apply: @Sendable (inout RenderSettings, String) throws -> Void

    init(_ name: String, takesValue: Bool = true, _ apply: @escaping @Sendable (inout RenderSettings, String) throws -> Void) {
        self.name = name
        self.takesValue = takesValue
        self.apply = apply
    }
}

extension RenderSettings {
    /// The options in the order `streamshot render --help` lists them.
    fileprivate static let options: [SettingOption] = [
        SettingOption("network") {
            $0.network = try named($1, "network", NetworkProfile.all, \.name)
            $0.networkGiven = true
        },
        SettingOption("seed") { $0.seed = try number($1, "seed") },
        SettingOption("format") { settings, value in
            settings.clientTrace = value == "client-trace"
            settings.format = value == "auto" || value == "client-trace" ? nil
                : try named(value, "format", StreamFormat.all, \.name, before: ["auto"], after: ["client-trace"])
        },
        SettingOption("map-text") { try $0.declare("map-text", $1) { $0.text = try JSONPointer($1) } },
        SettingOption("map-end") { try $0.declare("map-end", $1) { $0.end = try EventMapping.Match(parsing: $1) } },
        SettingOption("map-error") { try $0.declare("map-error", $1) { $0.error = try JSONPointer($1) } },
        SettingOption("map-time") { try $0.declare("map-time", $1) { $0.time = try JSONPointer($1) } },
        SettingOption("mapping") { settings, value in
            // The file's pointers, with any --map-* option given on its own kept over them.
            let file = try EventMapping.load(value)
            var mapping = settings.mapping ?? EventMapping()
            mapping.text = mapping.text ?? file.text
            mapping.end = mapping.end ?? file.end
            mapping.error = mapping.error ?? file.error
            mapping.time = mapping.time ?? file.time
            settings.mapping = mapping
        },
        SettingOption("max-duration") { $0.maxDuration = try number($1, "max-duration") },
        SettingOption("max-line-chars") { $0.maxLineChars = try number($1, "max-line-chars") },
        SettingOption("max-code-chars") { $0.maxCodeChars = try number($1, "max-code-chars") },
        SettingOption("client") { $0.client = try named($1, "client", ClientProfile.builtin, \.name) },
        SettingOption("pacing") { $0.pacing = try named($1, "pacing", PacingPolicy.all, \.name) },
        SettingOption("monospaced", takesValue: false) { $0.monospaced = $1 == "true" },
        SettingOption("no-monospaced", takesValue: false) { $0.monospaced = $1 != "true" },
        SettingOption("typewriter-restart", takesValue: false) { $0.typewriterRestart = $1 == "true" },
        SettingOption("direction-rule") { $0.directionRule = try named($1, "direction-rule", DirectionRule.all, \.name) },
        SettingOption("block-direction") { $0.blockDirection = try raw($1, "block-direction") },
        SettingOption("writing-direction") { settings, value in
            settings.writingDirection = value == "auto" ? nil
                : try named(value, "writing-direction", WritingDirection.allCases, \.rawValue, before: ["auto"])
        },
        SettingOption("layout-direction") { $0.layoutDirection = try named($1, "layout-direction", WritingDirection.allCases, \.rawValue) },
        SettingOption("text-align") { $0.textAlign = try raw($1, "text-align") },
        SettingOption("direction-lock") { $0.directionLock = try raw($1, "direction-lock") },
        SettingOption("align-resolution") { $0.alignResolution = try raw($1, "align-resolution") },
        SettingOption("line-pitch") { $0.linePitch = try raw($1, "line-pitch") },
        SettingOption("draft-clauses") { $0.draftClauses = try number($1, "draft-clauses") },
        SettingOption("keep-last") { $0.keepLast = try number($1, "keep-last") },
        SettingOption("token-budget") { settings, value in
            guard let budget = TokenBudget(value) else {
                throw InputError("--token-budget \(value): expected the tokens left, or left/allowance, such as 2400 or 2400/12000")
            }
            settings.tokenBudget = budget
        },
        SettingOption("interactions") { $0.interactions = $1 },
        SettingOption("interaction") { $0.interaction.append($1) },
        SettingOption("bidi-controls") { $0.bidiControls = try raw($1, "bidi-controls") },
        SettingOption("encoder-threads") { $0.encoderThreads = try number($1, "encoder-threads") },
        SettingOption("device") { $0.device = try named($1.lowercased(), "device", DevicePreset.all, \.name) },
        SettingOption("size") { settings, value in
            guard let size = ViewportSize(value) else { throw InputError("--size \(value): expected WIDTHxHEIGHT in points, such as 390x844") }
            settings.size = size
        },
        SettingOption("scale") { $0.scale = try number($1, "scale") },
        SettingOption("fps") { $0.fps = try number($1, "fps") },
        SettingOption("max-frames") { $0.maxFrames = try number($1, "max-frames") },
        SettingOption("theme") { $0.theme = try named($1, "theme", Theme.all, \.name) },
        SettingOption("text-size") { settings, value in
            guard let size = TextSize(value) else { throw InputError("--text-size \(value): expected one of \(TextSize.accepted)") }
            settings.appearance.textSize = size
        },
        SettingOption("bold-text", takesValue: false) { $0.appearance.boldText = $1 == "true" },
        SettingOption("contrast") { $0.appearance.contrast = try raw($1, "contrast") },
        SettingOption("fonts") { $0.fonts = $1 },
    ]

    /// The value named `text`; the error lists the names, with the option's own words (`auto`) around them.
    private static func named<Value>(_ text: String, _ option: String, _ all: [Value], _ name: (Value) -> String,
                                     before: [String] = [], after: [String] = []) throws -> Value {
        guard let value = all.first(where: { name($0) == text }) else {
            throw InputError("--\(option) \(text): expected one of \((before + all.map(name) + after).joined(separator: ", "))")
        }
        return value
    }

    private static func raw<Value: RawRepresentable & CaseIterable>(_ text: String, _ option: String) throws -> Value
    where Value.RawValue == String {
        try named(text, option, Array(Value.allCases), \.rawValue)
    }

    /// Sets one field of the declared mapping, naming the option when its pointer is wrong.
    private mutating func declare(_ option: String, _ value: String, _ set: (inout EventMapping, String) throws -> Void) throws {
        var mapping = self.mapping ?? EventMapping()
        do {
            try set(&mapping, value)
        } catch let error as InputError {
            throw InputError("--\(option) \(error.message)")
        }
        self.mapping = mapping
    }

    private static func number<Value: LosslessStringConvertible>(_ text: String, _ option: String) throws -> Value {
        guard let value = Value(text) else { throw InputError("--\(option) \(text): expected a number") }
        return value
    }
}
