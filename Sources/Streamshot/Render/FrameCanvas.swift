import StreamshotGraphics

/// Where a render's frames are painted: one canvas that keeps the last painted frame's pixels,
/// and that frame's display list. Each new frame is compared with it (`FrameDamage`) and only
/// what changed is painted — or everything, with `RenderOptions.repaintsWholeFrames`; the pixels
/// are the same either way.
final class FrameCanvas {
    private let painter: FramePainter
    private let chrome: DeviceChrome?
    private let canvas: Canvas
    private let repaintsWholeFrames: Bool
    /// The last painted frame's display list: the canvas holds its pixels.
    private var painted: DisplayList?

    /// - Throws: `GraphicsError` when Cairo cannot make the canvas.
    init(options: RenderOptions) throws {
        chrome =
            options.safeArea == .zero
            ? nil
            : DeviceChrome(
                safeArea: options.safeArea, platform: options.device?.platform ?? .iOS, widthPx: options.widthPx,
                heightPx: options.heightPx, scale: options.scale)
        painter = FramePainter(theme: options.displayTheme, scale: options.scale, chrome: chrome)
        canvas = try Canvas(width: options.widthPx, height: options.heightPx, scrolls: true)
        repaintsWholeFrames = options.repaintsWholeFrames
    }

    /// Paints `scene` over the last painted frame, then has `encoder` name its picture (which
    /// reads the canvas, so before the next frame is painted).
    /// - Parameter scroll: the scene's scroll in whole pixels (where the encoder cuts its bands).
    /// - Throws: `GraphicsError` when Cairo reports a failure.
    func paint(_ scene: FrameScene, for encoder: OrderedEncoder, scroll: Int, timer: StageTimer?) throws -> OrderedEncoder.Picture {
        let height = canvas.height
        let list = timer.measure(.damage) { DisplayList(scene, chrome: chrome, height: height) }
        let damage = timer.measure(.damage) {
            repaintsWholeFrames ? .full(height: height) : FrameDamage.between(painted, list, height: height)
        }
        try timer.measure(.paint) { try painter.paint(list, damage: damage, on: canvas, timer: timer) }
        painted = list
        return timer.measure(.hash) { encoder.picture(of: canvas, damage: damage, scroll: scroll) }
    }

    /// Leaves a frame no one wants unpainted: the canvas no longer holds the last frame made, so
    /// the next frame painted is painted whole (the same pixels as painting every frame).
    func skip(for encoder: OrderedEncoder) -> OrderedEncoder.Picture {
        painted = nil
        return encoder.unwanted()
    }

    /// Paints `scene` and makes its PNG at once: the last frame of a render that wanted few,
    /// known to be the last only once the stream has ended (nothing was laid out after it).
    func paintNow(_ scene: FrameScene, with encoder: OrderedEncoder, scroll: Int) throws -> [UInt8]? {
        try encoder.encodeNow(paint(scene, for: encoder, scroll: scroll, timer: nil))
    }
}
