import Foundation

/// A stream still arriving — a live session's client trace or SSE capture — read as the file
/// it will become: its bytes grow as the client sends them, until it is closed. A render of it
/// waits for what it needs (`LiveTranscript`) and makes exactly the frames a render of the
/// finished file makes. Thread-safe: a server appends while a render thread waits.
public final class LiveInput: @unchecked Sendable {
    /// How the bytes are read, as a file of this extension: `jsonl` (a client trace) or `sse`.
    public let fileExtension: String
    private let condition = NSCondition()
    private var bytes: [UInt8] = []
    private var closed = false
    private var stopReason: (any Error)?

    public init(fileExtension: String) {
        self.fileExtension = fileExtension
    }

    /// Adds bytes that arrived. Give whole lines: a render reads what it has as a complete file.
    /// - Returns: false once the input is closed (nothing is added then).
    @discardableResult
    public func append(_ more: [UInt8]) -> Bool {
        condition.withLock {
            guard !closed else { return false }
            bytes += more
            condition.broadcast()
            return true
        }
    }

    /// Nothing more will arrive: the render finishes with what there is.
    public func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    /// Stops a render waiting on this input: its wait throws `reason` (a cancelled job).
    public func stop(_ reason: any Error) {
        condition.withLock {
            if stopReason == nil { stopReason = reason }
            closed = true
            condition.broadcast()
        }
    }

    public var isClosed: Bool { condition.withLock { closed } }
    /// Everything that has arrived.
    public var bytesSoFar: [UInt8] { condition.withLock { bytes } }

    /// Waits until there are more than `known` bytes, or the input is closed.
    /// - Returns: every byte so far, and whether the input is closed.
    /// - Throws: the reason given to `stop(_:)`.
    package func wait(beyond known: Int) throws -> (bytes: [UInt8], closed: Bool) {
        try condition.withLock {
            while bytes.count <= known, !closed, stopReason == nil { condition.wait() }
            if let stopReason { throw stopReason }
            return (bytes, closed)
        }
    }
}
