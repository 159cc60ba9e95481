import StreamshotGraphics

/// What a device draws over the app, in frame pixels: the status bar's band, which hides text
/// scrolled up under it (as a chat's opaque navigation bar does), and an iPhone's or iPad's home
/// indicator in the bottom safe area. Nothing without a safe area.
struct DeviceChrome {
    /// The height of the band at the top.
    let statusBar: Double
    /// The home indicator's bar, when the device has one.
    let indicator: (x: Double, y: Double, width: Double, height: Double)?

    /// The home indicator is 134 x 5 pt, its centre 10.5 pt above the screen's bottom edge.
    init(safeArea: SafeArea, platform: DevicePreset.Platform, widthPx: Int, heightPx: Int, scale: Double) {
        statusBar = safeArea.top * scale
        guard platform == .iOS, safeArea.bottom >= 21 else {
            indicator = nil
            return
        }
        let (width, height) = (134 * scale, 5 * scale)
        indicator = ((Double(widthPx) - width) / 2, Double(heightPx) - 10.5 * scale - height / 2, width, height)
    }

    /// The band under the status bar, opaque in the page's colour.
    func paintStatusBar(on canvas: Canvas, theme: Theme) {
        canvas.fillRect(x: 0, y: 0, width: Double(canvas.width), height: statusBar, color: theme.background)
    }

    func paintHomeIndicator(on canvas: Canvas, theme: Theme) {
        guard let indicator else { return }
        canvas.fillRect(
            x: indicator.x, y: indicator.y, width: indicator.width, height: indicator.height,
            radius: indicator.height / 2, color: theme.text)
    }
}
