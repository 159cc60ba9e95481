import Foundation
import StreamshotGraphics

/// What a render produced.
public struct RenderResult: Sendable {
    public var frameCount: Int
    /// Frames that differ from the one before (the others are byte copies).
    public var distinctFrames: Int
    /// Bands of rows the encoder took from earlier frames, and bands it compressed.
    public var bandsReused = 0
    public var bandsCompressed = 0
    public var direction: WritingDirection?
    public var warnings: [RenderWarning]
    /// Where the manifest was written.
    public var manifestPath: String
    /// The manifest without its frames (`frames` is empty): the render never holds them all.
    public var header: Manifest

    /// The whole manifest, read back from `manifestPath` (frames with their costs when profiled).
    public var manifest: Manifest {
        get throws { try Manifest.read(from: manifestPath) }
    }
}

/// The whole pipeline: replays a transcript on the virtual frame clock and hands on one PNG per
/// frame plus the manifest.
public final class Renderer {
    private let fonts: FontLibrary

    /// - Parameter fontsDirectory: the only fonts the render may use (the project's `Fonts/`).
    /// - Throws: `GraphicsError` when the fonts cannot be loaded.
    public init(fontsDirectory: String) throws {
        fonts = try FontLibrary(directory: fontsDirectory)
    }

    /// Renders `transcript` to files.
    /// - Parameters:
    ///   - transcript: the stream, decoded.
    ///   - options: how it is timed, drawn and decided (`RenderSettings` makes them).
    ///   - outputDirectory: receives `frames/000000.png`... and `manifest.json`; stale frames are removed.
    ///   - profile: measure each frame's cost per stage into `Frame.costMs` (the render is unchanged).
    ///   - writeFrames: false keeps the PNGs in memory only (they are still painted and encoded).
    ///   - repeats: how a frame that repeats the one before is written (a file of its own, or a hard link).
    ///   - afterEachFrame: called once each frame is written; what it throws stops the render.
    /// - Returns: counts, the response's direction, the warnings and the manifest.
    /// - Throws: `InputError` for a stream with no text; `GraphicsError`; file system errors.
    public func render(_ transcript: Transcript, options: RenderOptions, to outputDirectory: String,
                       profile: Bool = false, writeFrames: Bool = true, repeats: RepeatedFrames = .written,
                       afterEachFrame: (Frame) throws -> Void = { _ in }) throws -> RenderResult {
        var source = TranscriptSource.complete(transcript)
        return try render(&source, options: options, to: outputDirectory, profile: profile, writeFrames: writeFrames,
                          repeats: repeats, afterEachFrame: afterEachFrame)
    }

    /// Renders a transcript, whole or still arriving, to files (see above).
    func render(_ source: inout TranscriptSource, options: RenderOptions, to outputDirectory: String,
                profile: Bool = false, writeFrames: Bool = true, repeats: RepeatedFrames = .written,
                afterEachFrame: (Frame) throws -> Void = { _ in }) throws -> RenderResult {
        let output = try RenderOutput(directory: outputDirectory, repeats: repeats)
        defer { output.waitForFrames() }
        // A live input's frames are announced as soon as they are made (a watcher's latest frame
        // must not wait for the next words): each one's file is waited for.
        let isLive = if case .live = source { true } else { false }
        // Each frame's record is written once it holds its encode and write costs, and not kept.
        // Files are written on the output's own thread; a frame is announced once its file is there.
        let outcome = try run(&source, options: options, profile: profile, records: output.append) { frame, png, repeatsPrevious in
            if writeFrames, let png { try output.write(frame, png: png, repeatsPrevious: repeatsPrevious) } else { output.pass(frame) }
            if isLive { try output.finishFrames() }
            for written in output.confirmed() { try afterEachFrame(written) }
        }
        try output.finishFrames()
        for written in output.confirmed() { try afterEachFrame(written) }
        try output.finish(outcome.header)
        return RenderResult(frameCount: outcome.frameCount, distinctFrames: outcome.distinctFrames, bandsReused: outcome.bandsReused,
                            bandsCompressed: outcome.bandsCompressed, direction: outcome.header.direction,
                            warnings: outcome.header.warnings, manifestPath: output.manifestPath, header: outcome.header)
    }

    /// Renders `transcript` in memory, handing each frame's record and PNG bytes to `frameHandler`,
    /// in frame order.
    /// - Parameters:
    ///   - transcript: the stream, decoded.
    ///   - options: how it is timed, drawn and decided (`RenderSettings` makes them).
    ///   - profile: measure each frame's cost per stage into `Frame.costMs` (the render is unchanged).
    ///   - frameHandler: given each frame's record and PNG bytes, in order; what it throws stops the render.
    /// - Returns: the manifest (its `frames` included).
    /// - Throws: `InputError` for a stream with no text; `GraphicsError`; what `frameHandler` throws.
    public func render(_ transcript: Transcript, options: RenderOptions, profile: Bool = false,
                       frameHandler: (Frame, [UInt8]) throws -> Void) throws -> Manifest {
        var source = TranscriptSource.complete(transcript)
        return try render(&source, options: options, profile: profile, frameHandler: frameHandler)
    }

    /// Renders a transcript, whole or still arriving, in memory (see above).
    func render(_ source: inout TranscriptSource, options: RenderOptions, profile: Bool = false,
                frameHandler: (Frame, [UInt8]) throws -> Void) throws -> Manifest {
        var frames: [Frame] = []
        var manifest = try render(&source, options: options, profile: profile, records: { frames.append($0) }, wantsPNG: { _ in true },
                                  pngHandler: frameHandler)
        manifest.frames = frames
        return manifest
    }

    /// Renders in memory, handing each frame's record to `records` (once complete) and its PNG to
    /// `frameHandler`, in frame order, keeping neither.
    /// - Returns: the manifest's header (its `frames` empty).
    func render(_ transcript: Transcript, options: RenderOptions, records: (Frame) throws -> Void,
                frameHandler: (Frame, [UInt8]) throws -> Void) throws -> Manifest {
        try render(transcript, options: options, records: records) { frame, png, _ in try frameHandler(frame, png) }
    }

    /// The same, telling `frameHandler` whether each painted frame repeats the one before (what
    /// `RepeatedFrames` writes by).
    func render(_ transcript: Transcript, options: RenderOptions, records: (Frame) throws -> Void,
                frameHandler: (Frame, [UInt8], _ repeatsPrevious: Bool) throws -> Void) throws -> Manifest {
        var source = TranscriptSource.complete(transcript)
        return try run(&source, options: options, profile: false, records: records) { frame, png, repeatsPrevious in
            if let png { try frameHandler(frame, png, repeatsPrevious) }
        }.header
    }

    /// Renders in memory, making a frame's PNG only when `wantsPNG` asks for it (every frame is
    /// still painted): each frame's record goes to `records`, in order, and `pngHandler` gets
    /// each wanted frame's PNG in order and then the last frame's, each once — the last is known
    /// to be the last only once the stream has ended, and is encoded then.
    /// - Returns: the manifest's header (its `frames` empty).
    func render(_ source: inout TranscriptSource, options: RenderOptions, profile: Bool, records: (Frame) throws -> Void,
                wantsPNG: (Frame) -> Bool, pngHandler: (Frame, [UInt8]) throws -> Void) throws -> Manifest {
        var last: Frame?
        let outcome = try run(&source, options: options, profile: profile, wantsPNG: wantsPNG, records: records) { frame, png, _ in
            last = frame
            if let png { try pngHandler(frame, png) }
        }
        if let last, let png = outcome.unwantedLastPNG { try pngHandler(last, png) }
        return outcome.header
    }

    /// What the frame loop made: the manifest's header (its frames went to `records`) and the encoder's counts.
    private struct Outcome {
        var header: Manifest
        var frameCount: Int
        var distinctFrames: Int
        var bandsReused: Int
        var bandsCompressed: Int
        /// The last frame's PNG when it was not wanted as it was made (nil when it was, or when there was none).
        var unwantedLastPNG: [UInt8]? = nil
    }

    /// The frame loop, then paint and encode; frames reach `frameHandler` in order, with their
    /// PNG when `wantsPNG` asked for it.
    /// - Parameter records: each frame's manifest record, in order, once it is complete.
    private func run(_ source: inout TranscriptSource, options given: RenderOptions, profile: Bool, wantsPNG: (Frame) -> Bool = { _ in true },
                     records: (Frame) throws -> Void,
                     frameHandler: (Frame, [UInt8]?, _ repeatsPrevious: Bool) throws -> Void) throws -> Outcome {
        let timer = profile ? StageTimer() : nil
        var transcript = try source.known(past: 0)
        // A client trace brings its client's viewport and text size.
        let options = given.adopting(transcript.clientTrace?.start)
        let loop = FrameLoop(transcript: transcript, options: options, client: options.makeClient(for: transcript, timer: timer),
                             layouter: BlockLayouter(options: options, fonts: fonts))
        loop.timer = timer
        let canvas = try FrameCanvas(options: options)
        let encoder = OrderedEncoder(workers: options.encoderThreads, encodes: options.encodesFrames)
        var frameCount = 0
        var recorder = FrameRecorder(viewportHeight: Double(options.heightPx))
        func handOn(_ encoded: [EncodedFrame]) throws {
            for frame in try hand(encoded, to: frameHandler, profile: profile) {
                try records(frame)
                frameCount += 1
            }
        }
        var limitWarnings: [RenderWarning] = []
        // The last frame made, painted or not: one not wanted is painted once the stream has ended.
        var last: (scene: FrameScene, scroll: Int, wanted: Bool)?
        while true {
            // A live input about to be waited on: the frames made so far are handed on first.
            if !source.isKnown(past: loop.nextTimeMs) { try handOn(encoder.ready(wait: true)) }
            if let grown = try source.grown(past: loop.nextTimeMs) {
                transcript = grown
                loop.take(grown)
            }
            // A frame budget the user can raise: a stream that never settles ends with a partial render.
            // Asked before the frame is made, so that the last frame made is the last one listed.
            if loop.nextIndex >= options.maxFrames {
                if !loop.isFinished { limitWarnings.append(Self.frameLimitWarning(options)) }
                break
            }
            guard let scene = try loop.nextFrame() else { break }
            var frame = recorder.frame(for: scene, file: Frame.file(index: scene.index))
            if let painted = options.paintedFrames, !painted.contains(scene.index) {
                // Another shard's frame: listed in order, after every painted frame before it.
                try handOn(encoder.ready(wait: true))
                frame.costMs = timer?.takeFrame()
                try records(frame)
                frameCount += 1
                continue
            }
            let wanted = wantsPNG(frame)
            let scroll = Int(exactly: scene.scroll) ?? 0
            // A frame no one wants is not painted: the next one painted is painted whole.
            let picture = wanted ? try canvas.paint(scene, for: encoder, scroll: scroll, timer: timer) : canvas.skip(for: encoder)
            last = (scene, scroll, wanted)
            frame.costMs = timer?.takeFrame()
            encoder.submit(frame, picture)
            // The encoder bounds the frames in flight; here only finished ones are handed on.
            try handOn(encoder.ready(wait: false))
        }
        try handOn(encoder.ready(wait: true))
        let unwantedLastPNG = try last.flatMap { $0.wanted ? nil : try canvas.paintNow($0.scene, with: encoder, scroll: $0.scroll) }
        if let whole = try source.finished() {
            transcript = whole
            loop.take(whole)
        }
        let header = Self.manifest(of: loop, transcript: transcript, options: options, limitWarnings: limitWarnings)
        return Outcome(header: header, frameCount: frameCount, distinctFrames: encoder.distinctFrames, bandsReused: encoder.bandsReused,
                       bandsCompressed: encoder.bandsCompressed, unwantedLastPNG: unwantedLastPNG)
    }

    /// The render's manifest without its frames: what the frame loop made of `transcript`.
    private static func manifest(of loop: FrameLoop, transcript: Transcript, options: RenderOptions,
                                 limitWarnings: [RenderWarning]) -> Manifest {
        Manifest(
            version: Manifest.currentVersion,
            viewport: .init(width: options.widthPx, height: options.heightPx, scale: options.scale, safeArea: options.safeAreaPixels),
            fps: options.fps, direction: loop.responseDirection,
            options: options.manifestOptions(for: transcript),
            format: transcript.format, skipped: transcript.skipped,
            warnings: transcript.warnings + BidiControls.warnings(in: loop.arrivedText, display: options.bidiControls) + loop.warnings
                + limitWarnings,
            text: loop.arrivedText,
            blocks: loop.manifestBlocks, frames: [], ending: loop.ending,
            interactions: interactions(options.interactions + (transcript.clientTrace?.readerActions ?? [])))
    }

    /// Hands encoded frames on, adding their encode and write costs when profiling.
    private func hand(_ encoded: [EncodedFrame], to frameHandler: (Frame, [UInt8]?, Bool) throws -> Void,
                      profile: Bool) throws -> [Frame] {
        try encoded.map { item in
            var frame = item.frame
            let start = DispatchTime.now().uptimeNanoseconds
            try frameHandler(frame, item.png, item.repeatsPrevious)
            if profile {
                frame.costMs?[.compress] = item.compressMs
                frame.costMs?[.encode] = item.encodeMs
                frame.costMs?[.write] = StageTimer.milliseconds(since: start)
            }
            return frame
        }
    }

    private static func frameLimitWarning(_ options: RenderOptions) -> RenderWarning {
        let timeMs = Double(options.maxFrames) * options.frameMs
        return RenderWarning(kind: .frameLimit,
            message: "the render stopped at the \(options.maxFrames)-frame limit (t=\(JSONText.number(timeMs, places: 0)) ms) before the stream settled; " +
                     "later frames are not written (raise it with --max-frames)",
            timeMs: timeMs)
    }
}

extension Renderer {
    /// The reader's actions as the manifest lists them, in time order; nil when there were none.
    static func interactions(_ actions: [ReaderAction]) -> [Manifest.Interaction]? {
        actions.isEmpty ? nil : InteractionScript.ordered(actions).map(Manifest.Interaction.init)
    }
}

extension Transcript {
    /// The network and seed the input was read with, and the client a trace replays, as the
    /// manifest's options record them.
    var manifestOptions: ManifestOptions {
        var options = ManifestOptions()
        if let network {
            options["network"] = network.profile
            options.seed = network.seed
        }
        if let mapping { options["mapping"] = mapping }
        if let trace = clientTrace {
            options["client"] = "trace"
            options["platform"] = trace.start.platform.rawValue
            options["layoutDirection"] = trace.start.layoutDirection.rawValue
            options["markdown"] = trace.start.markdown.rawValue
            if let language = trace.start.appLanguage { options["appLanguage"] = language.rawValue }
        }
        return options
    }
}
