/// Collects decoded events into a transcript: text and control events in order, warnings that
/// name where each problem was, and counts of what was skipped.
struct TranscriptBuilder {
    package var detector: FormatDetector
    package private(set) var events: [StreamEvent] = []
    package var warnings: [RenderWarning] = []
    private var skipped: [String: Int] = [:]
    private var reads: [EventRead] = []
    /// Where the stream ended (`done` or `error`): a client stops reading there, so text after it is named, not shown.
    private var endedAt: (place: String, timeMs: Double)?
    private var hasText = false
    private var lastSnapshot: String?
    /// How many payloads arrived, and the first one's keys (nil when it was no JSON object).
    private var payloads = 0
    private var firstKeys: [String]?
    /// Where citations fall in the answer's text.
    private var citations = CitationAnchoring()
    /// The answer's last two characters so far: whether it ends in a blank line.
    private var tail: [Unicode.Scalar] = []
    /// Something other than white space has arrived: the answer has started.
    private var hasVisibleText = false
    /// The answer ends with the blank line added at a tool call: a text block after it needs no other.
    private var endsWithCallBreak = false
    /// The answer's code fences, scanned when a tool call asks whether it came inside one.
    private var fences = CodeFenceTracker()

    package init(format: StreamFormat? = nil) {
        detector = FormatDetector(format: format)
    }

    /// Decodes one payload that arrived at `timeMs`; `place` names it in warnings ("line 3", "SSE event 2 (id 7)").
    package mutating func add(_ payload: EventPayload, at timeMs: Double, place: String) {
        if payloads == 0 { firstKeys = payload.object.map { Array($0.keys) } }
        payloads += 1
        let decodedEvents = detector.decode(payload)
        reads.append(
            EventRead(
                place: place, timeMs: timeMs, read: decodedEvents.map(EventRead.name),
                matched: payload.object.flatMap { detector.format?.mapping?.matches($0) } ?? []))
        for decoded in decodedEvents {
            if let endedAt {
                noteAfterEnd(decoded, at: timeMs, place: place, end: endedAt)
                continue
            }
            switch decoded {
            case .text(let text):
                appendText(text, at: timeMs)
            case .snapshot(let text):
                lastSnapshot = text
                citations.replace(with: text)
                tail = Array(text.unicodeScalars.suffix(2))
                fences = CodeFenceTracker()
                addText(.snapshot(text), at: timeMs)
            case .textBlockStart, .textBlockContinues:
                let cited = citations.blockEnds()
                addCitations(cited, at: timeMs)
                // The block after a cited one goes on with its sentence, as do blocks that say they may be cited.
                if hasText, decoded == .textBlockStart, !citations.lastBlockCited, !endsWithCallBreak {
                    appendText("\n\n", at: timeMs, added: true)
                }
                citations.blockStarts()
            case .blockEnd: addCitations(citations.blockEnds(), at: timeMs)
            case .citation(let read): addCitation(read, at: timeMs, place: place)
            case .ignored: break
            case .done:
                addCitations(citations.blockEnds(), at: timeMs)
                events.append(StreamEvent(timeMs: timeMs, kind: .done))
                endedAt = (place, timeMs)
            case .error(let message):
                addCitations(citations.blockEnds(), at: timeMs)
                events.append(StreamEvent(timeMs: timeMs, kind: .error(message)))
                endedAt = (place, timeMs)
            case .unauthorized(let message):
                addUnauthorized(message, at: timeMs, place: place)
            case .activity(let activity):
                citations.activityBetween()
                addActivity(activity, at: timeMs)
            case .skipped(let category):
                // A decoder that still says "thinking" or "tool-call" reports activity all the same.
                if case .activity(let activity)? = DecodedEvent.activity(category: category) {
                    addActivity(activity, at: timeMs)
                } else {
                    skipped[category, default: 0] += 1
                }
            case .invalid(let reason):
                warnings.append(RenderWarning(kind: .badEvent, message: "\(place): \(reason); skipped", timeMs: timeMs))
            }
        }
    }

    /// The session was revoked here (a 401 event, or a recording that ended on HTTP 401).
    mutating func addUnauthorized(_ message: String, at timeMs: Double, place: String) {
        guard endedAt == nil else { return }
        events.append(StreamEvent(timeMs: timeMs, kind: .unauthorized(message)))
        endedAt = (place, timeMs)
    }

    mutating func addReconnect(_ detail: String, at timeMs: Double) {
        guard endedAt == nil else { return }
        events.append(StreamEvent(timeMs: timeMs, kind: .reconnect(detail)))
    }

    /// Why the input is not a stream at all: events arrived and none was of a known format (nil
    /// when one was, or the format was given).
    /// A declared mapping that finds no text in any event is refused likewise, its end found or
    /// not (a text pointer that matches nothing would draw an empty answer): unless the end is
    /// all that arrived.
    package var refusal: InputError? {
        guard payloads > 0, !hasText else { return nil }
        if let mapping = detector.format?.mapping {
            guard payloads > (endedAt == nil ? 0 : 1) else { return nil }
            return mapping.refusal(events: payloads, firstKeys: firstKeys, endFound: endedAt != nil)
        }
        guard detector.format == nil else { return nil }
        return StreamFormat.refusal(events: payloads, firstKeys: firstKeys)
    }

    package func transcript() -> Transcript {
        // A stream cut inside a cited block: its citations cite what of it arrived.
        var anchoring = citations
        let cut = anchoring.blockEnds().map { StreamEvent(timeMs: events.last?.timeMs ?? 0, kind: .citation($0)) }
        var transcript = Transcript(events: events + cut, warnings: warnings, skipped: skipped, format: detector.format?.name)
        transcript.reads = reads
        transcript.mapping = detector.format?.mapping?.arguments.joined(separator: " ")
        return transcript
    }

    private mutating func addCitation(_ read: CitationRead, at timeMs: Double, place: String) {
        switch citations.place(read) {
        case .success(let citation): addCitations([citation], at: timeMs)
        case .failure(let problem):
            warnings.append(RenderWarning(kind: .badEvent, message: "\(place): \(problem.message)", timeMs: timeMs))
        case nil: break
        }
    }

    private mutating func addCitations(_ placed: [Citation], at timeMs: Double) {
        events += placed.map { StreamEvent(timeMs: timeMs, kind: .citation($0)) }
    }

    /// Text of the answer: as it came, or `added` by Streamshot (a provider's offsets skip it).
    private mutating func appendText(_ text: String, at timeMs: Double, added: Bool = false) {
        citations.append(text, added: added)
        tail = Array((tail + text.unicodeScalars).suffix(2))
        endsWithCallBreak = false
        if !hasVisibleText { hasVisibleText = text.unicodeScalars.contains { !$0.properties.isWhitespace } }
        addText(.delta(text), at: timeMs)
    }

    /// The model's reasoning or tool use. A tool used inside the answer ends the text before it,
    /// as the content block it was ends: a blank line follows that text (unless one does), so its
    /// last word is whole and what comes after the call is a part of its own (the apps draw the
    /// call's card between). Not inside a code block, which goes on after the call; nor in a
    /// stream of snapshots, which says where its own text goes.
    private mutating func addActivity(_ activity: Activity, at timeMs: Double) {
        if hasVisibleText, lastSnapshot == nil, activity.isToolCall {
            fences.scan(citations.answer)
            let newlines = tail.reversed().prefix { $0 == "\n" }.count
            if newlines < 2, !fences.isInsideCode(citations.answer.count - 1) {
                appendText(String(repeating: "\n", count: 2 - newlines), at: timeMs, added: true)
                endsWithCallBreak = true
            }
        }
        events.append(StreamEvent(timeMs: timeMs, kind: .activity(activity)))
    }

    private mutating func addText(_ kind: StreamEvent.Kind, at timeMs: Double) {
        hasText = true
        events.append(StreamEvent(timeMs: timeMs, kind: kind))
    }

    /// Text after the end becomes a warning; a repeat of the final snapshot, a second `done`
    /// and protocol bookkeeping lose nothing and say nothing.
    private mutating func noteAfterEnd(
        _ decoded: DecodedEvent, at timeMs: Double, place: String,
        end: (place: String, timeMs: Double)
    ) {
        let text: String
        switch decoded {
        case .text(let delta): text = delta
        case .snapshot(let snapshot) where snapshot != lastSnapshot: text = snapshot
        case .skipped(let category):
            if DecodedEvent.activity(category: category) == nil { skipped[category, default: 0] += 1 }
            return
        default: return
        }
        guard !text.isEmpty else { return }
        warnings.append(
            RenderWarning(
                kind: .afterEnd,
                message:
                    "\(place): \(text.unicodeScalars.count) characters arrive after the stream ended (\(end.place), t=\(JSONText.number(end.timeMs)) ms) "
                    + "and are not shown",
                timeMs: timeMs))
    }
}
