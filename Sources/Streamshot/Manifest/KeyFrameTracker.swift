/// The one rule for which frames are worth a look, applied frame by frame: the first frame with
/// text, and the frame each block first becomes fully opaque. Review's contact sheet and the
/// testing library's key-frame references both use it.
public struct KeyFrameTracker: Sendable {
    private var sawText = false
    private var shown: Set<Int> = []

    public init() {}

    /// Why `frame` is a key frame ("first text", "block 3 opaque"), or nil when it is not.
    public mutating func reason(for frame: Frame) -> String? {
        var reasons: [String] = []
        if !sawText, frame.blocks.contains(where: { $0.opacity > 0 }) {
            sawText = true
            reasons.append("first text")
        }
        for block in frame.blocks where block.opacity >= 1 && shown.insert(block.id).inserted {
            reasons.append("block \(block.id) opaque")
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: ", ")
    }
}
