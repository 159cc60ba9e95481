import StreamshotManifest

extension Detector {
    /// How text is revealed: stalls, bursts, partial words, rewrites.
    public static let revealCadence = Detector(
        name: "reveal-cadence",
        formula: "stall: consecutive frames on screen with no reveal while pendingChars > 0 (after the first reveal) lasting >= stallMs; burst: " +
                 "revealed(f+1) - revealed(f) > burstChars and more than one word, before the stream ended, outside code blocks, not on the first frame back " +
                 "on screen; partial word: no UAX #29 word boundary at the reveal position (the judge's own WordBreaks: letters, digits and the marks that " +
                 "join them; scripts written without spaces have a boundary between letters); rewrite: a rewrite warning"
    ) { manifest, thresholds in
        var findings: [Finding] = []
        let text = Array(manifest.text.unicodeScalars)
        let code = FencedCode(text)
        var stallStart: Frame?
        var previous: Frame?
        var rewrites = RewriteFrames(manifest.warnings.filter { $0.kind == .rewrite })
        return FramePass(visit: { frame in
            defer { previous = frame }
            rewrites.visit(frame)
            let revealedNow = frame.revealedChars
            let delta = previous.map { revealedNow - $0.revealedChars } ?? revealedNow
            // Stalls: counted once something has been shown (the wait before the first token is the typing indicator's).
            // Off screen (background, another conversation) updates pause by design: not a stall.
            if delta == 0, frame.pendingChars > 0, revealedNow > 0, frame.isOnScreen {
                stallStart = stallStart ?? frame
            } else {
                if let start = stallStart, let end = previous, end.timeMs - start.timeMs + manifest.frameMs >= thresholds.stallMs {
                    let duration = end.timeMs - start.timeMs + manifest.frameMs
                    findings.append(Finding(.stall, frameIndex: start.index, timeMs: start.timeMs,
                                            message: "stall: nothing revealed for \(JSONText.number(duration, places: 0)) ms while \(start.pendingChars) " +
                                                     "characters waited",
                                            values: ["durationMs": duration, "pending": Double(start.pendingChars)]))
                }
                stallStart = nil
            }
            // Code is revealed by whole lines on purpose; coming back on screen shows what waited at once.
            if delta > thresholds.burstChars, !frame.ended, revealedNow > 0, previous?.isOnScreen != false, !code.contains(revealedNow - 1),
               isSeveralWords(text, from: revealedNow - delta, to: revealedNow) {
                findings.append(Finding(.burst, frameIndex: frame.index, timeMs: frame.timeMs,
                                        message: "burst: \(delta) characters revealed in one frame", values: ["chars": Double(delta)]))
            }
            if revealedNow > 0, revealedNow < text.count, isInsideWord(text, at: revealedNow) {
                findings.append(Finding(.partialWord, frameIndex: frame.index, timeMs: frame.timeMs,
                                        message: "partial word shown: cut at character \(revealedNow)", values: ["at": Double(revealedNow)]))
            }
        }, finish: {
            let all = findings + rewrites.allFindings
            return (all, nil, all.isEmpty)
        })
    }

    /// Whether `text[from..<to]` holds more than one word (one long word at once is the rule, not a burst).
    static func isSeveralWords(_ text: [Unicode.Scalar], from: Int, to: Int) -> Bool {
        guard from >= 0, to <= text.count, from < to else { return false }
        let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
        let segment = text[from..<to].drop(while: isSpace).reversed().drop(while: isSpace)
        return segment.contains(where: isSpace)
    }

    /// Whether a cut at `position` splits a word: no UAX #29 word boundary there, by the judge's
    /// own reading (`WordBreaks`), not the client's `WordBoundary`.
    static func isInsideWord(_ text: [Unicode.Scalar], at position: Int) -> Bool {
        WordBreaks.isInsideWord(text, at: position)
    }
}

/// Each rewrite warning at the first frame at or after its time (the last frame when none is),
/// listed in the warnings' order.
struct RewriteFrames {
    private let warnings: [RenderWarning]
    /// By warning: the frame it is reported at, once reached.
    private var reached: [Int: Frame] = [:]
    private var last: Frame?

    init(_ warnings: [RenderWarning]) { self.warnings = warnings }

    mutating func visit(_ frame: Frame) {
        last = frame
        for (index, warning) in warnings.enumerated() where reached[index] == nil && frame.timeMs >= warning.timeMs ?? 0 {
            reached[index] = frame
        }
    }

    var allFindings: [Finding] {
        warnings.enumerated().map { index, warning in
            let frame = reached[index] ?? last
            return Finding(.rewrite, frameIndex: frame?.index ?? 0, timeMs: frame?.timeMs ?? 0, message: "content rewritten: \(warning.message)")
        }
    }
}
