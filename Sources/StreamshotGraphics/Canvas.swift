import CPangoCairo
import Foundation

/// An owned opaque Cairo image surface and its drawing context, in device pixels.
public final class Canvas {
    /// The surface and context drawn on; a scrolling canvas makes new ones over its window.
    var surface: OpaquePointer
    var cr: OpaquePointer
    public let width: Int
    public let height: Int
    /// A scrolling canvas's rows: room for two frames, the frame a window onto them (see `Canvas+Scrolling`).
    let backing: UnsafeMutableRawPointer?
    let stride: Int
    /// The first backing row the window shows.
    var windowTop = 0

    /// A new canvas.
    /// - Parameter scrolls: keep room to move the picture by whole rows without copying it
    ///   (`scrollContent(by:)`); twice the memory.
    /// - Throws: `GraphicsError` when Cairo cannot allocate the surface or the context.
    public init(width: Int, height: Int, scrolls: Bool = false) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw GraphicsError("create image surface", "size \(width)x\(height) is outside 1...16384")
        }
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        backing = scrolls ? UnsafeMutableRawPointer.allocate(byteCount: stride * height * Self.windowsInBacking, alignment: 64) : nil
        if let backing { backing.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height * Self.windowsInBacking) }
        (surface, cr) = try Self.makeSurface(width: width, height: height, stride: stride, data: backing)
        self.width = width
        self.height = height
    }

    deinit {
        // The context holds the last scaled font it drew with (`GlyphWork`).
        GlyphWork.serially { cairo_destroy(cr) }
        cairo_surface_destroy(surface)
        backing?.deallocate()
    }

    /// An RGB24 surface, over `data` when given, and a context drawing on it.
    static func makeSurface(width: Int, height: Int, stride: Int, data: UnsafeMutableRawPointer?) throws -> (OpaquePointer, OpaquePointer) {
        let surface =
            data.map {
                cairo_image_surface_create_for_data(
                    $0.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(stride))!
            } ?? cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        try Cairo.check(cairo_surface_status(surface), "create image surface") { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        try Cairo.check(cairo_status(cr), "create Cairo context") {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        return (surface, cr)
    }

    /// Paints the whole canvas with `color`.
    public func fill(_ color: Color) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        setSource(color)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Fills a rectangle, with rounded corners when `radius` > 0.
    public func fillRect(x: Double, y: Double, width: Double, height: Double, radius: Double = 0, color: Color) {
        guard width > 0, height > 0 else { return }
        rectPath(x: x, y: y, width: width, height: height, radius: radius)
        setSource(color)
        cairo_fill(cr)
    }

    /// A rectangle's path, its corners rounded by `radius` (at most half its shorter side).
    func rectPath(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        guard r > 0 else {
            cairo_rectangle(cr, x, y, width, height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + height - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// Fills a rectangle with `color` fading in from fully transparent at its left edge
    /// (`fromLeft`) or its right edge: the fade over text that runs on past a box's edge.
    public func fillFade(x: Double, y: Double, width: Double, height: Double, color: Color, fromLeft: Bool) {
        fillGradient(x: x, y: y, width: width, height: height, color: color, from: (fromLeft ? x : x + width, 0), to: (fromLeft ? x + width : x, 0))
    }

    /// Fills a rectangle with `color` fading in from fully transparent at its top edge
    /// (`fromTop`) or its bottom edge: the fade over lines a box cuts where it scrolls on.
    public func fillVerticalFade(x: Double, y: Double, width: Double, height: Double, color: Color, fromTop: Bool) {
        fillGradient(x: x, y: y, width: width, height: height, color: color, from: (0, fromTop ? y : y + height), to: (0, fromTop ? y + height : y))
    }

    /// A rectangle filled along the line `from` → `to`: transparent at its start, `color` at its end.
    private func fillGradient(
        x: Double, y: Double, width: Double, height: Double, color: Color, from: (x: Double, y: Double), to: (x: Double, y: Double)
    ) {
        guard width > 0, height > 0, let gradient = cairo_pattern_create_linear(from.x, from.y, to.x, to.y) else { return }
        defer { cairo_pattern_destroy(gradient) }
        cairo_pattern_add_color_stop_rgba(gradient, 0, color.red, color.green, color.blue, 0)
        cairo_pattern_add_color_stop_rgba(gradient, 1, color.red, color.green, color.blue, color.alpha)
        cairo_rectangle(cr, x, y, width, height)
        cairo_set_source(cr, gradient)
        cairo_fill(cr)
    }

    /// Strokes a polyline through `points`.
    /// - Parameters:
    ///   - closed: back to the first point, joined there as at every other corner (an outline).
    ///   - roundCaps: open ends rounded, as an icon's strokes are.
    ///   - dash: dashes and gaps this long (a dotted edge), or a solid line.
    public func strokePolyline(
        _ points: [(x: Double, y: Double)], width: Double, color: Color, closed: Bool = false, roundCaps: Bool = false, dash: Double? = nil
    ) {
        guard let first = points.first else { return }
        if var length = dash { cairo_set_dash(cr, &length, 1, 0) }
        defer { if dash != nil { cairo_set_dash(cr, nil, 0, 0) } }
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        if closed { cairo_close_path(cr) }
        cairo_set_line_width(cr, width)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, roundCaps ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        setSource(color)
        cairo_stroke(cr)
    }

    /// Strokes a rectangle's outline, with rounded corners when `radius` > 0.
    public func strokeRect(x: Double, y: Double, width: Double, height: Double, radius: Double, lineWidth: Double, color: Color) {
        guard width > 0, height > 0 else { return }
        cairo_new_path(cr)
        rectPath(x: x, y: y, width: width, height: height, radius: radius)
        cairo_set_line_width(cr, lineWidth)
        setSource(color)
        cairo_stroke(cr)
    }

    /// Fills the polygon through `points`.
    public func fillPolygon(_ points: [(x: Double, y: Double)], color: Color) {
        guard let first = points.first else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        cairo_close_path(cr)
        setSource(color)
        cairo_fill(cr)
    }

    /// Fills a circle.
    public func fillCircle(centerX: Double, centerY: Double, radius: Double, color: Color) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, centerX, centerY, radius, 0, 2 * .pi)
        setSource(color)
        cairo_fill(cr)
    }

    /// Draws line `index` of `layout` with the left end of its baseline at (`x`, `baseline`).
    /// `x` is the layout's left edge; the line's own alignment offset is added here.
    /// - Parameter clip: the horizontal band the line may show in (code scrolls sideways: what
    ///   runs past its box is cut off), or nil.
    public func draw(
        _ layout: TextLayout, line index: Int, layoutX x: Double, baseline: Double, color: Color,
        clip: Range<Double>? = nil
    ) {
        guard let line = layout.pangoLine(at: index) else { return }
        if let clip {
            cairo_save(cr)
            cairo_rectangle(cr, clip.lowerBound, 0, clip.upperBound - clip.lowerBound, Double(height))
            cairo_clip(cr)
        }
        defer { if clip != nil { cairo_restore(cr) } }
        let faded = color.alpha < 1 && layout.hasOwnColors
        if faded {
            // Links and code chips carry their own colours, which ignore the source's alpha: the
            // line is drawn opaque into a group clipped to its box, then painted at the alpha.
            let box = layout.lines[index]
            let top = baseline + min(box.inkTop, box.logicalTop) - 2
            let bottom = baseline + max(box.inkBottom, box.logicalBottom) + 2
            cairo_save(cr)
            cairo_rectangle(cr, 0, top.rounded(.down), Double(width), (bottom - top).rounded(.up) + 1)
            cairo_clip(cr)
            cairo_push_group(cr)
        }
        if let chip = layout.chipColor {
            for box in layout.chips(onLine: index) {
                fillRect(
                    x: x + box.left, y: baseline + box.top, width: box.right - box.left, height: box.bottom - box.top,
                    radius: box.radius, color: chip)
            }
        }
        setSource(faded ? Color(red: color.red, green: color.green, blue: color.blue) : color)
        cairo_move_to(cr, x + layout.lines[index].x, baseline)
        // Drawing glyphs fills cairo's glyph caches (`GlyphWork`).
        GlyphWork.serially { pango_cairo_show_layout_line(cr, line) }
        if let font = layout.formulas?.font {
            let ink = faded ? Color(red: color.red, green: color.green, blue: color.blue) : color
            for (box, left) in layout.formulas(onLine: index) { draw(box, font: font, x: x + left, baseline: baseline, color: ink) }
        }
        if faded {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, color.alpha)
            cairo_restore(cr)
        }
    }

    /// The status of the drawing context; Cairo's errors are sticky, so checking once per frame suffices.
    /// - Throws: `GraphicsError` when any drawing call since creation failed.
    public func checkStatus() throws {
        try Cairo.check(cairo_status(cr), "draw frame")
    }

    /// The pixels as tightly packed 8-bit RGB rows (what the PNG encoder takes).
    public func rgbBytes() -> [UInt8] {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return [UInt8](unsafeUninitializedCapacity: width * height * 3) { buffer, count in
            streamshot_xrgb_to_rgb(data, Int32(stride), buffer.baseAddress, Int32(width), Int32(height))
            count = width * height * 3
        }
    }

    /// Draws an RGB image (e.g. a decoded frame) with its top-left at (`x`, `y`), scaled by `scale`.
    /// - Throws: `GraphicsError` when the size does not match the bytes or Cairo cannot wrap them.
    public func drawImage(rgb: [UInt8], width: Int, height: Int, x: Double, y: Double, scale: Double = 1) throws {
        guard rgb.count == width * height * 3, width > 0, height > 0 else {
            throw GraphicsError("draw image", "expected \(width * height * 3) bytes of RGB, got \(rgb.count)")
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        var words = [UInt8](repeating: 0, count: stride * height)
        // Through buffer pointers: a contact sheet copies millions of pixels, and the array's
        // checked subscripts were most of drawing one.
        rgb.withUnsafeBufferPointer { source in
            words.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    var from = row * width * 3
                    var to = row * stride
                    for _ in 0..<width {
                        // Native-endian 0x00RRGGBB words, little-endian here: B, G, R, X.
                        target[to] = source[from + 2]
                        target[to + 1] = source[from + 1]
                        target[to + 2] = source[from]
                        from += 3
                        to += 4
                    }
                }
            }
        }
        try words.withUnsafeMutableBufferPointer { buffer in
            let image = cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(stride))!
            defer { cairo_surface_destroy(image) }
            try Cairo.check(cairo_surface_status(image), "draw image")
            cairo_save(cr)
            cairo_translate(cr, x, y)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, image, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
            cairo_surface_flush(surface)
        }
    }

    /// The canvas encoded by `cairo_surface_write_to_png_stream`: the reference encoder the
    /// benchmarks compare libspng against.
    /// - Throws: `GraphicsError` with Cairo's status.
    public func cairoPNG() throws -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        try Cairo.check(status, "write PNG with Cairo")
        return sink.bytes
    }

    /// A copy of the surface's pixels as Cairo keeps them (native-endian 0x00RRGGBB words,
    /// `stride` bytes per row): cheaper than `rgbBytes()`, and what `PNGEncoder.encode(xrgb:)` takes.
    public func xrgbPixels() -> XRGBPixels {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return XRGBPixels(
            bytes: [UInt8](UnsafeBufferPointer(start: data, count: stride * height)),
            width: width, height: height, stride: stride)
    }

    /// The colour of one pixel (for tests and detectors).
    public func pixel(x: Int, y: Int) -> Color {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let word = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)[x]
        return Color(hex: word & 0xFF_FFFF)
    }

    func setSource(_ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }
}

/// A frame's pixels in Cairo's RGB24 layout.
public struct XRGBPixels: Sendable {
    public let bytes: [UInt8]
    public let width: Int
    public let height: Int
    public let stride: Int

    /// Packed 8-bit RGB rows.
    public func rgb() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * 3) { buffer, count in
            bytes.withUnsafeBufferPointer {
                streamshot_xrgb_to_rgb($0.baseAddress, Int32(stride), buffer.baseAddress, Int32(width), Int32(height))
            }
            count = width * height * 3
        }
    }
}

extension Array where Element == UInt8 {
    /// Byte-wise equality by memcmp: frames are megabytes and compared every frame.
    public func sameBytes(as other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        if isEmpty { return true }
        return withUnsafeBytes { a in
            other.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, count) == 0 }
        }
    }
}
