/// The parts of a screen's portrait edges that system UI covers, in points: the status bar (or
/// notch, or Dynamic Island) at the top, the home indicator or gesture bar at the bottom. Content
/// starts below the top inset; the composer and the newest line stay above the bottom one.
public struct SafeArea: Sendable, Equatable, Hashable, Codable {
    public var top: Double
    public var bottom: Double

    public init(top: Double, bottom: Double) {
        self.top = top
        self.bottom = bottom
    }

    /// No system UI: the frame is all content (a bare `--size`).
    public static let zero = SafeArea(top: 0, bottom: 0)
}
