/// The words a client's overlays say, in the response's language (a status pill in English over
/// an Arabic answer is one more thing a reader of Arabic has to switch for).
extension ResponseLanguage {
    /// The floating pill while the reader is scrolled up and text arrives below (shared/seeds/002).
    public var newContent: String {
        switch self {
        case .english: return "↓ New content"
        case .arabic: return "↓ محتوى جديد"
        case .hebrew: return "↓ תוכן חדש"
        }
    }

    /// The button that stops the answer (shared/seeds/000).
    public var stopGenerating: String {
        switch self {
        case .english: return "Stop generating"
        case .arabic: return "إيقاف الإنشاء"
        case .hebrew: return "הפסקת היצירה"
        }
    }

    /// The warning on a `2g` or `slow-2g` link (shared/seeds/000).
    public var slowConnection: String {
        switch self {
        case .english: return "Slow connection detected — response may take longer"
        case .arabic: return "الاتصال بطيء — قد يستغرق الرد وقتًا أطول"
        case .hebrew: return "זוהה חיבור איטי — התשובה עשויה להתעכב"
        }
    }

    /// The progress of a long draft (shared/seeds/000: "Drafting clause 3 of 7…").
    /// - Parameters:
    ///   - clause: the clause being drafted, from 1.
    ///   - total: how many the draft has, when the request said.
    public func drafting(clause: Int, of total: Int?) -> String {
        switch (self, total) {
        case (.english, let total?): return "Drafting clause \(clause) of \(total)…"
        case (.english, nil): return "Drafting clause \(clause)…"
        case (.arabic, let total?): return "جارٍ صياغة البند \(clause) من \(total)…"
        case (.arabic, nil): return "جارٍ صياغة البند \(clause)…"
        case (.hebrew, let total?): return "מנסח את סעיף \(clause) מתוך \(total)…"
        case (.hebrew, nil): return "מנסח את סעיף \(clause)…"
        }
    }

    /// The button that asks again after a failure or a timeout.
    public var retry: String {
        switch self {
        case .english: return "Retry"
        case .arabic: return "إعادة المحاولة"
        case .hebrew: return "ניסיון חוזר"
        }
    }

    /// The button that sends the request again after the reconnects gave up (shared/seeds/000).
    public var resume: String {
        switch self {
        case .english: return "Resume"
        case .arabic: return "استئناف"
        case .hebrew: return "המשך"
        }
    }

    /// The button after a revoked session.
    public var signIn: String {
        switch self {
        case .english: return "Sign in"
        case .arabic: return "تسجيل الدخول"
        case .hebrew: return "התחברות"
        }
    }

    /// The caption under a streaming answer (shared/seeds/003: "Claude is typing...").
    public func isTyping(_ name: String) -> String {
        switch self {
        case .english: return "\(name) is typing…"
        case .arabic: return "\(name) يكتب…"
        case .hebrew: return "\(name) מקליד…"
        }
    }
}
