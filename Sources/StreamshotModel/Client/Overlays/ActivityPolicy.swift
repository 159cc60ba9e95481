/// What a client shows of the model's reasoning and tool calls, as the major phone apps show
/// them (ChatGPT, Claude, Gemini): while it reasons before the answer, "Thinking…" with the
/// seconds so far where the answer will start; once the answer starts, a collapsed "Thought for
/// 4s" row above it; a tool call as a status line ("Searching…") until its result.
public struct ActivityPolicy: Sendable, Equatable {
    /// Before the first text, while the model reasons: "Thinking…" in place of the dots.
    public var thinkingLabel = true
    /// The label counts the whole seconds since the reasoning began ("Thinking… 4s").
    public var elapsedSeconds = true
    /// Once the answer starts after reasoning: "Thought for 4s" above it, kept with the answer.
    public var thoughtRow = true
    /// A tool call's status line until its result: in place of the dots before the answer,
    /// under the answer once it has started (with `toolCards`, in a card's words there).
    public var toolStatus = true
    /// Under "Thinking…", the latest sentence of the model's thinking, when the stream sends it.
    public var reasoningPreview = true
    /// Each tool call made before the answer, as a card above it once the answer starts; each
    /// made inside the answer, as a card in its flow where it was made (Claude's app keeps both).
    public var toolCards = true

    public init() {}

    /// The overlays for the model's activity this frame.
    /// - Parameters:
    ///   - state: the frame's overlay state.
    ///   - thoughtSeconds: the "Thought for" row's seconds, once decided (with the first text).
    /// - Returns: what stands in place of the dots before the text (nil: nothing to say, the
    ///   client's own typing indicator stands), and the rows drawn besides: the "Thought for"
    ///   row, a tool's status line under the answer.
    func decide(_ state: OverlayState, thoughtSeconds: Int?) -> (beforeText: Overlay?, rows: [Overlay]) {
        let language = state.language
        let activity = state.activity
        var rows: [Overlay] = []
        if thoughtRow, let thoughtSeconds {
            rows.append(Overlay(.thought, text: language.thought(seconds: thoughtSeconds), expanded: state.reasoningOpen))
        }
        if toolCards {
            rows += state.toolCards.map { call in
                Overlay(.toolCard, text: language.toolCard(call, at: state.timeMs), spinner: call.endMs == nil && state.streaming)
            }
            rows += state.flowCards.map { call, block in
                Overlay(.toolCard, text: language.toolCard(call, at: state.timeMs), spinner: call.endMs == nil && state.streaming, block: block)
            }
        }
        guard state.streaming else { return (nil, rows) }
        // Under the answer, a call says what a card says: its seconds, its arguments' gist —
        // until its card stands in the flow, where the reveal reaches the call's place.
        let card = toolCards && !state.waitingForText ? activity.calls.last.flatMap { $0.endMs == nil ? $0 : nil } : nil
        let carded = state.flowCards.contains { $0.call.endMs == nil }
        let tool =
            toolStatus && !carded
            ? activity.openTool.map {
                Overlay(.toolStatus, text: card.map { language.toolCard($0, at: state.timeMs) } ?? language.usingTool($0.name), spinner: true)
            }
            : nil
        if state.waitingForText {
            if let tool { return (tool, rows) }
            if thinkingLabel, let start = activity.reasoningStartMs {
                // The clock stops when the text arrives, though the text may wait a moment to show.
                let end = activity.textStarted ? activity.reasoningEndMs ?? state.timeMs : state.timeMs
                let seconds = elapsedSeconds ? Self.wholeSeconds(from: start, to: end) : 0
                if reasoningPreview, let preview = Self.preview(activity.reasoningText) {
                    rows.append(Overlay(.reasoningPreview, text: preview, direction: AppLanguage.of(Array(preview.unicodeScalars)[...]).direction))
                }
                return (Overlay(.thinking, text: language.thinking(seconds: seconds)), rows)
            }
            return (nil, rows)
        }
        return (nil, rows + (tool.map { [$0] } ?? []))
    }

    /// The latest sentence of the thinking so far (its last line's last sentence; nil: none).
    static func preview(_ thinking: String) -> String? {
        let line = thinking.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        let trimmed = String(line.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !trimmed.isEmpty else { return nil }
        // The sentence being thought, or the last whole one when a sentence has just ended.
        let sentences = trimmed.split(separator: ". ", omittingEmptySubsequences: true)
        return sentences.last.map { String($0) }
    }

    /// Whole seconds from `start` to `end`, rounded down: a clock counting up.
    static func wholeSeconds(from start: Double, to end: Double) -> Int {
        max(0, Int(((end - start) / 1000).rounded(.down)))
    }

    /// The "Thought for" row's seconds: the reasoning's whole seconds, as the clock that counted
    /// them up last read (0 for a thought shorter than a second, which the row calls a moment),
    /// and the reasoning the model did inside the answer since.
    static func thoughtSeconds(_ activity: ArrivedActivity) -> Int? {
        guard let start = activity.reasoningStartMs else { return nil }
        return wholeSeconds(from: start, to: (activity.reasoningEndMs ?? start) + activity.reasoningInsideAnswerMs)
    }
}

/// The words of the activity labels, in the client's language.
extension AppLanguage {
    /// While the model reasons: "Thinking…", then "Thinking… 4s" from the first whole second
    /// ("Thinking… 1m 10s" past a minute).
    public func thinking(seconds: Int) -> String {
        let label: String
        switch self {
        case .english: label = "Thinking…"
        case .arabic: label = "جارٍ التفكير…"
        case .hebrew: label = "חושב…"
        case .persian: label = "در حال فکر کردن…"
        case .urdu: label = "سوچ رہا ہے…"
        }
        return seconds == 0 ? label : label + " " + duration(seconds: seconds)
    }

    /// The collapsed row above an answer the model reasoned before: "Thought for 4s", "Thought
    /// for 1m 10s"; a thought shorter than a second is "Thought for a moment", not "1s" or "0s".
    public func thought(seconds: Int) -> String {
        switch (self, seconds) {
        case (.english, 0): return "Thought for a moment"
        case (.english, _): return "Thought for \(duration(seconds: seconds))"
        case (.arabic, 0): return "فكّر للحظة"
        case (.arabic, _): return "فكّر لمدة \(duration(seconds: seconds))"
        case (.hebrew, 0): return "חשב לרגע"
        case (.hebrew, _): return "חשב במשך \(duration(seconds: seconds))"
        case (.persian, 0): return "لحظه‌ای فکر کرد"
        case (.persian, _): return "\(duration(seconds: seconds)) فکر کرد"
        case (.urdu, 0): return "ایک لمحہ سوچا"
        case (.urdu, _): return "\(duration(seconds: seconds)) سوچا"
        }
    }

    /// Whole seconds as the apps write them: "45s", and "1m 10s" from a minute.
    func duration(seconds: Int) -> String {
        let (minutes, rest) = seconds.quotientAndRemainder(dividingBy: 60)
        switch self {
        case .english: return minutes == 0 ? "\(rest)s" : "\(minutes)m \(rest)s"
        case .arabic: return minutes == 0 ? "\(rest) ث" : "\(minutes) د \(rest) ث"
        case .hebrew: return minutes == 0 ? "\(rest) ש׳" : "\(minutes) ד׳ \(rest) ש׳"
        case .persian: return minutes == 0 ? "\(rest) ثانیه" : "\(minutes) دقیقه و \(rest) ثانیه"
        case .urdu: return minutes == 0 ? "\(rest) سیکنڈ" : "\(minutes) منٹ \(rest) سیکنڈ"
        }
    }

    /// A tool call's status line: "Searching…" for a search tool, "Running code…" for code
    /// execution, "Using lookupClause…" for any other by its name, "Using a tool…" unnamed.
    public func usingTool(_ name: String) -> String {
        switch (self, ToolKind(name)) {
        case (.english, .search): return "Searching…"
        case (.english, .code): return "Running code…"
        case (.english, .named(let name)): return "Using \(name)…"
        case (.english, .unnamed): return "Using a tool…"
        case (.arabic, .search): return "جارٍ البحث…"
        case (.arabic, .code): return "جارٍ تشغيل الشيفرة…"
        case (.arabic, .named(let name)): return "جارٍ استخدام \(name)…"
        case (.arabic, .unnamed): return "جارٍ استخدام أداة…"
        case (.hebrew, .search): return "מחפש…"
        case (.hebrew, .code): return "מריץ קוד…"
        case (.hebrew, .named(let name)): return "משתמש ב־\(name)…"
        case (.hebrew, .unnamed): return "משתמש בכלי…"
        case (.persian, .search): return "در حال جستجو…"
        case (.persian, .code): return "در حال اجرای کد…"
        case (.persian, .named(let name)): return "در حال استفاده از \(name)…"
        case (.persian, .unnamed): return "در حال استفاده از یک ابزار…"
        case (.urdu, .search): return "تلاش ہو رہی ہے…"
        case (.urdu, .code): return "کوڈ چل رہا ہے…"
        case (.urdu, .named(let name)): return "\(name) استعمال ہو رہا ہے…"
        case (.urdu, .unnamed): return "ایک ٹول استعمال ہو رہا ہے…"
        }
    }
}

/// What a tool does, as far as its name tells: the providers' own search and code tools
/// (`web_search`, `google_search`, `file_search`, `code_interpreter`, `code_execution`) and a
/// team's that are named alike. Judged by the name's words (`snake_case`, `kebab-case`,
/// `camelCase` split), whole: `searchClauses` searches, `lookupCountryCode` runs no code.
enum ToolKind: Equatable {
    case search, code
    case named(String)
    case unnamed

    /// Word pairs and words that name code execution.
    private static let codeNames: Set<[String]> = [
        ["code", "interpreter"], ["code", "execution"], ["run", "code"], ["execute", "code"],
        ["exec", "code"], ["python"], ["code"], ["interpreter"]
    ]

    package init(_ name: String) {
        let words = Self.words(of: name)
        if words.isEmpty {
            self = .unnamed
        } else if words.first == "search" || words.last == "search"
            || [["search", "preview"], ["search", "retrieval"]].contains(Array(words.suffix(2)))
        {
            self = .search
        } else if Self.codeNames.contains(words) || Self.codeNames.contains(Array(words.suffix(2))) {
            self = .code
        } else {
            self = .named(name)
        }
    }

    /// The name's words, lowercased: split at `_`, `-`, `.`, `/`, spaces and lower-to-upper case changes.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in name {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current) }
                (current, previousWasLower) = ("", false)
                continue
            }
            if character.isUppercase, previousWasLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current += character.lowercased()
            previousWasLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
