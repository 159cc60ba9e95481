/// The language a client speaks to the reader in — its notices and status pills — decided with
/// the response's direction from the response's first strong letters: an Arabic answer gets an
/// Arabic notice, never an English, LTR "Error:".
public enum ResponseLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case arabic = "ar"
    case hebrew = "he"

    /// The language of the first letter with a strong direction in `text`; `otherwise` (the
    /// request's) when none.
    package static func of(_ text: ArraySlice<Unicode.Scalar>, otherwise: ResponseLanguage = .english) -> ResponseLanguage {
        for scalar in text.prefix(DirectionRule.windowLength * 4) {
            switch scalar.value {
            case 0x0590...0x05FF, 0xFB1D...0xFB4F: return .hebrew
            case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
            default:
                if scalar.properties.isAlphabetic { return .english }
            }
        }
        return otherwise
    }

    /// The language an app laid out in `direction` speaks before the answer says more: Arabic
    /// right to left (the notes' market), English left to right.
    package static func speaking(_ direction: WritingDirection) -> ResponseLanguage {
        direction == .rtl ? .arabic : .english
    }

    /// The direction its words run in, and the side its labels start from.
    public var direction: WritingDirection { self == .english ? .ltr : .rtl }

    /// The pill shown while the connection is re-established.
    public var reconnecting: String {
        switch self {
        case .english: return "Reconnecting…"
        case .arabic: return "جارٍ إعادة الاتصال…"
        case .hebrew: return "מתחבר מחדש…"
        }
    }

    /// The notice under whatever was shown when the stream failed.
    /// - Parameters:
    ///   - message: what the server said, shown as it came.
    ///   - afterText: some of the answer was shown: it stopped, rather than never started.
    public func failureNotice(_ message: String, afterText: Bool) -> String {
        switch (self, afterText) {
        case (.english, true): return "The answer was interrupted: " + message
        case (.english, false): return "Error: " + message
        case (.arabic, true): return "انقطعت الإجابة: " + message
        case (.arabic, false): return "خطأ: " + message
        case (.hebrew, true): return "התשובה נקטעה: " + message
        case (.hebrew, false): return "שגיאה: " + message
        }
    }

    /// The notice when the client stopped waiting: what was shown stays, and a retry is offered.
    public func timeoutNotice(afterText: Bool) -> String {
        switch (self, afterText) {
        case (.english, true): return "The answer stopped arriving. Tap to retry."
        case (.english, false): return "No answer arrived. Tap to retry."
        case (.arabic, true): return "توقفت الإجابة عن الوصول. اضغط لإعادة المحاولة."
        case (.arabic, false): return "لم تصل أي إجابة. اضغط لإعادة المحاولة."
        case (.hebrew, true): return "התשובה הפסיקה להגיע. הקש כדי לנסות שוב."
        case (.hebrew, false): return "לא התקבלה תשובה. הקש כדי לנסות שוב."
        }
    }

    /// The notice when the server said done without sending any text.
    public var emptyAnswer: String {
        switch self {
        case .english: return "The answer came back empty."
        case .arabic: return "وصلت الإجابة فارغة."
        case .hebrew: return "התשובה הגיעה ריקה."
        }
    }

    /// The notice when every reconnect failed (shared/seeds/000: an error, and "Resume").
    public var gaveUpNotice: String {
        switch self {
        case .english: return "The connection was lost after 3 attempts to reconnect."
        case .arabic: return "انقطع الاتصال بعد 3 محاولات لإعادة الاتصال."
        case .hebrew: return "החיבור אבד לאחר 3 ניסיונות להתחבר מחדש."
        }
    }

    /// The notice when the server revoked the session mid-stream (a 401).
    public var unauthorizedNotice: String {
        switch self {
        case .english: return "Your session has ended. Sign in to continue."
        case .arabic: return "انتهت جلستك. سجّل الدخول للمتابعة."
        case .hebrew: return "החיבור שלך הסתיים. יש להתחבר כדי להמשיך."
        }
    }
}
