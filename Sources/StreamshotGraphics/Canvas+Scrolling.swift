import CPangoCairo

/// Moving the picture by whole rows, drawing on some rows only, and reading rows: what painting
/// only a frame's damage needs.
extension Canvas {
    /// Frames' worth of rows a scrolling canvas keeps: its window slides over them, and the rows
    /// shown are copied back only when the window reaches an end (once per frame height scrolled).
    static let windowsInBacking = 2

    /// Moves the picture up by `rows` (down when negative), as a scroll view moves its content:
    /// row r then shows what row r + `rows` showed. Rows that come into view keep stale pixels
    /// until they are painted.
    /// - Precondition: the canvas was made with `scrolls: true`.
    /// - Throws: `GraphicsError` when Cairo cannot make the new window's surface.
    public func scrollContent(by rows: Int) throws {
        guard rows != 0 else { return }
        guard let backing else { preconditionFailure("scrollContent(by:) needs a canvas made with scrolls: true") }
        cairo_surface_flush(surface)
        let capacity = height * Self.windowsInBacking
        var top = windowTop + rows
        if top < 0 || top + height > capacity {
            // The window would leave the backing: the rows still shown move to its far end, so the
            // window can go on sliding the same way.
            let kept = max(0, height - abs(rows))
            top = rows > 0 ? 0 : capacity - height
            if kept > 0 {
                let source = rows > 0 ? windowTop + rows : windowTop
                let target = rows > 0 ? top : top - rows
                memmove(backing + target * stride, backing + source * stride, kept * stride)
            }
        }
        windowTop = top
        let (newSurface, newContext) = try Self.makeSurface(width: width, height: height, stride: stride, data: backing + top * stride)
        GlyphWork.serially { cairo_destroy(cr) }
        cairo_surface_destroy(surface)
        (surface, cr) = (newSurface, newContext)
    }

    /// Runs `body` with drawing confined to `rows` (bands the canvas's whole width).
    public func clipped(toRows rows: [Range<Int>], _ body: () throws -> Void) rethrows {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        for band in rows { cairo_rectangle(cr, 0, Double(band.lowerBound), Double(width), Double(band.count)) }
        cairo_clip(cr)
        try body()
    }

    /// Reads the pixels where Cairo keeps them (native-endian 0x00RRGGBB words): `body` gets the
    /// first row and the bytes from one row to the next. The pointer is valid only inside `body`.
    public func withPixelRows<T>(_ body: (_ rows: UnsafeRawPointer, _ stride: Int) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        return try body(UnsafeRawPointer(cairo_image_surface_get_data(surface)!), Int(cairo_image_surface_get_stride(surface)))
    }
}
