/// The edge lines are set against inside the layout width, physically: where a growing line stays
/// still. Layout gives it to Pango (auto-dir is off, so it is never mirrored) and the manifest
/// records it (`PhysicalAlignment.anchorEdge`, a marker's side).
public enum LineAlignment: String, Sendable, Equatable, Codable {
    case left, right, center
}
