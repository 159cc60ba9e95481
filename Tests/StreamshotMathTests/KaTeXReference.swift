import Foundation

/// KaTeX's boxes for the formula corpus, measured in headless Chromium by
/// `scripts/katex_reference.py` (Debian's libjs-katex and fonts-katex).
struct KaTeXReference: Decodable {
    struct Formula: Decodable {
        var source: String
        var display: Bool
        var width: Double?
        var height: Double?
        var depth: Double?
        var error: String?
    }

    var katex: String
    var size: Double
    var formulas: [Formula]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = repository.appendingPathComponent("Tests/StreamshotMathTests/Corpus/formulas.tsv")

    /// Why the reference cannot be measured here (no Chromium, no KaTeX), or nil.
    static var unavailable: String? {
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        if !chromium { return "Chromium is not installed (scripts/setup.sh installs it)" }
        if !FileManager.default.fileExists(atPath: "/usr/share/javascript/katex/katex.min.js") {
            return "KaTeX is not installed (libjs-katex and fonts-katex: scripts/setup.sh installs them)"
        }
        return nil
    }

    /// Measures the corpus with KaTeX; with `shots`, also writes one PNG per formula there.
    static func measure(size: Double, shots: URL? = nil) throws -> KaTeXReference {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("katex-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", repository.appendingPathComponent("scripts/katex_reference.py").path, corpus.path, out.path, "--size", "\(Int(size))"]
            + (shots.map { ["--shots", $0.path] } ?? [])
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: String(decoding: message, as: UTF8.self)])
        }
        return try JSONDecoder().decode(KaTeXReference.self, from: Data(contentsOf: out))
    }
}
