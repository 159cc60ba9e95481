import Foundation
import StreamshotModel

/// What the model's tests read and make: the bundled examples, a plain-text transcript, a
/// scratch folder. No fonts: this target links no Pango.
enum TestSupport {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    /// An example's text (`Examples/NAME`).
    static func example(_ name: String) -> String {
        (try? String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// `text` as plain text arriving over `network`.
    static func transcript(_ text: String, network: NetworkProfile = .steady, seed: UInt64 = 1) -> Transcript {
        PlainTextSource.transcript(bytes: Array(text.utf8), network: network, seed: seed)
    }

    /// A new empty folder of its own under the temporary directory.
    static func temporaryDirectory(_ name: String) -> String {
        let folder = NSTemporaryDirectory() + "streamshot-model-tests-\(name)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
