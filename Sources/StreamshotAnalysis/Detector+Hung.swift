import StreamshotManifest

extension Detector {
    /// A stream that looks alive long after anything happened: a client must end a stream that
    /// falls silent (with its timeout, `options.timeout`), not leave the dots, the caret or
    /// "Stop generating" up for good. A client with no timeout is held to `hungMs`, and one that
    /// left a stream as it stood (`incomplete`: no done, no timeout) is reported as such.
    ///
    /// An idle timeout counts from the text's last change (arrived or revealed: what the manifest
    /// can see of the last event), a hard one from the request. A frame that has ended with
    /// characters still buffered is the display buffer finishing what arrived, not a hang.
    public static let hung = Detector(
        name: "hung",
        formula:
            "limit = the client's timeout (options.timeout; none or unrecorded: hungMs, counted as idle); a frame later than the limit after the text "
            + "last changed (idle: revealedChars, revealedChars + bufferedChars or activity — reasoning and tool events — differs from the frame "
            + "before) or after the request (hard) that still looks like streaming — not ended, or a typing-indicator, thinking, tool-status or "
            + "stop-button overlay, or a caret — unless it has ended with characters buffered; once, at the first such frame; or an ending of kind "
            + "incomplete; or, after any other ending, a last frame on screen with nothing buffered that still shows one of those overlays or a caret "
            + "(a spinner left after the end)"
    ) { manifest, thresholds in
        var findings: [Finding] = []
        let timeout = manifest.clientTimeout
        let limit = timeout?.ms ?? thresholds.hungMs
        let hard = timeout?.hard ?? false
        var lastChange = 0.0
        var previous: Frame?
        var reported = false
        var endingFrame: Frame?
        return FramePass(
            visit: { frame in
                defer { previous = frame }
                if let ending = manifest.ending, endingFrame == nil, ending.isReached(at: frame.timeMs) { endingFrame = frame }
                // Reasoning and tool events are the model at work: they count as a change, as text does.
                if let previous,
                    frame.revealedChars != previous.revealedChars
                        || frame.revealedChars + frame.bufferedChars != previous.revealedChars + previous.bufferedChars
                        || (frame.activity ?? 0) != (previous.activity ?? 0)
                {
                    lastChange = frame.timeMs
                }
                let since = hard ? 0 : lastChange
                guard !reported, frame.timeMs - since > limit, frame.looksStreaming, !(frame.ended && frame.bufferedChars > 0) else { return }
                reported = true
                findings.append(
                    Finding(
                        .stillStreaming, frameIndex: frame.index, timeMs: frame.timeMs,
                        message: "still streaming (\(frame.streamingSigns.joined(separator: ", "))) "
                            + "\(JSONText.number(frame.timeMs - since, places: 0)) ms after "
                            + "\(hard ? "the request" : "the text last changed"); the client's limit is \(JSONText.number(limit, places: 0)) ms",
                        values: ["sinceMs": frame.timeMs - since, "limitMs": limit]))
            },
            finish: {
                if !reported, let last = previous, let finding = Self.liveAfterTheEnd(last, manifest: manifest) { findings.append(finding) }
                if let ending = manifest.ending, ending.kind == .incomplete {
                    let frame = endingFrame ?? previous
                    findings.append(
                        Finding(
                            .leftIncomplete, frameIndex: frame?.index ?? 0, timeMs: frame?.timeMs ?? ending.timeMs,
                            message: "the stream never said done and the client has no timeout: it was left as it stood at "
                                + "\(JSONText.number(ending.timeMs, places: 0)) ms",
                            values: ["endingMs": ending.timeMs]))
                }
                return (findings, nil, findings.isEmpty)
            })
    }
}

extension Detector {
    /// The frame a reader is left with, when the stream has ended (not left as it stood) and all
    /// its text is shown, yet a typing indicator, a stop button, a thinking or tool status, or a
    /// caret is still up: a spinner after the end.
    static func liveAfterTheEnd(_ last: Frame, manifest: Manifest) -> Finding? {
        guard let ending = manifest.ending, ending.kind != .incomplete, ending.isReached(at: last.timeMs),
            last.isOnScreen, last.bufferedChars == 0
        else { return nil }
        let signs = last.streamingSigns.filter { $0 != "not ended" }
        guard !signs.isEmpty else { return nil }
        return Finding(
            .stillStreaming, frameIndex: last.index, timeMs: last.timeMs,
            message: "still streaming (\(signs.joined(separator: ", "))) on the last frame, "
                + "\(JSONText.number(last.timeMs - ending.timeMs, places: 0)) ms after the stream ended (\(ending.kind.rawValue)) "
                + "with all its text shown: a spinner after the end",
            values: ["sinceMs": last.timeMs - ending.timeMs])
    }
}

extension Manifest {
    /// The client's timeout as `options.timeout` records it (typed since manifest version 3; the
    /// reader reads version 2's "60000 ms idle" into the same value); nil for none or a manifest
    /// that does not say.
    var clientTimeout: (ms: Double, hard: Bool)? {
        guard let timeout = options.timeout, timeout.ms.isFinite, timeout.ms >= 0 else { return nil }
        return (timeout.ms, !timeout.resets)
    }
}

extension Frame {
    /// What on this frame says the answer is still coming.
    var streamingSigns: [String] {
        var signs: [String] = []
        if !ended { signs.append("not ended") }
        for kind in [OverlayKind.typingIndicator, .stopButton, .thinking, .toolStatus] where overlays?.contains(where: { $0.kind == kind }) == true {
            signs.append(kind.rawValue)
        }
        if caret != nil { signs.append("caret") }
        return signs
    }

    var looksStreaming: Bool { !streamingSigns.isEmpty }
}
