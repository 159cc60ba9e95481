import Foundation
import Streamshot

/// The streams the benchmarks render.
enum Workloads {
    static let root = FileManager.default.currentDirectoryPath
    static let fonts = root + "/Fonts"

    static func example(_ name: String) -> String {
        (try? String(contentsOfFile: root + "/Examples/" + name, encoding: .utf8)) ?? ""
    }

    /// An Arabic legal document of at least `bytes` UTF-8 bytes: the bundled clauses, numbered and repeated.
    static func arabicDocument(bytes: Int) -> String {
        let clauses = example("ar-lease.md").components(separatedBy: "\n## ").dropFirst().map { "## " + $0 }
        let vocalized = example("ar-vocalized.md")
        var text = "# عقد إيجار وحدة تجارية (نسخة مطولة)\n\n"
        var n = 1
        while text.utf8.count < bytes {
            for clause in clauses where text.utf8.count < bytes {
                text += clause.replacingOccurrences(of: "## ", with: "## (\(n)) ") + "\n\n"
                n += 1
            }
            text += vocalized + "\n\n"
        }
        return text
    }

    /// `text` arriving at a fixed `charsPerFrame` (60 fps), shown with raw pacing so that every
    /// frame adds the same amount of text whatever the document's length.
    static func fixedRate(_ text: String, charsPerFrame: Int = 20) -> Transcript {
        let scalars = Array(text.unicodeScalars)
        var events: [StreamEvent] = []
        var index = 0
        var time = 0.0
        while index < scalars.count {
            let piece = String(String.UnicodeScalarView(scalars[index..<min(scalars.count, index + charsPerFrame)]))
            events.append(StreamEvent(timeMs: time, kind: .delta(piece)))
            index += charsPerFrame
            time += 1000 / 60
        }
        events.append(StreamEvent(timeMs: time, kind: .done))
        return Transcript(events: events)
    }

    static func phoneOptions() -> RenderOptions {
        var options = RenderOptions()
        options.client.pacing = .raw
        return options
    }
}
