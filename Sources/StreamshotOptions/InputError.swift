/// What was given (an input, a manifest, an option) cannot be used at all: the message names
/// where and what.
public struct InputError: Error, CustomStringConvertible, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
