import Foundation
import CPangoCairo

/// An owned opaque Cairo image surface and its drawing context, in device pixels.
public final class Canvas {
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    public let width: Int
    public let height: Int

    /// A new canvas.
    /// - Throws: `GraphicsError` when Cairo cannot allocate the surface or the context.
    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw GraphicsError("create image surface", "size \(width)x\(height) is outside 1...16384")
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw GraphicsError("create image surface", String(cString: cairo_status_to_string(surfaceStatus)))
        }
        let cr = cairo_create(surface)!
        let contextStatus = cairo_status(cr)
        guard contextStatus == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            throw GraphicsError("create Cairo context", String(cString: cairo_status_to_string(contextStatus)))
        }
        self.surface = surface
        self.cr = cr
        self.width = width
        self.height = height
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
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
        let r = min(radius, width / 2, height / 2)
        if r > 0 {
            cairo_new_sub_path(cr)
            cairo_arc(cr, x + width - r, y + r, r, -.pi / 2, 0)
            cairo_arc(cr, x + width - r, y + height - r, r, 0, .pi / 2)
            cairo_arc(cr, x + r, y + height - r, r, .pi / 2, .pi)
            cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
            cairo_close_path(cr)
        } else {
            cairo_rectangle(cr, x, y, width, height)
        }
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
    public func draw(_ layout: TextLayout, line index: Int, layoutX x: Double, baseline: Double, color: Color) {
        guard let line = layout.pangoLine(at: index) else { return }
        setSource(color)
        cairo_move_to(cr, x + layout.lines[index].x, baseline)
        pango_cairo_show_layout_line(cr, line)
    }

    /// The status of the drawing context; Cairo's errors are sticky, so checking once per frame suffices.
    /// - Throws: `GraphicsError` when any drawing call since creation failed.
    public func checkStatus() throws {
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw GraphicsError("draw frame", String(cString: cairo_status_to_string(status)))
        }
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

    /// The colour of one pixel (for tests and detectors).
    public func pixel(x: Int, y: Int) -> Color {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let word = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)[x]
        return Color(hex: word & 0xFF_FFFF)
    }

    private func setSource(_ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
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
