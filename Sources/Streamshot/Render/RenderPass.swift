import Foundation
import StreamshotGraphics

/// One render under way: the frame loop's frames painted, encoded and handed to the sink in
/// order — each painted frame's picture, then its record; a frame outside the pictures wanted
/// (another shard's) only its record, after every painted frame before it.
final class RenderPass<Sink: FrameSink> {
    private(set) var sink: Sink
    private let wants: FrameWants
    private let options: RenderOptions
    private let loop: FrameLoop
    private let canvas: FrameCanvas
    private let encoder: OrderedEncoder
    private let timer: StageTimer?
    private var recorder: FrameRecorder
    private var frameCount = 0
    private var limitWarnings: [RenderWarning] = []
    /// The last frame made, painted or not: one not wanted is painted once the stream has ended.
    private var last: (frame: Frame, scene: FrameScene, scroll: Int, wanted: Bool)?

    /// - Throws: `GraphicsError` when the canvas cannot be made.
    init(into sink: Sink, transcript: Transcript, options: RenderOptions, fonts: FontLibrary) throws {
        self.sink = sink
        wants = sink.wants
        self.options = options
        timer = wants.profile ? StageTimer() : nil
        loop = FrameLoop(
            transcript: transcript, options: options, client: options.makeClient(for: transcript, timer: timer),
            layouter: BlockLayouter(options: options, fonts: fonts))
        loop.timer = timer
        canvas = try FrameCanvas(options: options)
        encoder = OrderedEncoder(workers: options.encoderThreads, encodes: options.encodesFrames)
        recorder = FrameRecorder(viewportHeight: Double(options.heightPx))
    }

    /// Makes frames until the stream settles or the frame budget is spent, taking a live input's
    /// text as it arrives.
    /// - Returns: the transcript as it stood when the stream ended.
    func makeFrames(from source: inout TranscriptSource, known: Transcript) throws -> Transcript {
        var transcript = known
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
            try make(scene)
        }
        try handOn(encoder.ready(wait: true))
        try paintLastIfUnwanted()
        if let whole = try source.finished() {
            transcript = whole
            loop.take(whole)
        }
        return transcript
    }

    /// Hands the sink the manifest's header and the encoder's counts.
    func finish(_ transcript: Transcript) throws -> Sink.Output {
        let header = Renderer.manifest(of: loop, transcript: transcript, options: options, limitWarnings: limitWarnings)
        return try sink.finish(
            FinishedRender(
                header: header, frameCount: frameCount, distinctFrames: encoder.distinctFrames,
                bandsReused: encoder.bandsReused, bandsCompressed: encoder.bandsCompressed))
    }

    /// The render stopped with an error.
    func stop() {
        sink.stop()
    }

    /// Paints `scene` when wanted and submits it to the encoder, or lists it unpainted.
    private func make(_ scene: FrameScene) throws {
        var frame = recorder.frame(for: scene, file: Frame.file(index: scene.index))
        if case .range(let painted) = wants.pictures, !painted.contains(scene.index) {
            try handOn(encoder.ready(wait: true))
            frame.costMs = timer?.takeFrame()
            try record(frame)
            return
        }
        let wanted = wants.pictures != .chosen || sink.wantsPicture(of: frame)
        let scroll = Int(exactly: scene.scroll) ?? 0
        // A frame no one wants is not painted: the next one painted is painted whole.
        let picture = wanted ? try canvas.paint(scene, for: encoder, scroll: scroll, timer: timer) : canvas.skip(for: encoder)
        frame.costMs = timer?.takeFrame()
        last = (frame, scene, scroll, wanted)
        encoder.submit(frame, picture)
        // The encoder bounds the frames in flight; here only finished ones are handed on.
        try handOn(encoder.ready(wait: false))
    }

    /// Hands encoded frames to the sink, adding their encode and write costs when profiling.
    private func handOn(_ encoded: [EncodedFrame]) throws {
        for item in encoded {
            var frame = item.frame
            let start = DispatchTime.now().uptimeNanoseconds
            try sink.receive(FramePicture(frame: frame, png: item.png, repeatsPrevious: item.repeatsPrevious))
            if timer != nil {
                frame.costMs?[.compress] = item.compressMs
                frame.costMs?[.encode] = item.encodeMs
                frame.costMs?[.write] = StageTimer.milliseconds(since: start)
            }
            try record(frame)
        }
    }

    private func record(_ frame: Frame) throws {
        try sink.append(frame)
        frameCount += 1
    }

    /// The last frame, when it was not wanted as it was made: its picture is wanted now.
    private func paintLastIfUnwanted() throws {
        guard let last, !last.wanted, let png = try canvas.paintNow(last.scene, with: encoder, scroll: last.scroll) else { return }
        try sink.receive(FramePicture(frame: last.frame, png: png, repeatsPrevious: false))
    }

    private static func frameLimitWarning(_ options: RenderOptions) -> RenderWarning {
        let timeMs = Double(options.maxFrames) * options.frameMs
        return RenderWarning(
            kind: .frameLimit,
            message:
                "the render stopped at the \(options.maxFrames)-frame limit (t=\(JSONText.number(timeMs, places: 0)) ms) before the stream settled; "
                + "later frames are not written (raise it with --max-frames)",
            timeMs: timeMs)
    }
}
