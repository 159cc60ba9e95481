import StreamshotGraphics

extension WritingDirection {
    /// The graphics layer's name for the same direction.
    var textDirection: TextDirection { self == .rtl ? .rtl : .ltr }
}

extension PhysicalAlignment.Edge {
    /// The graphics layer's alignment for lines set against this edge.
    var lineAlignment: LineAlignment {
        switch self {
        case .left: return .left
        case .right: return .right
        case .center: return .center
        }
    }
}
