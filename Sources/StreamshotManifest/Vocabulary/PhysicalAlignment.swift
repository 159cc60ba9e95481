public import StreamshotStyle

/// Where a block's lines land on the frame, as the manifest names it.
public enum PhysicalAlignment: String, Codable, Sendable, CaseIterable {
    case left, right, center, justify
}

extension PhysicalAlignment {
    /// The anchor edge in a block of `direction`: justified lines are anchored at the start edge.
    public func anchorEdge(direction: WritingDirection) -> LineAlignment {
        switch self {
        case .left: return .left
        case .right: return .right
        case .center: return .center
        case .justify: return direction == .rtl ? .right : .left
        }
    }
}
