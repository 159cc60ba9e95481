/// The words a client's overlays say, in the app's language.
extension AppLanguage {
    /// The floating pill while the reader is scrolled up and text arrives below (shared/seeds/002).
    public var newContent: String {
        switch self {
        case .english: return "↓ New content"
        case .arabic: return "↓ محتوى جديد"
        case .hebrew: return "↓ תוכן חדש"
        case .persian: return "↓ محتوای جدید"
        case .urdu: return "↓ نیا مواد"
        }
    }

    /// The button that stops the answer (shared/seeds/000).
    public var stopGenerating: String {
        switch self {
        case .english: return "Stop generating"
        case .arabic: return "إيقاف الإنشاء"
        case .hebrew: return "הפסקת היצירה"
        case .persian: return "توقف تولید"
        case .urdu: return "تیار کرنا روکیں"
        }
    }

    /// The warning on a `2g` or `slow-2g` link (shared/seeds/000).
    public var slowConnection: String {
        switch self {
        case .english: return "Slow connection detected — response may take longer"
        case .arabic: return "الاتصال بطيء — قد يستغرق الرد وقتًا أطول"
        case .hebrew: return "זוהה חיבור איטי — התשובה עשויה להתעכב"
        case .persian: return "اتصال کند است — ممکن است پاسخ بیشتر طول بکشد"
        case .urdu: return "سست کنکشن — جواب میں زیادہ وقت لگ سکتا ہے"
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
        case (.persian, let total?): return "در حال نگارش بند \(clause) از \(total)…"
        case (.persian, nil): return "در حال نگارش بند \(clause)…"
        case (.urdu, let total?): return "شق \(clause) از \(total) کا مسودہ تیار ہو رہا ہے…"
        case (.urdu, nil): return "شق \(clause) کا مسودہ تیار ہو رہا ہے…"
        }
    }

    /// The button that asks again after a failure or a timeout.
    public var retry: String {
        switch self {
        case .english: return "Retry"
        case .arabic: return "إعادة المحاولة"
        case .hebrew: return "ניסיון חוזר"
        case .persian: return "تلاش دوباره"
        case .urdu: return "دوبارہ کوشش کریں"
        }
    }

    /// The button that sends the request again after the reconnects gave up (shared/seeds/000).
    public var resume: String {
        switch self {
        case .english: return "Resume"
        case .arabic: return "استئناف"
        case .hebrew: return "המשך"
        case .persian: return "ادامه"
        case .urdu: return "جاری رکھیں"
        }
    }

    /// The button after a revoked session.
    public var signIn: String {
        switch self {
        case .english: return "Sign in"
        case .arabic: return "تسجيل الدخول"
        case .hebrew: return "התחברות"
        case .persian: return "ورود"
        case .urdu: return "سائن ان"
        }
    }

    /// The caption under a streaming answer (shared/seeds/003: "Claude is typing...").
    public func isTyping(_ name: String) -> String {
        switch self {
        case .english: return "\(name) is typing…"
        case .arabic: return "\(name) يكتب…"
        case .hebrew: return "\(name) מקליד…"
        case .persian: return "\(name) در حال نوشتن است…"
        case .urdu: return "\(name) لکھ رہا ہے…"
        }
    }
}
