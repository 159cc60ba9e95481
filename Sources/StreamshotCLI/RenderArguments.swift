import ArgumentParser
import Foundation
import Streamshot

/// The options that decide what a render looks like, shared by `render` and `profile`. Every
/// default is the library's own (`RenderOptions()`), so the CLI and the library cannot drift.
struct RenderArguments: ParsableArguments {
    private static let defaults = RenderOptions()

    @Option(help: "The client whose rules the frames show: \(ClientProfile.builtin.map(\.name).joined(separator: ", ")) (the README's \"The clients\" table). The options below override its rules one by one.")
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

    @Option(parsing: .unconditional, help: "Viewport in points, WIDTHxHEIGHT (each side 100 to 8192 pixels after --scale).")
    var size = Viewport(width: defaults.widthPt, height: defaults.heightPt)

    @Option(parsing: .unconditional, help: "Pixels per point (0.25 to 4).")
    var scale: Double = defaults.scale

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
        try OptionRange.require(scale, in: 0.25...4, option: "--scale", unit: " (pixels per point)")
        try OptionRange.require(fps, in: 1...240, option: "--fps")
        try OptionRange.require(encoderThreads, in: 1...RenderOptions.maxEncoderThreads, option: "--encoder-threads")
        try OptionRange.require(maxFrames, in: 1...10_000_000, option: "--max-frames")
        if let draftClauses { try OptionRange.require(draftClauses, in: 1...1000, option: "--draft-clauses") }
        let pixels = (width: size.width * scale, height: size.height * scale)
        guard size.width >= 100, size.height >= 100, (100...8192).contains(pixels.width), (100...8192).contains(pixels.height) else {
            throw ValidationError("--size \(size.defaultValueDescription) at --scale \(OptionRange.text(scale)) makes \(OptionRange.text(pixels.width.rounded()))x\(OptionRange.text(pixels.height.rounded())) pixels: expected each side at least 100 points and from 100 to 8192 pixels")
        }
    }

    func fontsDirectory() throws -> String {
        try StreamshotCLI.fontsDirectory(fonts)
    }

    /// The chosen client with each rule given on the command line in place of its own.
    func clientProfile() -> ClientProfile {
        var profile = client
        if let pacing { profile.pacing = pacing }
        if typewriterRestart { profile.pacing = .typewriterRestart }
        if let monospaced { profile.monospaced = monospaced }
        if let textAlign { profile.alignment.textAlign = textAlign }
        if let alignResolution { profile.alignment.resolution = alignResolution }
        if let directionRule { profile.direction.rule = directionRule }
        if let blockDirection { profile.direction.blockMode = blockDirection }
        if let writingDirection { profile.direction.forced = writingDirection.forced }
        if let directionLock { profile.direction.lock = directionLock }
        if let linePitch { profile.pitch.mode = linePitch }
        if let draftClauses {
            var progress = profile.overlays.progress ?? ProgressPolicy()
            progress.expectedClauses = draftClauses
            profile.overlays.progress = progress
        }
        return profile
    }

    /// The reader's actions: the script's, then each `--interaction`.
    /// - Throws: `ValidationError` naming the script's line or the shorthand, and what is wrong.
    func readerActions() throws -> [ReaderAction] {
        do {
            var actions: [ReaderAction] = []
            if let interactionsFile {
                guard let data = FileManager.default.contents(atPath: interactionsFile) else {
                    throw ValidationError("--interactions \(interactionsFile): cannot read the file")
                }
                actions += try InteractionScript.parse(jsonLines: String(decoding: data, as: UTF8.self), source: interactionsFile)
            }
            actions += try interaction.map(InteractionScript.parse(shorthand:))
            return actions
        } catch let error as InputError {
            throw ValidationError(error.message)
        }
    }

    func renderOptions() throws -> RenderOptions {
        var options = RenderOptions()
        options.widthPt = size.width
        options.heightPt = size.height
        options.scale = scale
        options.fps = fps
        options.theme = theme
        options.bidiControls = bidiControls
        options.client = clientProfile()
        options.encoderThreads = encoderThreads
        options.maxFrames = maxFrames
        options.interactions = try readerActions()
        return options
    }
}
