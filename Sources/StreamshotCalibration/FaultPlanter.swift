import Foundation
public import Streamshot
public import StreamshotAnalysis

/// One fault a client can make, planted in a clean trace: each class names the finding `check`
/// must report for it, and when the fault first shows.
public enum FaultClass: String, CaseIterable, Sendable {
    /// The direction set the wrong way before the first token, then corrected after it.
    case directionLate = "direction-set-late"
    /// The direction switched to the other side mid-answer, and back.
    case flip
    /// A display buffer that holds words it could show for 600 ms mid-answer (its show records
    /// say what they hold, `ready`): everything after waits with them.
    case stall
    /// 120 characters or more released in one frame mid-answer.
    case burst
    /// The last 40% of the answer held back and shown when the stream ends.
    case endDump = "end-dump"
    /// A show that stops inside a word, the rest 300 ms later.
    case halfWord = "half-word"
    /// Markdown shown as it came (a `Text(String)`).
    case rawSyntax = "raw-syntax"
    /// One kind of syntax shown as characters while the rest is drawn (`RawSyntaxPlanter`): a
    /// renderer without that feature, or one that escapes it.
    case rawEmphasis = "raw-emphasis"
    case rawHeading = "raw-heading"
    case rawListMarker = "raw-list-marker"
    case
        rawTablePipes = "raw-table-pipes"
    case rawFence = "raw-fence"
    case rawTag = "raw-tag"
    case
        rawMath = "raw-math"
    case rawFootnote = "raw-footnote"
    case detailsBodyShown = "details-body-shown"
    /// Arabic set at 1.5 times its size, not 1.8.
    case wrongPitch = "wrong-pitch"
    /// Alignment mirrored twice: a React Native app in a right-to-left layout asks for the
    /// answer's own side by its physical name, and the platform flips it.
    case misaligned
    /// The view snapping to the top and back in one frame each, with no reader.
    case scrollSnap = "scroll-snap"
    /// The stream failing with nothing on screen that says so.
    case silentEnding = "silent-ending"
    /// Words already shown changed by the client (a title corrected two shows later).
    case wordsChanged = "words-changed"
    /// After a reconnect, the server replays the answer from its start and the client appends
    /// it: planted in the stream, not the trace (a trace carries what was shown, not what came).
    case duplicated = "text-duplicated"
    /// Table columns measured again as each word arrives (a browser's automatic table layout,
    /// with no easing): they jump while rows stream.
    case columnsJump = "columns-jump"
    /// A typing indicator shown just before the end and never hidden: the answer is whole, and
    /// still looks as if more is coming.
    case spinnerAfterEnd = "spinner-after-end"
    /// A reconnect mid-answer after which the client shows only what came after it: the text
    /// read before the connection dropped is gone.
    case dropped = "text-dropped"
    /// A view that stops following the answer's end while the client says it follows it (a
    /// scroll to the end that is no longer called: an animation cancelled, the height read
    /// before the text grew): the answer is written below the screen.
    case caretHidden = "caret-out-of-view"
    /// Lines broken between any two characters (CSS `word-break: break-all`, added to keep a
    /// long link inside a chat bubble): words and numbers split across lines.
    case brokenWords = "words-broken"
    /// Lines set closer than the text is tall (a line height of 0.7, as a React Native
    /// `lineHeight` in points below the font size sets it): each line's ink over the next's.
    case inkOverInk = "ink-over-ink"
    /// The answer's text in a pale grey of the client's own (`"textColor":"#AEAEB2"`, iOS's
    /// secondary grey, about 2.2:1 on white): set for a brand, or left from a "still streaming" style.
    case textTooPale = "text-too-pale"

    /// The finding kinds that name this fault (any one of them, from its detector).
    public var expected: Set<Finding.Kind> {
        switch self {
        case .directionLate, .flip: return [.responseDirectionChanged, .blockDirectionChanged]
        case .stall: return [.stall]
        case .burst: return [.burst]
        case .endDump: return [.endDump]
        case .halfWord: return [.partialWord]
        case .rawSyntax, .rawEmphasis, .rawHeading, .rawListMarker, .rawTablePipes, .rawFence, .rawTag, .rawMath, .rawFootnote, .detailsBodyShown:
            return [.rawSyntax]
        case .wrongPitch: return [.wrongPitch]
        case .misaligned: return [.misaligned]
        case .scrollSnap: return [.scrollJump]
        case .silentEnding: return [.silentEnding]
        case .wordsChanged: return [.rewrite]
        case .duplicated: return [.textDuplicated]
        case .columnsJump: return [.columnJumped, .columnLeftView]
        case .spinnerAfterEnd: return [.stillStreaming]
        case .dropped: return [.textDropped]
        case .inkOverInk: return [.inkOverlapped, .inkOverlap]
        case .textTooPale: return [.lowContrast]
        case .caretHidden: return [.caretOutOfView]
        case .brokenWords: return [.splitWord]
        }
    }

    /// The kind of syntax a raw-syntax class shows, whose name its finding must use.
    var rawKind: RawSyntaxKind? {
        switch self {
        case .rawEmphasis: return .emphasis
        case .rawHeading: return .heading
        case .rawListMarker: return .listMarker
        case .rawTablePipes: return .tablePipes
        case .rawFence: return .fence
        case .rawTag: return .tag
        case .rawMath: return .math
        case .rawFootnote: return .footnote
        case .detailsBodyShown: return .details
        default: return nil
        }
    }

    /// Whether `check` needs the render's pixels to see this fault (contrast is read from them).
    public var needsPixels: Bool { self == .textTooPale }

    /// Whether `finding` names this fault: one of the expected kinds, and for a kind of raw
    /// syntax, in that kind's words.
    public func isNamed(by finding: Finding) -> Bool {
        expected.contains(finding.kind) && (rawKind.map { finding.message.contains($0.named) } ?? true)
    }

    /// The classes the product notes name as first failures: every planted one must be found.
    public var isNamedByTheNotes: Bool { [.directionLate, .flip, .halfWord, .silentEnding, .duplicated, .dropped].contains(self) }
}

/// Makes a broken variant of a clean trace, one fault class at a time.
public enum FaultPlanter {
    /// `trace` with `fault` planted, and the time from which it shows; nil when the trace cannot
    /// carry it (pitch is Arabic's rule: an answer without Arabic letters, Hebrew included, has none to break).
    public static func plant(_ fault: FaultClass, in trace: CleanTrace) -> (trace: CleanTrace, fromMs: Double)? {
        var planted = trace
        let shows = trace.records.indices.filter { trace.records[$0]["type"] as? String == "show" }
        guard shows.count >= 6 else { return nil }
        let middle = shows[shows.count / 2]
        let middleMs = time(trace.records[middle])
        let other = trace.direction == "rtl" ? "ltr" : "rtl"
        switch fault {
        case .directionLate:
            planted.records[1]["direction"] = other
            planted.insert(["type": "style", "direction": trace.direction], at: time(trace.records[shows[0]]) + 100)
            return (planted, time(trace.records[shows[0]]))
        case .flip:
            planted.insert(["type": "style", "direction": other], at: middleMs + 1)
            planted.insert(["type": "style", "direction": trace.direction], at: middleMs + 600)
            return (planted, middleMs)
        case .stall:
            return holdTheNextShow(after: middle, in: trace)
        case .burst:
            return merge(shows, from: shows.count / 2, characters: 120, in: trace)
        case .endDump:
            let end = trace.records.count - 1
            return merge(shows, from: shows.count * 6 / 10, characters: .max, in: trace, at: time(trace.records[end]))
        case .halfWord:
            return splitInsideAWord(shows, in: trace)
        case .rawSyntax:
            planted.records[0]["markdown"] = "none"
            return (planted, time(trace.records[shows[0]]))
        case .rawEmphasis, .rawHeading, .rawListMarker, .rawTablePipes, .rawFence, .rawTag, .rawMath, .rawFootnote, .detailsBodyShown:
            return fault.rawKind.flatMap { RawSyntaxPlanter.plant($0, in: trace) }
        case .wrongPitch:
            guard trace.arabic else { return nil }
            planted.records[1]["lineHeight"] = 1.5
            return (planted, time(trace.records[shows[0]]))
        case .misaligned:
            planted.records[0]["platform"] = "react-native"
            planted.records[0]["layoutDirection"] = "rtl"
            planted.records[1]["textAlign"] = trace.direction == "rtl" ? "right" : "left"
            return (planted, time(trace.records[shows[0]]))
        case .scrollSnap:
            // Once the view has scrolled half a screen: to the top in one frame, and back to the end in the next.
            guard let scrolled = trace.scrolledFromMs else { return nil }
            let atMs = max(middleMs, scrolled) + 1
            planted.insert(["type": "scroll", "offset": 0], at: atMs)
            planted.insert(["type": "scroll", "offset": 1_000_000], at: atMs + 20)
            return (planted, atMs - 1)
        case .silentEnding:
            planted.records[planted.records.count - 1]["kind"] = "error"
            return (planted, time(trace.records[trace.records.count - 1]))
        case .wordsChanged:
            return changeAShownWord(shows, in: trace)
        case .duplicated:
            return nil
        case .columnsJump:
            guard let shown = trace.columnsChangeFromMs else { return nil }
            planted.records[1]["tableColumns"] = "auto"
            return (planted, shown)
        case .spinnerAfterEnd:
            let endMs = time(trace.records[trace.records.count - 1])
            planted.insert(["type": "overlay", "kind": "typing-indicator", "visible": true], at: endMs - 1)
            return (planted, endMs - 1)
        case .dropped:
            return dropAtAReconnect(shows, in: trace)
        case .inkOverInk:
            planted.records[1]["lineHeight"] = 0.7
            return (planted, time(trace.records[shows[0]]))
        case .textTooPale:
            planted.records[1]["textColor"] = "#AEAEB2"
            return (planted, time(trace.records[shows[0]]))
        case .brokenWords:
            guard trace.wrapsText else { return nil }
            planted.records[1]["wordBreak"] = "break-all"
            return (planted, time(trace.records[shows[0]]))
        case .caretHidden:
            // Following the end from the start, then, by the middle or while half a screen is
            // still to come, standing where it was while still saying it follows.
            guard let leftHalfAScreen = trace.followingLeftHalfAScreenMs else { return nil }
            let atMs = min(middleMs, leftHalfAScreen) + 1
            guard let stoppedAt = trace.followedScroll(atMs: atMs) else { return nil }
            planted.insert(["type": "scroll", "offset": 1_000_000, "pinned": true], at: 0)
            planted.insert(["type": "scroll", "offset": stoppedAt, "pinned": true], at: atMs)
            return (planted, atMs)
        }
    }

    /// The stream behind a clean trace with the answer so far replayed after a reconnect at 60%
    /// of its text: what a client that appends whatever comes shows twice.
    public static func replayAfterReconnect(_ transcript: Transcript) -> (transcript: Transcript, fromMs: Double)? {
        let cut = EndingPlan.cutIndex(transcript.events)
        guard cut < transcript.events.count else { return nil }
        let kept = Array(transcript.events[..<cut])
        let soFar = kept.compactMap { if case .delta(let text) = $0.kind { return text } else { return nil } }.joined()
        guard soFar.unicodeScalars.count >= 60, let last = kept.last?.timeMs else { return nil }
        var replayed = transcript
        replayed.events =
            kept + [
                StreamEvent(timeMs: last + 1, kind: .reconnect("replayed from the start")),
                StreamEvent(timeMs: last + 500, kind: .delta(soFar))
            ]
            + transcript.events[cut...].map { StreamEvent(timeMs: $0.timeMs + 500, kind: $0.kind) }
        return (replayed, last + 1)
    }

    private static func time(_ record: CleanTrace.Record) -> Double { record["t"] as? Double ?? 0 }

    /// The shows from `first` on merged into one, until `characters` have been gathered (at the
    /// last merged show's time, or `at`).
    private static func merge(
        _ shows: [Int], from first: Int, characters: Int, in trace: CleanTrace,
        at: Double? = nil
    ) -> (trace: CleanTrace, fromMs: Double)? {
        var planted = trace
        var gathered = ""
        var merged: [Int] = []
        for index in shows[first...] where gathered.unicodeScalars.count < characters {
            gathered += trace.records[index]["append"] as? String ?? ""
            merged.append(index)
        }
        guard gathered.unicodeScalars.count >= min(characters, 60), let last = merged.last else { return nil }
        let atMs = at ?? time(trace.records[last])
        planted.records[last]["append"] = gathered
        planted.records[last]["t"] = atMs
        for index in merged.dropLast().reversed() { planted.records.remove(at: index) }
        planted.sortByTime()  // the merged show before the end, at one time
        return (planted, atMs)
    }

    /// The show after `index` held back 600 ms (and everything after it), its text ready in the
    /// buffer all the while: the show at `index` says it holds it.
    private static func holdTheNextShow(after index: Int, in trace: CleanTrace) -> (trace: CleanTrace, fromMs: Double)? {
        guard let next = trace.records.indices.first(where: { $0 > index && trace.records[$0]["type"] as? String == "show" }),
            let held = trace.records[next]["append"] as? String
        else { return nil }
        var planted = trace
        planted.records[index]["ready"] = held.unicodeScalars.count
        for later in next..<planted.records.count { planted.records[later]["t"] = time(planted.records[later]) + 600 }
        return (planted, time(trace.records[index]))
    }

    /// The first show past the middle whose text holds a word of five or more letters, cut inside it.
    private static func splitInsideAWord(_ shows: [Int], in trace: CleanTrace) -> (trace: CleanTrace, fromMs: Double)? {
        // The line each show continues: a table row shows only once its line is complete, so a
        // word cut inside one would never be seen.
        var line =
            shows[..<(shows.count / 2)].compactMap { trace.records[$0]["append"] as? String }.joined()
            .split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        for index in shows[(shows.count / 2)...] {
            let appended = trace.records[index]["append"] as? String ?? ""
            let continued = line
            line = (line + appended).split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
            guard !(continued + appended).contains("|") else { continue }
            let text = Array(appended.unicodeScalars)
            guard
                let start = text.indices.first(where: { at in
                    at + 5 <= text.count && text[at..<(at + 5)].allSatisfy { $0.properties.isAlphabetic }
                        && (at == 0 || !text[at - 1].properties.isAlphabetic)
                })
            else { continue }
            var planted = trace
            let atMs = time(trace.records[index])
            planted.records[index]["append"] = String(String.UnicodeScalarView(text[..<(start + 2)]))
            planted.insert(["type": "show", "append": String(String.UnicodeScalarView(text[(start + 2)...]))], at: atMs + 300)
            return (planted, atMs)
        }
        return nil
    }

    /// A reconnect band from the middle show for 600 ms, after which the client shows only the
    /// text that came after it (the next show's text as the whole text).
    private static func dropAtAReconnect(_ shows: [Int], in trace: CleanTrace) -> (trace: CleanTrace, fromMs: Double)? {
        let middle = shows[shows.count / 2]
        guard let next = shows.first(where: { $0 > middle }), let after = trace.records[next]["append"] as? String else { return nil }
        var planted = trace
        let atMs = time(trace.records[middle]) + 1
        planted.records[next]["append"] = nil
        planted.records[next]["text"] = after
        planted.records[next]["t"] = max(time(trace.records[next]), atMs + 600)
        planted.insert(["type": "overlay", "kind": "reconnecting", "visible": true], at: atMs)
        planted.insert(["type": "overlay", "kind": "reconnecting", "visible": false], at: atMs + 600)
        planted.sortByTime()
        return (planted, atMs)
    }

    /// Two shows past the middle, the whole text again with the first shown word of five or more
    /// letters replaced: words a reader has read, changed.
    private static func changeAShownWord(_ shows: [Int], in trace: CleanTrace) -> (trace: CleanTrace, fromMs: Double)? {
        let at = shows[shows.count / 2 + 2]
        let shownSoFar = shows.filter { $0 <= at }.compactMap { trace.records[$0]["append"] as? String }.joined()
        guard let word = shownSoFar.split(whereSeparator: { $0.isWhitespace }).first(where: { $0.count >= 5 && $0.allSatisfy(\.isLetter) }),
            let range = shownSoFar.range(of: String(word))
        else { return nil }
        var planted = trace
        planted.records[at]["append"] = nil
        planted.records[at]["text"] = shownSoFar.replacingCharacters(in: range, with: String(word.reversed()))
        return (planted, time(trace.records[at]))
    }
}

extension CleanTrace {
    /// Its records in time order; records of one time keep the order they had.
    mutating func sortByTime() {
        let time = { (record: Record) in record["t"] as? Double ?? 0 }
        records = records.enumerated().sorted { (time($0.element), $0.offset) < (time($1.element), $1.offset) }.map(\.element)
    }

    /// Inserts `record` at `timeMs`, after every record at or before that time.
    mutating func insert(_ record: Record, at timeMs: Double) {
        var stamped = record
        stamped["t"] = timeMs
        let index = records.firstIndex { ($0["t"] as? Double ?? 0) > timeMs } ?? records.count
        records.insert(stamped, at: index)
    }
}
