import Foundation

/// Reads an input file and decodes it by its extension.
public enum InputLoader {
    /// The formats `render` accepts, by file extension.
    public static let extensions = ["sse", "jsonl", "json", "md", "txt"]

    /// - Parameters:
    ///   - path: a .sse, .jsonl, .md or .txt file.
    ///   - network: timing for inputs that carry none (plain text, unstamped SSE, NDJSON without `t`).
    ///   - seed: the network's seed.
    ///   - format: the provider format of .sse/.jsonl events; nil detects it from the first event.
    ///   - limits: how much of the stream is taken (what they cut is named in warnings).
    /// - Throws: `InputError` naming the file and what is wrong.
    ///   - clientTrace: read a .jsonl as a client trace whatever its first record (otherwise a
    ///     trace is recognised by its first record: `start`, `show` or `style`).
    public static func load(
        path: String, network: NetworkProfile, seed: UInt64, format: StreamFormat? = nil,
        limits: StreamLimits = StreamLimits(), clientTrace: Bool = false
    ) throws -> Transcript {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else {
            throw InputError("\(path): cannot read the file (it does not exist, is a folder, or is not readable)")
        }
        do {
            return try load(
                bytes: [UInt8](data), fileExtension: (path as NSString).pathExtension, network: network, seed: seed,
                format: format, limits: limits, clientTrace: clientTrace)
        } catch let error as InputError {
            throw InputError("\(path): \(error.message)")
        }
    }

    /// Decodes an input's bytes as a file with this extension (`load(path:…)` reads one; a live
    /// session reads what has arrived so far the same way).
    /// - Throws: `InputError` saying what is wrong (the caller names the input).
    /// - Parameter refusesUnknown: an input none of whose events is of a known format is refused
    ///   (false while a live stream is still arriving: its first event may be a keep-alive).
    public static func load(
        bytes: [UInt8], fileExtension: String, network: NetworkProfile, seed: UInt64, format: StreamFormat? = nil,
        limits: StreamLimits = StreamLimits(), clientTrace: Bool = false, refusesUnknown: Bool = true
    ) throws -> Transcript {
        var transcript: Transcript
        switch fileExtension.lowercased() {
        case "sse":
            transcript = try SSESource.transcript(
                bytes: bytes, network: network, seed: seed, format: format,
                refusesUnknown: refusesUnknown)
        case "jsonl" where clientTrace || ClientTraceReader.looksLikeTrace(bytes):
            transcript = try ClientTraceReader.transcript(bytes: bytes)
            transcript.carriesTimes = true
        case "jsonl", "json":
            transcript = try JSONLSource.transcript(
                bytes: bytes, format: format, network: network, seed: seed,
                refusesUnknown: refusesUnknown)
        case "txt" where DataStreamLine.looksLike(bytes):
            // The AI SDK's data stream is served as text/plain, so `curl` captures land in .txt.
            transcript = try JSONLSource.transcript(
                bytes: bytes, format: format, network: network, seed: seed,
                refusesUnknown: refusesUnknown)
        case "md", "txt", "markdown": transcript = PlainTextSource.transcript(bytes: bytes, network: network, seed: seed)
        case let ext:
            throw InputError("unknown input type .\(ext): expected one of \(extensions.map { "." + $0 }.joined(separator: ", "))")
        }
        // Recorded whatever the input (a trace is timed by its client), so a render says what it was read with.
        if transcript.clientTrace == nil { transcript.network = NetworkTiming(profile: network.name, seed: seed) }
        if let format, let ignored = ignoredFormat(format, transcript: transcript) { transcript.warnings.append(ignored) }
        return transcript.limited(by: limits)
    }

    /// A format or mapping given for an input that has no events to read with it (a client
    /// trace, Markdown or plain text): said, never silently dropped.
    private static func ignoredFormat(_ format: StreamFormat, transcript: Transcript) -> RenderWarning? {
        let readAs: String
        if transcript.clientTrace != nil {
            readAs = "a client trace, which supplies its client's decisions itself"
        } else if transcript.format == nil {
            readAs = "text (Markdown), which has no events"
        } else {
            return nil
        }
        let given = format.mapping != nil ? "the mapping (--map-*, --mapping)" : "--format \(format.name)"
        return RenderWarning(kind: .optionIgnored, message: "\(given) does not apply: the input is read as \(readAs)")
    }
}
