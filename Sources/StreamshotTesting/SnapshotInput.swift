import Foundation
public import Streamshot

/// What to render; how it is timed and drawn is the settings' (`--network`, `--seed`, …).
public enum SnapshotInput: Sendable {
    /// A .sse, .jsonl, .md or .txt file (or a client trace); a relative path is read from the
    /// package root.
    case file(String)
    /// Plain text, delivered by the settings' network.
    case text(String)
    /// A stream already decoded.
    case transcript(Transcript)

    /// The render job for this input, its relative paths read from `packageRoot`.
    func job(settings: RenderSettings, packageRoot: String) throws -> RenderJob {
        var settings = settings
        if settings.fonts == nil { settings.fonts = FontLocator.defaultDirectory(packageRoot: packageRoot) }
        return try settings.job(input: jobInput(packageRoot: packageRoot))
    }

    /// Tells two inputs apart for sharing a render: the file's bytes, not only its name.
    func cacheKey(packageRoot: String) throws -> String {
        switch jobInput(packageRoot: packageRoot) {
        case .file(let path):
            return "file \(path) \(fingerprint(FileManager.default.contents(atPath: path) ?? Data()))"
        case .text(let text): return "text \(text)"
        case .transcript(let transcript): return "transcript \(String(reflecting: transcript))"
        case .live: preconditionFailure("a snapshot's input is never live")
        }
    }

    /// FNV-1a over every byte (`Data`'s own hash reads only the first few).
    private func fingerprint(_ bytes: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "\(bytes.count) \(String(hash, radix: 16))"
    }

    private func jobInput(packageRoot: String) -> RenderJob.Input {
        switch self {
        case .file(let path): return .file(path.hasPrefix("/") ? path : packageRoot + "/" + path)
        case .text(let text): return .text(text)
        case .transcript(let transcript): return .transcript(transcript)
        }
    }
}

extension RenderSettings {
    /// Small frames for references: 390x640 points at scale 1; everything else as the CLI's
    /// defaults. CLI-style arguments given to an assertion start from here.
    public static var snapshot: RenderSettings {
        var settings = RenderSettings()
        settings.size.height = 640
        settings.scale = 1
        return settings
    }
}
