import StreamshotGraphics

extension WritingDirection {
    /// The graphics layer's name for the same direction.
    var textDirection: TextDirection { self == .rtl ? .rtl : .ltr }
}
