/// A tool card's words, in the client's language: what the call did (in the app's words for the
/// providers' own tools: web search, code execution), its result's count, and the gist of its
/// arguments as they stream — last, so a card too long for its line loses the query's end,
/// never the count (Claude's card keeps "10 results" and cuts the query) — or its error.
extension AppLanguage {
    public func toolCard(_ call: ToolCallRecord, at timeMs: Double) -> String {
        let kind = ToolKind(call.name)
        if let error = call.error { return failed(kind) + ": " + error }
        var parts: [String] = []
        if call.endMs == nil {
            let seconds = ActivityPolicy.wholeSeconds(from: call.startMs, to: timeMs)
            parts.append(usingTool(call.name) + (seconds > 0 ? " " + duration(seconds: seconds) : ""))
        } else {
            parts.append(used(kind))
        }
        if let count = call.results { parts.append(sources(count)) }
        if let gist = ToolArguments.gist(call.arguments) { parts.append(quoted(gist)) }
        return parts.joined(separator: " · ")
    }

    /// What a finished call did.
    private func used(_ kind: ToolKind) -> String {
        switch (self, kind) {
        case (.english, .search): return "Searched the web"
        case (.english, .code): return "Ran code"
        case (.english, .named(let name)): return "Used \(name)"
        case (.english, .unnamed): return "Used a tool"
        case (.arabic, .search): return "بحث في الويب"
        case (.arabic, .code): return "شغّل شيفرة"
        case (.arabic, .named(let name)): return "استخدم \(name)"
        case (.arabic, .unnamed): return "استخدم أداة"
        case (.hebrew, .search): return "חיפש ברשת"
        case (.hebrew, .code): return "הריץ קוד"
        case (.hebrew, .named(let name)): return "השתמש ב־\(name)"
        case (.hebrew, .unnamed): return "השתמש בכלי"
        case (.persian, .search): return "در وب جستجو کرد"
        case (.persian, .code): return "کد اجرا کرد"
        case (.persian, .named(let name)): return "از \(name) استفاده کرد"
        case (.persian, .unnamed): return "از یک ابزار استفاده کرد"
        case (.urdu, .search): return "ویب پر تلاش کی"
        case (.urdu, .code): return "کوڈ چلایا"
        case (.urdu, .named(let name)): return "\(name) استعمال کیا"
        case (.urdu, .unnamed): return "ایک ٹول استعمال کیا"
        }
    }

    /// What a failed call was meant to do.
    private func failed(_ kind: ToolKind) -> String {
        switch self {
        case .english: return kind == .search ? "Web search failed" : "The tool failed"
        case .arabic: return kind == .search ? "تعذّر البحث في الويب" : "تعذّر تشغيل الأداة"
        case .hebrew: return kind == .search ? "החיפוש ברשת נכשל" : "הכלי נכשל"
        case .persian: return kind == .search ? "جستجوی وب ناموفق بود" : "ابزار ناموفق بود"
        case .urdu: return kind == .search ? "ویب تلاش ناکام رہی" : "ٹول ناکام رہا"
        }
    }

    /// A search's result count: "5 sources", "مصدران".
    func sources(_ count: Int) -> String {
        if count == 0 {
            switch self {
            case .english: return "no sources"
            case .arabic: return "لا مصادر"
            case .hebrew: return "אין מקורות"
            case .persian: return "بدون منبع"
            case .urdu: return "کوئی ماخذ نہیں"
            }
        }
        switch self {
        case .english: return count == 1 ? "1 source" : "\(count) sources"
        case .arabic:
            switch count {
            case 1: return "مصدر واحد"
            case 2: return "مصدران"
            case 3...10: return "\(count) مصادر"
            default: return "\(count) مصدرًا"
            }
        case .hebrew: return count == 1 ? "מקור אחד" : "\(count) מקורות"
        case .persian: return "\(count) منبع"
        case .urdu: return "\(count) ماخذ"
        }
    }

    private func quoted(_ text: String) -> String {
        self == .english || self == .hebrew ? "“\(text)”" : "«\(text)»"
    }
}

/// The gist of a tool call's arguments as they stream: its first string value (a search's
/// query, a function's first argument), cut to a line's worth. Read from the start and no
/// further than that line: a code run's arguments may be pages long, and a card says this every frame.
enum ToolArguments {
    static let maxLength = 40

    static func gist(_ json: String) -> String? {
        let scalars = json.unicodeScalars
        guard let colon = scalars.firstIndex(of: ":") else { return nil }
        guard let quote = scalars[scalars.index(after: colon)...].firstIndex(where: { $0 != " " }), scalars[quote] == "\"" else {
            return nil
        }
        var value = String.UnicodeScalarView()
        var escaped = false
        // Enough scalars for a line's characters, marks and all.
        for scalar in scalars[scalars.index(after: quote)...].prefix(4 * maxLength) {
            if escaped {
                value.append(scalar == "n" ? " " : scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "\"" {
                break
            } else {
                value.append(scalar)
            }
        }
        let text = String(value)
        guard !text.isEmpty else { return nil }
        return text.count > maxLength ? String(text.prefix(maxLength - 1)) + "…" : text
    }
}
