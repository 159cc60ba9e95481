import Foundation

/// A render as `streamshot render` describes it: every option of the command, typed, by the
/// same names (`--pacing` is `pacing`, `--max-frames` is `maxFrames`), with the same defaults.
/// The CLI builds one from its flags, the testing library takes one (or CLI-style arguments,
/// `RenderSettings(arguments:)`), and each caller turns it into the same `RenderJob`; so a
/// render asked for in any of them is the same render.
public struct RenderSettings: Sendable {
    // How the input is read and timed.
    /// `--network`: times plain text and SSE captures without stamps.
    public var network = NetworkProfile.steady
    /// `--network` was given: on a capture with its own times it cannot apply, and a warning says so.
    public var networkGiven = false
    /// `--seed`: same seed, same schedule.
    public var seed: UInt64 = 1
    /// `--format`: nil detects the event format from the first event.
    public var format: StreamFormat?
    /// `--format client-trace`: read a .jsonl as a team's client trace.
    public var clientTrace = false
    /// `--map-text`, `--map-end`, `--map-error`, `--map-time`, `--mapping`: a team's own JSON
    /// events read by declared pointers; it wins over detection.
    public var mapping: EventMapping?
    /// `--max-duration`, `--max-line-chars`, `--max-code-chars`.
    public var maxDuration = StreamLimits().maxDurationMs / 1000
    public var maxLineChars = StreamLimits().maxLineChars
    public var maxCodeChars = StreamLimits().maxCodeBlockChars

    // The client, then each of its rules given one by one (nil: the client's own).
    /// `--client`.
    public var client = ClientProfile.reference
    public var pacing: PacingPolicy?
    public var monospaced: Bool?
    public var typewriterRestart = false
    public var directionRule: DirectionRule?
    public var blockDirection: BlockDirectionMode?
    /// `--writing-direction`: nil is `auto`.
    public var writingDirection: WritingDirection?
    /// `--layout-direction`: the app's, as the request was made (nil: the client's own, ltr).
    public var layoutDirection: WritingDirection?
    /// `--app-language`: the app's (nil: the layout direction's).
    public var appLanguage: AppLanguage?
    public var textAlign: TextAlign?
    public var directionLock: DirectionLock?
    public var alignResolution: AlignmentResolution?
    public var linePitch: LinePitchMode?
    public var draftClauses: Int?
    /// `--token-budget`: the reader's tokens left this month, and the allowance (`2400/12000`).
    public var tokenBudget: TokenBudget?
    /// `--keep-last`: a client without Markdown shows only the last N characters (003's `StreamingTextManager`).
    public var keepLast: Int?
    /// `--code-overflow`: what code blocks do with a long line (nil: the client's own, scroll).
    public var codeOverflow: CodeOverflow?
    /// `--code-highlighting`: how code is coloured (nil: the client's own).
    public var codeHighlighting: CodeHighlighting?
    /// `--citations`: how citations are drawn (nil: the client's own).
    public var citations: CitationStyle?

    // The reader.
    /// `--interactions`: a JSON Lines script file.
    public var interactions: String?
    /// `--interaction`, each as the CLI takes it: `scroll@9s:-400`.
    public var interaction: [String] = []

    // The picture.
    /// `--device`: sets `size` and `scale` to the device's (set them after it to override) and
    /// brings its safe area.
    public var device: DevicePreset? {
        didSet {
            guard let device else { return }
            size = device.size
            scale = device.scale
        }
    }
    /// `--text-size`, `--bold-text`, `--contrast`.
    public var appearance = Appearance()
    public var bidiControls = RenderOptions().bidiControls
    public var encoderThreads = RenderOptions().encoderThreads
    /// `--size`, in points.
    public var size = ViewportSize(width: RenderOptions().widthPt, height: RenderOptions().heightPt)
    public var scale = RenderOptions().scale
    public var fps = RenderOptions().fps
    public var maxFrames = RenderOptions().maxFrames
    public var theme = RenderOptions().theme
    /// `--fonts`: nil finds them as `FontLocator` does.
    public var fonts: String?
    /// `--image`: the pictures of the answer's images, read from this machine's files.
    public var pictures = PictureFiles.none

    public init() {}

    /// The client with each rule given here in place of its own.
    public func clientProfile() -> ClientProfile {
        var profile = client
        if let pacing { profile.pacing = pacing }
        if typewriterRestart { profile.pacing = .typewriterRestart }
        if let monospaced { profile.monospaced = monospaced }
        if let textAlign { profile.alignment.textAlign = textAlign }
        if let alignResolution { profile.alignment.resolution = alignResolution }
        if let directionRule { profile.direction.rule = directionRule }
        if let blockDirection { profile.direction.blockMode = blockDirection }
        if let writingDirection { profile.direction.forced = writingDirection }
        if let appLanguage {
            profile.appLanguage = appLanguage
            profile.layoutDirection = appLanguage.direction
        }
        if let layoutDirection { profile.layoutDirection = layoutDirection }
        if let directionLock { profile.direction.lock = directionLock }
        if let linePitch { profile.pitch.mode = linePitch }
        if let tokenBudget { profile.overlays.tokenBudget = tokenBudget }
        if let keepLast { profile.keepsLastChars = keepLast }
        if let codeOverflow { profile.codeOverflow = codeOverflow }
        if let codeHighlighting { profile.codeHighlighting = codeHighlighting }
        if let citations { profile.citations = citations }
        if let draftClauses {
            var progress = profile.overlays.progress ?? ProgressPolicy()
            progress.expectedClauses = draftClauses
            profile.overlays.progress = progress
        }
        return profile
    }

    /// The reader's actions: the script's, then each `interaction`.
    /// - Throws: `InputError` naming the script's line or the shorthand, and what is wrong.
    public func readerActions() throws -> [ReaderAction] {
        var actions: [ReaderAction] = []
        if let interactions {
            guard let data = FileManager.default.contents(atPath: interactions) else {
                throw InputError("--interactions \(interactions): cannot read the file")
            }
            actions += try InteractionScript.parse(jsonLines: String(decoding: data, as: UTF8.self), source: interactions)
        }
        return actions + (try interaction.map(InteractionScript.parse(shorthand:)))
    }

    /// The options of the render, after `validate()`.
    /// - Throws: `InputError` for a value out of range or a reader script that does not read.
    public func renderOptions() throws -> RenderOptions {
        try validate()
        var options = RenderOptions()
        options.widthPt = size.width
        options.heightPt = size.height
        options.scale = scale
        options.fps = fps
        options.theme = theme
        options.device = device
        options.safeArea = device?.safeArea ?? .zero
        options.appearance = appearance
        options.bidiControls = bidiControls
        options.client = clientProfile()
        options.encoderThreads = encoderThreads
        options.maxFrames = maxFrames
        options.interactions = try readerActions()
        options.pictures = pictures
        return options
    }

    /// The format events are read with: the declared mapping's, else `--format`'s (nil: detected).
    public var eventFormat: StreamFormat? {
        mapping.map(StreamFormat.mapped) ?? format
    }

    /// How much of the stream is taken.
    public var limits: StreamLimits {
        StreamLimits(maxDurationMs: maxDuration * 1000, maxLineChars: maxLineChars, maxCodeBlockChars: maxCodeChars)
    }

    /// The render job of `input` with these settings.
    /// - Throws: `InputError` naming the option and what is wrong with its value.
    public func job(input: RenderJob.Input) throws -> RenderJob {
        var job = RenderJob(
            input: input, network: network, seed: seed, format: eventFormat, options: try renderOptions(),
            fontsDirectory: fonts)
        job.limits = limits
        job.readsClientTrace = clientTrace
        job.networkGiven = networkGiven
        return job
    }
}

/// A viewport size in points, `WIDTHxHEIGHT` on the command line.
public struct ViewportSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `390x844` (either `x` or `X`); nil when it is not two numbers.
    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    /// As given, `390x844` (also for `inf` or `nan`, which validation then refuses).
    public var text: String { "\(SettingRange.text(width))x\(SettingRange.text(height))" }
}
