/// The one rule for which frames are worth a look, applied frame by frame: the first frame with
/// text, and the frame each block first becomes fully opaque. Review's contact sheet and the
/// testing library's key-frame references both use it.
public struct KeyFrameTracker: Sendable {
    /// A moment a key frame stands for.
    public enum Moment: Sendable, Equatable {
        case firstText
        /// The block (by its manifest id) is fully opaque for the first time.
        case blockShown(Int)

        /// As a file name: `first-text`, `block-3-shown`.
        public var name: String {
            switch self {
            case .firstText: return "first-text"
            case .blockShown(let id): return "block-\(id)-shown"
            }
        }

        /// As a caption: `first text`, `block 3 opaque`.
        public var caption: String {
            switch self {
            case .firstText: return "first text"
            case .blockShown(let id): return "block \(id) opaque"
            }
        }
    }

    private var sawText = false
    private var shown: Set<Int> = []

    public init() {}

    /// The moments `frame` is the key frame of, in order; empty when it is none.
    public mutating func moments(for frame: Frame) -> [Moment] {
        var moments: [Moment] = []
        if !sawText, frame.blocks.contains(where: { $0.opacity > 0 }) {
            sawText = true
            moments.append(.firstText)
        }
        for block in frame.blocks where block.opacity >= 1 && shown.insert(block.id).inserted {
            moments.append(.blockShown(block.id))
        }
        return moments
    }

    /// Why `frame` is a key frame ("first text, block 0 opaque"), or nil when it is not.
    public mutating func reason(for frame: Frame) -> String? {
        let moments = moments(for: frame)
        return moments.isEmpty ? nil : moments.map(\.caption).joined(separator: ", ")
    }
}
