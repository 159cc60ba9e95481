import StreamshotManifest

extension Detector {
    /// An ending the reader must be told of — a timeout, an error, a connection given up on, a
    /// revoked session, a stream left incomplete — says so on screen: a notice or a button.
    ///
    /// shared/seeds/001's client fails this by its note's own rule: at its 30 s timeout it keeps
    /// the partial text as if it were complete, with no word that the answer was cut (only an
    /// answer with no text at all gets the note's apology). The detector reports that honestly.
    public static let silentEnding = Detector(
        name: "silent-ending",
        formula:
            "ending.kind not done or stopped, and the last frame on screen at or after the ending's time has no error or retry overlay (a render that "
            + "is off screen from the ending on is not judged)"
    ) { manifest, _ in
        var lastOnScreen: Frame?
        return FramePass(
            visit: { frame in
                if frame.isOnScreen { lastOnScreen = frame }
            },
            finish: {
                guard let ending = manifest.ending, ending.kind.needsAffordance, let last = lastOnScreen, ending.isReached(at: last.timeMs)
                else { return ([], nil, true) }
                let affordances = (last.overlays ?? []).filter { $0.kind == .error || $0.kind == .retry }
                guard affordances.isEmpty else { return ([], nil, true) }
                let finding = Finding(
                    .silentEnding, frameIndex: last.index, timeMs: last.timeMs,
                    message: "the stream ended (\(ending.kind.rawValue) at \(JSONText.number(ending.timeMs, places: 0)) ms) with no notice or "
                        + "retry on screen",
                    values: ["endingMs": ending.timeMs])
                return ([finding], nil, false)
            })
    }
}
