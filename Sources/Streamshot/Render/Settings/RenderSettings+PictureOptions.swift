import Foundation

extension RenderSettings {
    /// The picture: device, size, clock, colours, the reader's display settings, fonts, threads.
    static let pictureOptions: [RenderOption] = [
        RenderOption(
            .init(
                "bidi-controls", .named(BidiControlDisplay.optionNames), default: RenderOptions().bidiControls.rawValue,
                help: "show: draw each bidi embedding, override or isolate control as a boxed abbreviation and do not apply it; "
                    + "apply: let it reorder the text, as an unsuspecting client does (Trojan Source). Either way each one is a warning."),
            at: \.bidiControls),
        RenderOption(
            .init(
                "encoder-threads", .integer(1...RenderOptions.maxEncoderThreads), scope: .machine, default: "one per core",
                help: "Threads that encode PNGs; the output bytes do not depend on it."),
            at: \.encoderThreads),
        RenderOption(
            .init(
                "device", .named(DevicePreset.optionNames), default: "none",
                help: "A device's viewport, scale and safe areas (docs/devices.md). --size and --scale override its own."),
            at: \.device),
        RenderOption(
            .init(
                "size", .text, placeholder: "WIDTHxHEIGHT", default: "390x844, or the device's",
                pattern: "^[0-9]+(\\.[0-9]+)?[xX][0-9]+(\\.[0-9]+)?$",
                help: "Viewport in points (each side 100 to 8192 pixels after --scale)."), at: \.size),
        RenderOption(
            .init("scale", .number(0.25...4), default: "3, or the device's", unit: " (pixels per point)", help: "Pixels per point."), at: \.scale),
        RenderOption(
            .init("fps", .number(1...240), default: SettingRange.text(defaults.fps), help: "Frames per second of the virtual clock."), at: \.fps),
        RenderOption(
            .init(
                "max-frames", .integer(1...10_000_000), default: "\(defaults.maxFrames)",
                help: "Frames written at most; a render that reaches it stops with a warning and keeps what it made."),
            at: \.maxFrames),
        RenderOption(.init("theme", .named(Theme.optionNames), default: defaults.theme.name, help: "Colours."), at: \.theme),
        RenderOption(
            .init(
                "text-size", .text, placeholder: "size", default: TextSize.default.name,
                help: "The reader's text size: an iOS Dynamic Type size (\(DynamicTypeSize.allCases.map(\.name).joined(separator: ", "))) "
                    + "or an Android font scale, scale:1.3."), at: \.appearance.textSize),
        RenderOption(
            .init("bold-text", .flag(negatable: false), help: "The Bold Text accessibility setting: regular text is set bold."),
            at: \.appearance.boldText),
        RenderOption(
            .init(
                "contrast", .named(Appearance.Contrast.optionNames), default: Appearance.Contrast.standard.rawValue,
                help: "standard, or increased (the Increase Contrast setting)."),
            at: \.appearance.contrast),
        RenderOption(
            .init(
                "fonts", .path, scope: .machine, placeholder: "dir",
                help: "Fonts folder (default: STREAMSHOT_FONTS, ./Fonts, or the Fonts/ beside the executable's checkout)."),
            at: \.fonts),
        RenderOption(
            .init(
                "image", .path, scope: .machine, placeholder: "URL=FILE", repeats: true,
                help: "The picture for the answer's images at URL, a PNG or JPEG file; or, given a folder, each PNG and JPEG in it "
                    + "for the images whose address ends in its name. They are drawn fitted to the column, a photo turned as its Exif "
                    + "says; an image without one shows its alt text in a box. Nothing is fetched.")
        ) {
            try $0.pictures.add($1.text)
        }
    ]
}
