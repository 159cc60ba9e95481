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
        chrome = options.safeArea == .zero ? nil
            : DeviceChrome(safeArea: options.safeArea, platform: options.device?.platform ?? .iOS, widthPx: options.widthPx,
                           heightPx: options.heightPx, scale: options.scale)
        painter = FramePainter(theme: options.displayTheme, scale: options.scale, chrome: chrome)
        canvas = try Canvas(width: options.widthPx, height: options.heightPx, scrolls: true)
        repaintsWholeFrames = options.repaintsWholeFrames
    }

    /// Paints `scene` over the last painted frame, then has `encoder` name its picture (which
    /// reads the canvas, so before the next frame is painted).
    /// - Parameters:
    ///   - scroll: the scene's scroll in whole pixels (where the encoder cuts its bands).
    ///   - wanted: whether the frame's PNG is wanted (`OrderedEncoder.Picture.unwanted`).
    /// - Throws: `GraphicsError` when Cairo reports a failure.
    func paint(_ scene: FrameScene, for encoder: OrderedEncoder, scroll: Int, wanted: Bool = true,
               timer: StageTimer?) throws -> OrderedEncoder.Picture {
        let height = canvas.height
        let list = timer.measure(.damage) { DisplayList(scene, chrome: chrome, height: height) }
        let damage = timer.measure(.damage) {
            repaintsWholeFrames ? .full(height: height) : FrameDamage.between(painted, list, height: height)
        }
        try timer.measure(.paint) { try painter.paint(list, damage: damage, on: canvas, timer: timer) }
        painted = list
        return timer.measure(.hash) { encoder.picture(of: canvas, damage: damage, scroll: scroll, wanted: wanted) }
    }

    /// The PNG of the last painted frame, made now (`OrderedEncoder.encodeNow`).
    func encodeNow(with encoder: OrderedEncoder, scroll: Int) throws -> [UInt8]? {
        try encoder.encodeNow(canvas, scroll: scroll)
    }
}
