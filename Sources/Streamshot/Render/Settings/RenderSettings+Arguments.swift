extension RenderSettings {
    /// Settings from the command line's render options, as `streamshot render` takes them:
    /// `["--client", "haqq-mobile", "--network=3g", "--no-monospaced", "--theme", "Dark"]`.
    /// - Throws: `InputError` naming the option and what is wrong: unknown (with the nearest
    ///   name), a value missing, not one of the allowed ones (with them), or out of range.
    public init(arguments: [String]) throws {
        let (spec, positionals) = try RenderSpec.parse(arguments, in: Self.descriptors)
        if let word = positionals.first {
            throw InputError("\(word): expected an option such as --client (the input is given separately)")
        }
        try self.init(spec: spec)
    }

    /// Settings from one line of options, split at spaces: `"--client haqq-mobile --network 3g"`.
    public init(arguments line: String) throws {
        try self.init(arguments: Self.split(line))
    }

    /// The settings a spec describes, checked.
    /// - Throws: `InputError` naming the option and what is wrong with its value.
    public init(spec: RenderSpec) throws {
        self.init()
        try apply(spec)
        try validate()
    }

    /// These settings with each option of `spec` given in place of its value here, in the
    /// options' order (so `--device` comes before the `--size` and `--scale` that override it).
    /// - Throws: `InputError` naming the option and what is wrong with its value.
    public mutating func apply(_ spec: RenderSpec) throws {
        for option in Self.options {
            let descriptor = option.descriptor
            for value in spec.all(descriptor.name) {
                // The range is the descriptor's, so an option with one needs no check of its own.
                if let range = descriptor.range, let number = value.numeric {
                    try SettingRange.require(number, in: range, option: "--\(descriptor.name)", unit: descriptor.unit)
                }
                try option.apply(&self, value)
            }
        }
    }

    /// These settings with each option in `arguments` given in place of its value here.
    /// - Throws: `InputError`, as `init(arguments:)`.
    public mutating func apply(arguments: [String]) throws {
        let (spec, positionals) = try RenderSpec.parse(arguments, in: Self.descriptors)
        if let word = positionals.first {
            throw InputError("\(word): expected an option such as --client (the input is given separately)")
        }
        try apply(spec)
        try validate()
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
        var spec = RenderSpec()
        try spec.set(name, to: value, in: Self.descriptors)
        try apply(spec)
    }

    /// Every render option's command-line name, without the dashes (`no-monospaced` included).
    public static var optionNames: [String] { RenderSpec.optionNames(descriptors) }

    /// The option named `name`'s description.
    public static func descriptor(_ name: String) -> RenderOptionDescriptor? {
        descriptors.first { $0.name == name }
    }
}
