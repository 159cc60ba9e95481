import ArgumentParser
import Foundation
import Streamshot

/// The options that decide what a render looks like, shared by `render` and `profile`. They set
/// a `RenderSettings` (the library's, which the testing library and the service take too), whose
/// defaults and checks are the only ones, so the CLI and the library cannot drift.
struct RenderArguments: ParsableArguments {
    private static let defaults = RenderOptions()

    @Option(help: "The client whose rules the frames show: \(ClientProfile.builtin.map(\.name).joined(separator: ", ")) (docs/clients-and-traces.md, \"The clients\"). The options below override its rules one by one.")
    var client: ClientProfile = .reference

    @Option(help: "Display buffer (default: the client's): smooth (steady words), batched (every 50 ms), raw (as it arrives), drain-200, typewriter (30 ms a character), typewriter-restart.")
    var pacing: PacingPolicy?

    @Flag(name: .customLong("monospaced"), inversion: .prefixedNo,
          help: "Set body text monospaced, as shared/seeds/003 does (default: the client's; swiftui's is on).")
    var monospaced: Bool?

    @Flag(name: .customLong("typewriter-restart"), help: "The typewriter restarting from nothing whenever the text changes: reproduces shared/seeds/003's bug (same as --pacing typewriter-restart).")
    var typewriterRestart = false

    @Option(name: .customLong("direction-rule"), help: "How a direction is read: seed (an RTL letter in the first 30 characters) or first-strong (Unicode P2/P3).")
    var directionRule: DirectionRule?

    @Option(name: .customLong("block-direction"), help: "auto: each block decides its own direction; response: every block takes the response's.")
    var blockDirection: BlockDirectionMode?

    @Option(name: .customLong("writing-direction"), help: "auto, or force ltr / rtl for the response and every block (code stays LTR).")
    var writingDirection: WritingDirectionOption?

    @Option(name: .customLong("layout-direction"), help: "The app's layout direction as the request was made: the side and language of what the client says before the answer (\"Thinking…\"): ltr (English) or rtl (Arabic).")
    var layoutDirection: LayoutDirectionOption?

    @Option(name: .customLong("text-align"), help: "Resolved against each block's direction, once.")
    var textAlign: TextAlign?

    @Option(name: .customLong("direction-lock"), help: "before-first-token (the rule), or none: re-read the direction from the shown text every frame, reproducing the direction-flip bug.")
    var directionLock: DirectionLock?

    @Option(name: .customLong("align-resolution"), help: "css (the rule), or mirrored-twice: mirror RTL blocks again as Pango's auto-dir does, reproducing the double-mirroring bug.")
    var alignResolution: AlignmentResolution?

    @Option(name: .customLong("line-pitch"), help: "enforced (1.8 x the font size for Arabic, the rule), or font-relative: 1.8 x the font's height as Pango's line spacing does, reproducing the bug.")
    var linePitch: LinePitchMode?

    @Option(name: .customLong("draft-clauses"), parsing: .unconditional,
            help: "How many clauses the requested draft has (1 to 1000): the progress label counts toward it (\"Drafting clause 3 of 7…\"), for any client.")
    var draftClauses: Int?

    @Option(name: .customLong("keep-last"), parsing: .unconditional,
            help: "With a client that renders no Markdown (swiftui): show only the last N characters (100 to 10000000), as shared/seeds/003's StreamingTextManager trims to 10000.")
    var keepLast: Int?

    @Option(name: .customLong("token-budget"), parsing: .unconditional,
            help: "The reader's token budget sent with the request, as shared/seeds/000 shows it: tokens left (2400) or left/allowance (2400/12000). A pill by the composer says \"~2,400 tokens remaining this month\", in the warning colour under 20%; at 0 the request is never sent.")
    var tokenBudget: String?

    @Option(name: .customLong("interactions"), help: "A reader's script, JSON Lines: {\"t\":3000,\"action\":\"scroll\",\"by\":-400}; actions \(ReaderAction.names.joined(separator: ", ")).")
    var interactionsFile: String?

    @Option(name: .customLong("interaction"), parsing: .singleValue,
            help: "One reader action, ACTION@TIME[:BY] (repeatable): scroll@3s:-400 drags up 400 pt at 3 s; stop@12s; tap-new-content@9.5s.")
    var interaction: [String] = []

    @Option(name: .customLong("bidi-controls"), help: "show (the default): draw each bidi embedding, override or isolate control as a boxed abbreviation and do not apply it; apply: let it reorder the text, as an unsuspecting client does (Trojan Source). Either way each one is a warning.")
    var bidiControls: BidiControlDisplay = defaults.bidiControls

    @Option(name: .customLong("encoder-threads"), parsing: .unconditional,
            help: "Threads that encode PNGs (default: one per core, at most \(RenderOptions.maxEncoderThreads)); the output bytes do not depend on it.")
    var encoderThreads: Int = defaults.encoderThreads

    @Option(help: "A device's viewport, scale and safe areas: \(DevicePreset.all.map(\.name).joined(separator: ", ")) (docs/devices.md). --size and --scale override its own.")
    var device: DevicePreset?

    @Option(parsing: .unconditional, help: "Viewport in points, WIDTHxHEIGHT (each side 100 to 8192 pixels after --scale; default 390x844, or the device's).")
    var size: ViewportSize?

    @Option(parsing: .unconditional, help: "Pixels per point (0.25 to 4; default 3, or the device's).")
    var scale: Double?

    @Option(name: .customLong("text-size"), help: "The reader's text size: an iOS Dynamic Type size (\(DynamicTypeSize.allCases.map(\.name).joined(separator: ", "))) or an Android font scale, scale:1.3.")
    var textSize: TextSize = .default

    @Flag(name: .customLong("bold-text"), help: "The Bold Text accessibility setting: regular text is set bold.")
    var boldText = false

    @Option(help: "standard, or increased (the Increase Contrast setting).")
    var contrast: Appearance.Contrast = .standard

    @Option(parsing: .unconditional, help: "Frames per second of the virtual clock (1 to 240).")
    var fps: Double = defaults.fps

    @Option(name: .customLong("max-frames"), parsing: .unconditional,
            help: "Frames written at most; a render that reaches it stops with a warning and keeps what it made.")
    var maxFrames: Int = defaults.maxFrames

    @Option(help: "Colours.")
    var theme: Theme = defaults.theme

    @Option(help: "Fonts folder (default: STREAMSHOT_FONTS, ./Fonts, or the Fonts/ beside the executable's checkout).")
    var fonts: String?

    func validate() throws {
        var settings = RenderSettings()
        try apply(to: &settings)
        try OptionRange.validated { try settings.validate() }
    }

    func fontsDirectory() throws -> String {
        try StreamshotCLI.fontsDirectory(fonts)
    }

    /// Sets what these options decide: the client and its rules, the reader, the picture.
    func apply(to settings: inout RenderSettings) throws {
        settings.client = client
        settings.pacing = pacing
        settings.monospaced = monospaced
        settings.typewriterRestart = typewriterRestart
        settings.directionRule = directionRule
        settings.blockDirection = blockDirection
        settings.writingDirection = writingDirection?.forced
        settings.layoutDirection = layoutDirection?.direction
        settings.textAlign = textAlign
        settings.directionLock = directionLock
        settings.alignResolution = alignResolution
        settings.linePitch = linePitch
        settings.draftClauses = draftClauses
        settings.keepLast = keepLast
        if let tokenBudget {
            guard let budget = TokenBudget(tokenBudget) else {
                throw ValidationError("--token-budget \(tokenBudget): expected the tokens left, or left/allowance, such as 2400 or 2400/12000")
            }
            settings.tokenBudget = budget
        }
        settings.interactions = interactionsFile
        settings.interaction = interaction
        settings.bidiControls = bidiControls
        settings.encoderThreads = encoderThreads
        settings.device = device
        if let size { settings.size = size }
        if let scale { settings.scale = scale }
        settings.appearance = Appearance(textSize: textSize, boldText: boldText, contrast: contrast)
        settings.fps = fps
        settings.maxFrames = maxFrames
        settings.theme = theme
        settings.fonts = try fontsDirectory()
    }
}
