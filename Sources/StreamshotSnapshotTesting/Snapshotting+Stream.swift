#if SnapshotTesting
    public import Foundation
    public import SnapshotTesting
    public import StreamshotTesting

    extension Snapshotting where Value == SnapshotInput, Format == Data {
        /// The stream's moments side by side in one PNG — by default its first text, the frame each
        /// top-level section's heading first shows whole, and its end (`FrameSelection`) — compared
        /// with Streamshot's pixel comparison, which names the moments that differ:
        /// `assertSnapshot(of: .file("Streams/answer.jsonl"), as: .streamFrames())`.
        /// - Parameters:
        ///   - moments: which frames (`.keyFrames`, `.times([ms])`, `.final`, …).
        ///   - options: the render's options (`RenderSettings`, by the CLI's names); `.snapshot` is
        ///     390x640 points at scale 1.
        ///   - tolerance: `.exact` by default.
        ///   - filePath: the test file; a relative input path is read from the package holding it.
        ///   - fileID: the test file (leave it out): a stream that does not render fails the test there.
        ///   - line: the assertion's line (leave it out).
        ///   - column: the assertion's column (leave it out).
        public static func streamFrames(
            moments: FrameSelection = .keyFrames, options: RenderSettings = .snapshot,
            tolerance: ImageTolerance = .exact, filePath: StaticString = #filePath, fileID: StaticString = #fileID,
            line: UInt = #line, column: UInt = #column
        ) -> Snapshotting {
            let root = StreamRenders.packageRoot(above: "\(filePath)")
            let failure = RenderFailure(fileID: fileID, filePath: filePath, line: line, column: column)
            let lastLayout = LastLayout()
            return Snapshotting(pathExtension: "png", diffing: StreamFramesDiffing.diffing(tolerance: tolerance) { lastLayout.value }) { input in
                do {
                    let strip = try MomentStrip(StreamRenders.moments(of: input, settings: options, selection: moments, packageRoot: root))
                    lastLayout.value = strip.layout
                    return Data(strip.png)
                } catch {
                    failure.report(error)
                    // Not a PNG: the comparison reports it as the stream not rendering, with this.
                    return Data("\(error)".utf8)
                }
            }
        }
    }

    extension Snapshotting where Value == SnapshotInput, Format == String {
        /// The structural snapshot at the stream's moments: the text shown at the end, then each
        /// moment's blocks with their direction, alignment, size, pitch, opacity and each line's
        /// aligned edge and baseline — no glyph widths, so it survives a font library upgrade, and it
        /// still fails on a flipped direction or a wrong pitch. Compared line by line.
        public static func streamManifest(
            moments: FrameSelection = .keyFrames, options: RenderSettings = .snapshot,
            filePath: StaticString = #filePath, fileID: StaticString = #fileID,
            line: UInt = #line, column: UInt = #column
        ) -> Snapshotting {
            let root = StreamRenders.packageRoot(above: "\(filePath)")
            let failure = RenderFailure(fileID: fileID, filePath: filePath, line: line, column: column)
            return Snapshotting(pathExtension: "txt", diffing: .lines) { input in
                Result { try StreamRenders.structure(of: input, settings: options, selection: moments, packageRoot: root) }
                    .text(reporting: failure)
            }
        }

        /// Every detector's verdict on the render, as `streamshot check` prints it (a line a
        /// detector, its findings under it): the reference records what `check` said when it was
        /// accepted, so a new finding, or one gone, fails the test line by line.
        public static func streamChecks(
            options: RenderSettings = .snapshot, thresholds: CheckThresholds = CheckThresholds(),
            filePath: StaticString = #filePath, fileID: StaticString = #fileID,
            line: UInt = #line, column: UInt = #column
        ) -> Snapshotting {
            let root = StreamRenders.packageRoot(above: "\(filePath)")
            let failure = RenderFailure(fileID: fileID, filePath: filePath, line: line, column: column)
            return Snapshotting(pathExtension: "txt", diffing: .lines) { input in
                Result { try StreamRenders.checks(of: input, settings: options, thresholds: thresholds, name: input.name, packageRoot: root) }
                    .text(reporting: failure)
            }
        }
    }

    /// The strip layout the last snapshot of one strategy made, for its comparison's message.
    private final class LastLayout: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: MomentStrip.Layout?
        var value: MomentStrip.Layout? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    extension Result where Success == String {
        /// The text, or what stopped the render as the snapshot's text (the diff then shows it too),
        /// the test failed with it.
        fileprivate func text(reporting failure: RenderFailure) -> String {
            switch self {
            case .success(let text): return text
            case .failure(let error):
                failure.report(error)
                return "the stream did not render: \(error)\n"
            }
        }
    }

    extension SnapshotInput {
        /// How a check report names the input: a file by its path, else its kind.
        fileprivate var name: String {
            switch self {
            case .file(let path): return path
            case .text: return "text"
            case .transcript: return "transcript"
            }
        }
    }
#endif
