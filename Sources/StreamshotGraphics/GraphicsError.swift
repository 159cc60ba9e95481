/// A failure reported by one of the C libraries at the graphics boundary.
public struct GraphicsError: Error, CustomStringConvertible, Sendable {
    /// What was being attempted, e.g. "create image surface".
    public let operation: String
    /// The library's own words for the failure.
    public let detail: String

    public init(_ operation: String, _ detail: String) {
        self.operation = operation
        self.detail = detail
    }

    public var description: String { "\(operation) failed: \(detail)" }
}
