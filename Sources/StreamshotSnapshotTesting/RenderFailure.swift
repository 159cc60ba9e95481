#if SnapshotTesting
    import Testing
    import XCTest

    /// A stream that did not render (a path that names no file, an input that does not read) fails
    /// the running test with what was wrong, in its own words, at the assertion's line: a strategy
    /// cannot throw, and the comparison alone would say only that the reference and the snapshot differ.
    struct RenderFailure: Sendable {
        let fileID: StaticString
        let filePath: StaticString
        let line: UInt
        let column: UInt

        func report(_ error: any Error) {
            let message = "could not render the stream: \(error)"
            if Test.current != nil {
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
            } else {
                XCTFail(message, file: filePath, line: line)
            }
        }
    }
#endif
