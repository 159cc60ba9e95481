import Foundation

/// Reads an input file and decodes it by its extension.
public enum InputLoader {
    /// The formats `render` accepts, by file extension.
    public static let extensions = ["sse", "jsonl", "md", "txt"]

    /// - Parameters:
    ///   - path: a .sse, .jsonl, .md or .txt file.
    ///   - network: timing for inputs that carry none (plain text, unstamped SSE).
    ///   - seed: the network's seed.
    ///   - format: the provider format of .sse/.jsonl events; nil detects it from the first event.
    ///   - limits: how much of the stream is taken (what they cut is named in warnings).
    /// - Throws: `InputError` naming the file and what is wrong.
    public static func load(path: String, network: NetworkProfile, seed: UInt64, format: StreamFormat? = nil,
                            limits: StreamLimits = StreamLimits()) throws -> Transcript {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: path) else {
            throw InputError("\(path): cannot read the file (it does not exist, is a folder, or is not readable)")
        }
        let bytes = [UInt8](data)
        let ext = (path as NSString).pathExtension.lowercased()
        var transcript: Transcript
        do {
            switch ext {
            case "sse": transcript = try SSESource.transcript(bytes: bytes, network: network, seed: seed, format: format)
            case "jsonl": transcript = try JSONLSource.transcript(bytes: bytes, format: format)
            case "md", "txt", "markdown": transcript = PlainTextSource.transcript(bytes: bytes, network: network, seed: seed)
            default:
                throw InputError("unknown input type .\(ext): expected one of \(extensions.map { "." + $0 }.joined(separator: ", "))")
            }
        } catch let error as InputError {
            throw InputError("\(path): \(error.message)")
        }
        // Recorded whatever the input, so a render says what it was read with.
        transcript.network = NetworkTiming(profile: network.name, seed: seed)
        return transcript.limited(by: limits)
    }
}
