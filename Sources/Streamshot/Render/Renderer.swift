import Foundation
import StreamshotGraphics

/// The whole pipeline: replays a transcript on the virtual frame clock and hands each frame, its
/// PNG and its record, to a sink (`FrameSink`), then the manifest's header.
public final class Renderer {
    private let fonts: FontLibrary

    /// - Parameter fontsDirectory: the only fonts the render may use (the project's `Fonts/`).
    /// - Throws: `GraphicsError` when the fonts cannot be loaded.
    public init(fontsDirectory: String) throws {
        fonts = try FontLibrary(directory: fontsDirectory)
    }

    /// Renders `transcript`, handing each frame to `sink` in order: the one door every render
    /// goes through (files, memory, shards and tests are sinks).
    /// - Parameters:
    ///   - transcript: the stream, decoded.
    ///   - options: how it is timed, drawn and decided (`RenderSettings` makes them).
    ///   - sink: where the frames go, and what it wants of them.
    /// - Returns: what the sink makes of the finished render.
    /// - Throws: `InputError` for a stream with no text; `GraphicsError`; what the sink throws.
    public func render<Sink: FrameSink>(_ transcript: Transcript, options: RenderOptions, into sink: Sink) throws -> Sink.Output {
        var source = TranscriptSource.complete(transcript)
        return try render(&source, options: options, into: sink)
    }

    /// Renders a transcript, whole or still arriving (see above).
    func render<Sink: FrameSink>(_ source: inout TranscriptSource, options given: RenderOptions, into sink: Sink) throws -> Sink.Output {
        let known = try source.known(past: 0)
        // A client trace brings its client's viewport and text size.
        let options = given.adopting(known.clientTrace?.start)
        let pass = try RenderPass(into: sink, transcript: known, options: options, fonts: fonts)
        do {
            return try pass.finish(pass.makeFrames(from: &source, known: known))
        } catch {
            pass.stop()
            throw error
        }
    }

    /// The render's manifest without its frames: what the frame loop made of `transcript`.
    static func manifest(
        of loop: FrameLoop, transcript: Transcript, options: RenderOptions,
        limitWarnings: [RenderWarning]
    ) -> Manifest {
        var manifest = Manifest(
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
        let cited = loop.citationsShown
        if !cited.sources.isEmpty { manifest.sources = cited.sources.enumerated().map { Manifest.Source($1, number: $0 + 1) } }
        if !cited.chips.isEmpty { manifest.citations = cited.chips.map(Manifest.Citation.init) }
        return manifest
    }
}

extension Manifest.Source {
    init(_ source: CitationSource, number: Int) {
        self.init(
            number: number, title: source.title, url: source.url, domain: source.domain,
            pages: source.pages.map { [$0.lowerBound, $0.upperBound] })
    }
}

extension Manifest.Citation {
    init(_ chip: PlacedCitation) {
        self.init(
            number: chip.number, at: chip.position, replaces: chip.replacing > 0 ? chip.replacing : nil,
            span: chip.span.map { [$0.lowerBound, $0.upperBound] }, shownAtMs: chip.shownAtMs, reflowed: chip.reflowed ? true : nil)
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
            options.network = network.profile
            options.seed = network.seed
        }
        options.mapping = mapping
        if let trace = clientTrace {
            options.client = .trace
            options.platform = trace.start.platform
            options.layoutDirection = trace.start.layoutDirection
            options.markdown = trace.start.markdown
            options.appLanguage = trace.start.appLanguage
        }
        return options
    }
}
