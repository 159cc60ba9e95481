/// The steps of a frame whose cost `profile` measures, in pipeline order.
public enum Stage: String, Codable, CaseIterable, Sendable, CodingKeyRepresentable {
    /// Network events applied at the frame time.
    case input
    /// The client model's decisions, apart from its pacing and parse steps.
    case client
    /// The display buffer's step (inside the client model).
    case pacing
    /// Incremental Markdown (inside the client model).
    case parse
    case layout
    /// Comparing the frame's display list with the previous frame's: which rows to paint.
    case damage
    /// Moving the previous frame's pixels by the change in scroll (whole rows).
    case blit
    /// Cairo, on the damaged rows.
    case paint
    /// Hashing the painted rows, naming the frame's bands and copying out the rows of bands not
    /// seen before (on the main thread).
    case hash
    /// Deflating the bands not seen before (on worker threads).
    case compress
    /// Stitching the bands into the PNG (on worker threads).
    case encode
    /// Handing the frame on (writing its file).
    case write
}
