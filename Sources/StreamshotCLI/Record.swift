// Only with the `Server` trait; without it `ServerCommandsMissing.swift` stands in.
#if Server
    import ArgumentParser
    import Foundation
    import StreamshotRecorder

    extension StreamshotCommand {
        struct Record: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Record a live SSE (or NDJSON) endpoint to a capture with arrival stamps; `render` replays it exactly.",
                discussion: """
                    Follows the mobile client rules: sends Accept: text/event-stream and Cache-Control: no-store; \
                    on a dropped connection waits, reconnects with Last-Event-ID (at most --max-reconnects times) \
                    and never writes an event twice; ends as incomplete after --idle-timeout without done; ends on 401. \
                    An NDJSON answer (application/x-ndjson, application/jsonl: Ollama) is written to a .jsonl --out \
                    as JSON Lines, each line with its arrival "t"; it cannot be resumed, so a close before its end ends the recording. \
                    Authorization, cookie and API-key values never reach the capture or the log.
                    """)

            @Argument(help: "The SSE or NDJSON endpoint (http:// or https://).")
            var url: String

            @Option(name: .shortAndLong, help: "The capture file to write (.sse; .jsonl for an NDJSON endpoint).")
            var out: String

            @Option(name: .customShort("X"), help: "HTTP method.")
            var method: String = "GET"

            @Option(name: .customShort("H"), help: "A request header, 'Name: value' (repeatable).")
            var header: [String] = []

            @Option(help: "Request body: a string, or @FILE to send a file's bytes.")
            var data: String?

            @Option(name: .customLong("retry-delay"), parsing: .unconditional, help: "Seconds to wait before reconnecting after a drop (0 to 3600).")
            var retryDelay: Double = 1

            @Option(name: .customLong("max-reconnects"), parsing: .unconditional, help: "Reconnection attempts before giving up (0 to 1000).")
            var maxReconnects: Int = 3

            @Option(
                name: .customLong("idle-timeout"), parsing: .unconditional,
                help:
                    "Seconds without an event (keep-alive comments do not count) after which a stream without done ends as incomplete (0.01 to 86400)."
            )
            var idleTimeout: Double = 60

            @Option(
                name: .customLong("max-line-bytes"), parsing: .unconditional,
                help: "Bytes one SSE line may hold; a longer line ends the recording as incomplete (1024 to 1073741824).")
            var maxLineBytes: Int = RecordPolicy().maxLineBytes

            func validate() throws {
                for line in header where !line.contains(":") {
                    throw ValidationError("-H '\(line)': expected 'Name: value'")
                }
                try OptionRange.require(retryDelay, in: 0...3600, option: "--retry-delay", unit: " seconds")
                try OptionRange.require(idleTimeout, in: 0.01...86_400, option: "--idle-timeout", unit: " seconds")
                try OptionRange.require(maxReconnects, in: 0...1000, option: "--max-reconnects")
                try OptionRange.require(maxLineBytes, in: 1024...(1 << 30), option: "--max-line-bytes")
            }

            /// The options as the recorder's policy (validated, so every conversion fits).
            func policy() -> RecordPolicy {
                var policy = RecordPolicy()
                policy.retryDelay = .milliseconds(Int(retryDelay * 1000))
                policy.maxReconnects = maxReconnects
                policy.idleTimeout = .milliseconds(Int(idleTimeout * 1000))
                policy.maxLineBytes = maxLineBytes
                return policy
            }

            func run() async throws {
                var body: [UInt8]?
                if let data {
                    if data.hasPrefix("@") {
                        let path = String(data.dropFirst())
                        guard let contents = FileManager.default.contents(atPath: path) else {
                            throw ValidationError("--data @\(path): cannot read the file")
                        }
                        body = [UInt8](contents)
                    } else {
                        body = Array(data.utf8)
                    }
                }
                let headers = header.map { line -> (name: String, value: String) in
                    let colon = line.firstIndex(of: ":")!
                    return (
                        String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                        String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                    )
                }
                let request = RecordRequest(url: url, method: method, headers: headers, body: body)
                let outcome = try await Recorder(policy: policy()).record(request, to: out) { line in
                    FileHandle.standardError.write(Data("record: \(line)\n".utf8))
                }
                print(
                    "\(outcome.events) events, \(outcome.reconnects) reconnect(s), \(outcome.duplicatesDropped) duplicate(s) dropped, ended: \(outcome.ending) "
                        + "-> \(out)")
                if outcome.ending != .done { throw ExitCode(3) }
            }
        }
    }
#endif
