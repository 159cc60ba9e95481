import Foundation

extension RenderSettings {
    /// The picture: device, size, clock, colours, the reader's display settings, fonts, threads.
    static let pictureOptions: [RenderOption] = [
        RenderOption(
            .init(
                "bidi-controls", .named(names(BidiControlDisplay.self)), default: RenderOptions().bidiControls.rawValue,
                help: "show: draw each bidi embedding, override or isolate control as a boxed abbreviation and do not apply it; "
                    + "apply: let it reorder the text, as an unsuspecting client does (Trojan Source). Either way each one is a warning.")
        ) {
            $0.bidiControls = try raw($1)
        },
        RenderOption(
            .init(
                "encoder-threads", .integer(1...RenderOptions.maxEncoderThreads), scope: .machine, default: "one per core",
                help: "Threads that encode PNGs; the output bytes do not depend on it.")
        ) {
            $0.encoderThreads = try number($1, "encoder-threads")
        },
        RenderOption(
            .init(
                "device", .named(DevicePreset.all.map(\.name)), default: "none",
                help: "A device's viewport, scale and safe areas (docs/devices.md). --size and --scale override its own.")
        ) {
            $0.device = try pick(DevicePreset.all, \.name, $1)
        },
        RenderOption(
            .init(
                "size", .text, placeholder: "WIDTHxHEIGHT", default: "390x844, or the device's",
                help: "Viewport in points (each side 100 to 8192 pixels after --scale).")
        ) { settings, value in
            guard let size = ViewportSize(value) else { throw InputError("--size \(value): expected WIDTHxHEIGHT in points, such as 390x844") }
            settings.size = size
        },
        RenderOption(.init("scale", .number(0.25...4), default: "3, or the device's", unit: " (pixels per point)", help: "Pixels per point.")) {
            $0.scale = try number($1, "scale")
        },
        RenderOption(.init("fps", .number(1...240), default: SettingRange.text(defaults.fps), help: "Frames per second of the virtual clock.")) {
            $0.fps = try number($1, "fps")
        },
        RenderOption(
            .init(
                "max-frames", .integer(1...10_000_000), default: "\(defaults.maxFrames)",
                help: "Frames written at most; a render that reaches it stops with a warning and keeps what it made.")
        ) {
            $0.maxFrames = try number($1, "max-frames")
        },
        RenderOption(.init("theme", .named(Theme.all.map(\.name)), default: defaults.theme.name, help: "Colours.")) {
            $0.theme = try pick(Theme.all, \.name, $1)
        },
        RenderOption(
            .init(
                "text-size", .text, placeholder: "size", default: TextSize.default.name,
                help: "The reader's text size: an iOS Dynamic Type size (\(DynamicTypeSize.allCases.map(\.name).joined(separator: ", "))) "
                    + "or an Android font scale, scale:1.3.")
        ) { settings, value in
            guard let size = TextSize(value) else { throw InputError("--text-size \(value): expected one of \(TextSize.accepted)") }
            settings.appearance.textSize = size
        },
        RenderOption(.init("bold-text", .flag(negatable: false), help: "The Bold Text accessibility setting: regular text is set bold.")) {
            $0.appearance.boldText = $1 == "true"
        },
        RenderOption(
            .init(
                "contrast", .named(names(Appearance.Contrast.self)), default: Appearance.Contrast.standard.rawValue,
                help: "standard, or increased (the Increase Contrast setting).")
        ) {
            $0.appearance.contrast = try raw($1)
        },
        RenderOption(
            .init(
                "fonts", .path, scope: .machine, placeholder: "dir",
                help: "Fonts folder (default: STREAMSHOT_FONTS, ./Fonts, or the Fonts/ beside the executable's checkout).")
        ) {
            $0.fonts = $1
        }
    ]
}
