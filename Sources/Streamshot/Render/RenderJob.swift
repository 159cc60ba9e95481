import Foundation

/// One render as every caller asks for it — the CLI's `render` and `profile`, the testing
/// library, the tests, later the service: an input, how to read it, and the options.
public struct RenderJob: Sendable {
    /// Where the stream comes from.
    public enum Input: Sendable {
        /// A .sse, .jsonl, .md or .txt file.
        case file(String)
        /// Plain text, delivered by the job's network.
        case text(String)
        /// A stream already decoded.
        case transcript(Transcript)
        /// A stream still arriving (a live session): frames are made as it arrives, each once
        /// what it shows is known, and are the frames of the finished stream.
        case live(LiveInput)
    }

    public var input: Input
    /// Times plain text and SSE captures without stamps.
    public var network: NetworkProfile
    /// The network's seed: same seed, same schedule.
    public var seed: UInt64
    /// The event format of .sse/.jsonl input; nil detects it from the first event.
    public var format: StreamFormat?
    /// Read a .jsonl input as a client trace, whatever its first record.
    public var readsClientTrace = false
    /// The network was asked for (`--network`), not taken by default.
    public var networkGiven = false
    /// Warnings about the input found before it is read (the service's: a body whose declared
    /// kind and content disagree); added to the transcript's.
    public var inputWarnings: [RenderWarning] = []
    public var options: RenderOptions
    /// How much of the stream is taken: duration, line and code-block length.
    public var limits = StreamLimits()
    /// The only fonts the render may use; nil finds them as `FontLocator` does.
    public var fontsDirectory: String?

    public init(
        input: Input, network: NetworkProfile = .steady, seed: UInt64 = 1, format: StreamFormat? = nil,
        options: RenderOptions = RenderOptions(), fontsDirectory: String? = nil
    ) {
        self.input = input
        self.network = network
        self.seed = seed
        self.format = format
        self.options = options
        self.fontsDirectory = fontsDirectory
    }

    /// The input decoded and timed.
    /// - Throws: `InputError` naming the file and what is wrong.
    public func transcript() throws -> Transcript {
        switch input {
        case .file(let path):
            // An answer with no text is rendered too: its ending (the client's notice) is what a reader sees.
            var transcript = notingIgnoredNetwork(
                try InputLoader.load(
                    path: path, network: network, seed: seed, format: format, limits: limits,
                    clientTrace: readsClientTrace))
            transcript.warnings = inputWarnings + transcript.warnings
            return transcript.resolvingTracePictures(in: (path as NSString).deletingLastPathComponent)
        case .text(let text):
            return PlainTextSource.transcript(bytes: Array(text.utf8), network: network, seed: seed).limited(by: limits)
        case .transcript(let transcript): return transcript
        // A live stream is judged whole only once it closes: its first event may be a keep-alive.
        case .live(let live):
            return notingIgnoredNetwork(
                try decode(
                    live.bytesSoFar, fileExtension: live.fileExtension,
                    refusesUnknown: live.isClosed))
        }
    }

    /// A network asked for on a capture that carries its own times does not apply: said, not silently dropped.
    private func notingIgnoredNetwork(_ transcript: Transcript) -> Transcript {
        guard networkGiven, transcript.carriesTimes else { return transcript }
        var noted = transcript
        noted.warnings.append(
            RenderWarning(
                kind: .optionIgnored,
                message: "--network \(network.name) does not apply: the capture carries its own arrival times, and is played as recorded"))
        return noted
    }

    /// Reads an input's bytes as a file of this extension, with the job's network, format and limits.
    private func decode(_ bytes: [UInt8], fileExtension: String, refusesUnknown: Bool = true) throws -> Transcript {
        try InputLoader.load(
            bytes: bytes, fileExtension: fileExtension, network: network, seed: seed, format: format,
            limits: limits, clientTrace: readsClientTrace, refusesUnknown: refusesUnknown)
    }

    /// Renders the job, handing each frame to `sink` in order (see `Renderer.render(_:options:into:)`).
    /// - Parameter sink: where the frames go, and what it wants of them.
    /// - Returns: what the sink makes of the finished render.
    /// - Throws: `InputError` naming a bad input; `GraphicsError`; what the sink throws.
    public func render<Sink: FrameSink>(into sink: Sink) throws -> Sink.Output {
        let renderer = try renderer()
        var source = try source()
        return try renderer.render(&source, options: options, into: sink)
    }

    /// Renders to `directory`: frames and `manifest.json` (`render(into:)` with `FrameFiles`).
    /// - Parameters:
    ///   - directory: receives `frames/000000.png`... and `manifest.json`.
    ///   - profile: measure each frame's cost per stage into `Frame.costMs` (the render is unchanged).
    ///   - writeFrames: false keeps the PNGs in memory only (they are still painted and encoded).
    ///   - repeats: how a frame that repeats the one before is written (a file of its own, or a hard link).
    ///   - afterEachFrame: called once a frame is written, in order (progress); an error it throws
    ///     stops the render (a cancelled or timed-out job) and is rethrown.
    public func render(
        to directory: String, profile: Bool = false, writeFrames: Bool = true, repeats: RepeatedFrames = .written,
        afterEachFrame: (Frame) throws -> Void = { _ in }
    ) throws -> RenderResult {
        // The fonts and the input first: a render that cannot start leaves the folder's last render alone.
        let renderer = try renderer()
        var source = try source()
        // A live input's frames are announced as soon as they are made.
        let isLive = if case .live = input { true } else { false }
        return try withoutActuallyEscaping(afterEachFrame) { progress in
            try renderer.render(
                &source, options: options,
                into: FrameFiles(
                    directory: directory, repeats: repeats, profile: profile,
                    writesPictures: writeFrames, announcesEachFrame: isLive,
                    afterEachFrame: progress))
        }
    }

    /// Renders in memory, handing each frame and its PNG to `frameHandler` in order (`render(into:)` with `FramesInMemory`).
    public func render(profile: Bool = false, frameHandler: (Frame, [UInt8]) throws -> Void) throws -> Manifest {
        try withoutActuallyEscaping(frameHandler) { handler in try render(into: FramesInMemory(profile: profile, handler: handler)) }
    }

    /// The input as the renderer reads it: decoded now, or read as it arrives.
    private func source() throws -> TranscriptSource {
        guard case .live(let live) = input else { return .complete(try transcript()) }
        return .live(LiveTranscript(input: live) { bytes in try decode(bytes, fileExtension: live.fileExtension) })
    }

    func renderer() throws -> Renderer {
        guard let fonts = fontsDirectory ?? FontLocator.defaultDirectory() else {
            throw InputError("cannot find the Fonts/ folder: pass the fonts directory or set STREAMSHOT_FONTS")
        }
        return try Renderer(fontsDirectory: fonts)
    }
}
