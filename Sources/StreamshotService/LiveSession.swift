import Foundation
import Streamshot

/// One live session: a client sends its stream as it happens (a client trace, or SSE), and its
/// render runs while it arrives. Whole lines are stamped with their arrival time (ms since the
/// session opened) where they carry none, appended to the job's stored input — the file the
/// finished job is, and the one a restart renders again — and handed to the render.
final class LiveSession: @unchecked Sendable {
    let id: String
    let kind: InputKind
    let input: LiveInput
    private let file: FileHandle
    private let opened = ContinuousClock.now
    private let maxBytes: Int
    private let lock = NSLock()
    /// Bytes after the last newline: a line still arriving.
    private var partialLine: [UInt8] = []
    private var storedBytes = 0
    private var lastActivity = ContinuousClock.now
    /// Lines received so far, kept or not: what a refused line's number counts.
    private var linesReceived = 0
    /// The session's render options, to read what has arrived as its render will.
    private let spec: RenderSpec
    /// The warnings the lines stored so far raised, read as they arrive, and how many of them
    /// an answer has carried.
    private var warnings: LiveWarnings
    private var found: [String] = []
    private var reported = 0

    /// - Parameter storedInput: the job's input file, created empty.
    init(id: String, kind: InputKind, storedInput: String, maxBytes: Int, spec: RenderSpec = RenderSpec()) throws {
        self.id = id
        self.kind = kind
        self.maxBytes = maxBytes
        self.spec = spec
        input = LiveInput(fileExtension: kind == .sse ? "sse" : "jsonl")
        let format = (try? RenderSettings(spec: spec))?.eventFormat
        warnings = LiveWarnings(fileExtension: input.fileExtension, format: kind == .sse ? format : nil)
        guard let file = FileHandle(forWritingAtPath: storedInput) else {
            throw Problem(.internalServerError, "Cannot store the session", "the session's input file could not be opened")
        }
        self.file = file
    }

    /// Bytes that arrived: their whole lines are stored and rendered now, a line's rest waits for
    /// its newline. A trace line that is no JSON object is not kept (the render could not read
    /// it): it is returned, numbered among the session's lines, with why.
    /// - Throws: `Problem` 409 once the session has ended; 413 past the server's body limit.
    @discardableResult
    func receive(_ bytes: some Collection<UInt8>) throws -> [String] {
        try lock.withLock {
            guard !input.isClosed else { throw Self.ended(id) }
            lastActivity = .now
            partialLine += bytes
            guard let lastNewline = partialLine.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
            var refused: [String] = []
            let lines = readable(Array(partialLine[...lastNewline]), refused: &refused)
            partialLine.removeSubrange(...lastNewline)
            guard !lines.isEmpty else { return refused }
            let stamped = stamp(lines)
            guard storedBytes + stamped.count <= maxBytes else {
                throw Problem(
                    .contentTooLarge, "Content too large",
                    "session \(id) would pass this server's limit of \(maxBytes) bytes (--max-body); it keeps what arrived before")
            }
            try file.write(contentsOf: stamped)
            storedBytes += stamped.count
            input.append(stamped)
            found += warnings.read(stamped).map(\.message)
            return refused
        }
    }

    /// The lines (each ending in a newline) a trace session keeps: blank ones and JSON objects;
    /// the others are named in `refused`. An SSE session keeps every line (any line is a field).
    private func readable(_ lines: [UInt8], refused: inout [String]) -> [UInt8] {
        guard kind != .sse else { return lines }
        var kept: [UInt8] = []
        for line in lines.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
            linesReceived += 1
            let text = String(decoding: line, as: UTF8.self)
            if !text.allSatisfy(\.isWhitespace), let reason = Self.unreadable(line) {
                refused.append("line \(linesReceived) (\(text.prefix(40))): \(reason)")
                continue
            }
            kept += line + [UInt8(ascii: "\n")]
        }
        return kept
    }

    /// Why a line is not a JSON object, or nil when it is one.
    private static func unreadable(_ line: some Collection<UInt8>) -> String? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed]) else { return "JSON does not parse" }
        return value is [String: Any] ? nil : "expected a JSON object"
    }

    /// The client has said everything: a line without its newline counts as whole.
    func close() {
        lock.withLock {
            if !partialLine.isEmpty, !input.isClosed {
                let stamped = stamp(partialLine + [UInt8(ascii: "\n")])
                if storedBytes + stamped.count <= maxBytes, (try? file.write(contentsOf: stamped)) != nil { input.append(stamped) }
                partialLine = []
            }
            try? file.synchronize()
            input.close()
        }
    }

    /// The warnings the stream so far raises that no earlier answer carried: what a POST's answer
    /// says about its chunk (a bad event, a time going back). Read from the new lines alone, as
    /// they were stored: an answer costs the same after 20,000 lines as after 10.
    func newWarnings() -> [String] {
        lock.withLock {
            defer { reported = found.count }
            return Array(found[reported...])
        }
    }

    var isOpen: Bool { !input.isClosed }
    var bytesReceived: Int { lock.withLock { storedBytes + partialLine.count } }
    /// Seconds since the client last sent anything.
    var idleSeconds: Double {
        let idle = lock.withLock { ContinuousClock.now - lastActivity }
        return Double(idle.components.seconds) + Double(idle.components.attoseconds) / 1e18
    }

    static func ended(_ id: String) -> Problem {
        Problem(.conflict, "Session ended", "session \(id) has ended: its render is (or will be) an ordinary job at /v1/renders/\(id)")
    }

    /// Milliseconds since the session opened: the `t` of what arrives now.
    private var nowMs: Int {
        let elapsed = ContinuousClock.now - opened
        return Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    /// A trace's lines with `"t"` added where they have none; SSE lines after a `: t=` comment.
    private func stamp(_ lines: [UInt8]) -> [UInt8] {
        let now = nowMs
        if kind == .sse { return Array(CaptureComment.arrivalLine(ms: now).utf8) + lines }
        return lines.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
            .flatMap { Self.timed(Array($0), now) + [UInt8(ascii: "\n")] }
    }

    /// A JSON object line without a `"t"` gets the arrival time as its first field.
    private static func timed(_ line: [UInt8], _ now: Int) -> [UInt8] {
        guard let open = line.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
            line[open] == UInt8(ascii: "{"),
            let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any], object["t"] == nil
        else { return line }
        let field = Array((object.isEmpty ? "\"t\":\(now)" : "\"t\":\(now),").utf8)
        return Array(line[...open]) + field + Array(line[(open + 1)...])
    }
}
