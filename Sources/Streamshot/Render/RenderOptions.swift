import Foundation

/// Everything that decides what a render looks like. Same options and input, same bytes.
public struct RenderOptions: Sendable {
    /// Viewport in points (an iPhone 13-15 by default).
    public var widthPt = 390.0
    public var heightPt = 844.0
    /// Pixels per point.
    public var scale = 3.0
    /// Frames per second of the virtual frame clock.
    public var fps = 60.0
    public var theme = Theme.light
    /// The device the viewport is (its name goes to the manifest; its size and scale are above).
    public var device: DevicePreset?
    /// The parts of the frame system UI covers, in points.
    public var safeArea = SafeArea.zero
    /// The reader's accessibility settings: text size, Bold Text, Increase Contrast.
    public var appearance = Appearance()
    /// Whether bidi controls in the text are revealed (and not applied) or applied.
    public var bidiControls = BidiControlDisplay.show
    /// The client whose decisions the frames show: a profile of strategies, run by `StrategyClient`.
    public var client = ClientProfile.reference
    /// The pictures the team gave for the answer's images (`--image`): nothing is fetched.
    public var pictures = PictureFiles.none
    /// What the reader does while the answer streams (scrolls, taps, stop, background...), on the frame clock.
    public var interactions: [ReaderAction] = []
    /// A client model of another kind (one that replays a team's own client from its trace, say),
    /// made fresh for each render; when set, it decides instead of `client`.
    public var customClient: (@Sendable () -> any ClientModel)?
    /// For benchmarks only: re-parse and re-lay-out the whole document on every frame, as a
    /// naive renderer does (the output is the same, only slower).
    public var naiveRelayout = false
    /// For benchmarks only: paint but do not encode PNGs (frame handlers receive no bytes).
    public var encodesFrames = true
    /// For tests and benchmarks: paint every frame whole, instead of moving the previous frame's
    /// pixels with the scroll and painting only what changed (the pixels are the same, only slower).
    public var repaintsWholeFrames = false
    /// Threads that encode PNGs (output bytes do not depend on it).
    public var encoderThreads = max(1, min(Self.maxEncoderThreads, ProcessInfo.processInfo.activeProcessorCount))
    /// More encoder threads than this buys nothing (each holds a frame in flight) and risks the process.
    public static let maxEncoderThreads = 64
    /// The render stops here with a `frame-limit` warning (20 minutes at 60 fps): past the stream's
    /// duration limit only a backlog of text being revealed can make frames.
    public var maxFrames = 72_000

    public init() {}

    public var widthPx: Int { Int((widthPt * scale).rounded()) }
    public var heightPx: Int { Int((heightPt * scale).rounded()) }
    public var frameMs: Double { 1000 / fps }
    /// The safe area in pixels as the manifest records it; nil when there is none.
    var safeAreaPixels: SafeArea? {
        safeArea == .zero ? nil : SafeArea(top: safeArea.top * scale, bottom: safeArea.bottom * scale)
    }
    /// The theme as the reader's settings make it: the one layout and paint use.
    public var displayTheme: Theme { theme.adapted(to: appearance) }

    /// A fresh client model for one render: the trace's client when the input is a client
    /// trace, else the custom one, else the profile's.
    func makeClient(for transcript: Transcript, timer: StageTimer?) -> any ClientModel {
        if let trace = transcript.clientTrace {
            return TraceClient(
                trace: trace, frameMs: frameMs, pixelsPerPoint: scale, fontSizePt: displayTheme.bodySize, pictures: pictures)
        }
        if let customClient { return customClient() }
        let strategies = StrategyClient(
            profile: client, frameMs: frameMs, reader: interactions, pixelsPerPoint: scale, pictures: pictures,
            reparsesEveryFrame: naiveRelayout)
        strategies.timer = timer
        return strategies
    }

    /// The options as the manifest records them.
    var manifestOptions: ManifestOptions {
        let client = self.client
        var options = ManifestOptions()
        options.client = .profile(client.name)
        options.pacing = client.pacing.name
        options.textAlign = client.alignment.textAlign
        options.alignmentResolution = client.alignment.resolution
        options.directionRule = client.direction.rule.name
        options.blockDirection = client.direction.blockMode
        options.writingDirection = ManifestOptions.ForcedDirection(client.direction.forced)
        options.directionLock = client.direction.lock
        options.linePitch = client.pitch.mode
        options.markdown = client.markdown
        options.theme = theme.name
        options.bidiControls = bidiControls
        options.device = device?.name ?? "none"
        options.textSize = appearance.textSize.name
        options.contrast = appearance.contrast
        options.boldText = appearance.boldText
        // The client's timeout, so a reader of the manifest alone can tell a hung stream.
        options.timeout = client.ending.timeoutMs.map { ManifestOptions.Timeout(ms: $0, resets: client.ending.timeoutResets) }
        options.timeoutRecorded = true
        options.tokenBudget = client.overlays.tokenBudget?.text
        // Recorded when it is not the default, as a trace's is: older manifests stay as they were.
        if client.layoutDirection == .rtl { options.layoutDirection = .rtl }
        options.appLanguage = client.appLanguage
        if client.codeOverflow != .scroll { options.codeOverflow = client.codeOverflow }
        if client.codeHighlighting != .none { options.codeHighlighting = client.codeHighlighting }
        return options
    }
}
