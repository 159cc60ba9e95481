/// What a client says to the reader in each language, and the language an answer is written in.
extension AppLanguage {
    /// The language of the first letter with a strong direction in `text` (English, Arabic or
    /// Hebrew: the script an answer is written in); `otherwise` (the request's) when none.
    package static func of(_ text: ArraySlice<Unicode.Scalar>, otherwise: AppLanguage = .english) -> AppLanguage {
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

    /// The pill shown while the connection is re-established.
    public var reconnecting: String {
        switch self {
        case .english: return "Reconnecting…"
        case .arabic: return "جارٍ إعادة الاتصال…"
        case .hebrew: return "מתחבר מחדש…"
        case .persian: return "در حال اتصال مجدد…"
        case .urdu: return "دوبارہ جڑ رہا ہے…"
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
        case (.persian, true): return "پاسخ قطع شد: " + message
        case (.persian, false): return "خطا: " + message
        case (.urdu, true): return "جواب منقطع ہو گیا: " + message
        case (.urdu, false): return "خرابی: " + message
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
        case (.persian, true): return "پاسخ دیگر نمی‌رسد. برای تلاش دوباره ضربه بزنید."
        case (.persian, false): return "پاسخی نرسید. برای تلاش دوباره ضربه بزنید."
        case (.urdu, true): return "جواب آنا بند ہو گیا۔ دوبارہ کوشش کے لیے تھپتھپائیں۔"
        case (.urdu, false): return "کوئی جواب نہیں آیا۔ دوبارہ کوشش کے لیے تھپتھپائیں۔"
        }
    }

    /// The notice when the server said done without sending any text.
    public var emptyAnswer: String {
        switch self {
        case .english: return "The answer came back empty."
        case .arabic: return "وصلت الإجابة فارغة."
        case .hebrew: return "התשובה הגיעה ריקה."
        case .persian: return "پاسخ خالی برگشت."
        case .urdu: return "جواب خالی آیا۔"
        }
    }

    /// The notice when every reconnect failed (shared/seeds/000: an error, and "Resume").
    public var gaveUpNotice: String {
        switch self {
        case .english: return "The connection was lost after 3 attempts to reconnect."
        case .arabic: return "انقطع الاتصال بعد 3 محاولات لإعادة الاتصال."
        case .hebrew: return "החיבור אבד לאחר 3 ניסיונות להתחבר מחדש."
        case .persian: return "اتصال پس از ۳ تلاش برای اتصال مجدد قطع شد."
        case .urdu: return "دوبارہ جڑنے کی 3 کوششوں کے بعد رابطہ منقطع ہو گیا۔"
        }
    }

    /// The notice when the server revoked the session mid-stream (a 401).
    public var unauthorizedNotice: String {
        switch self {
        case .english: return "Your session has ended. Sign in to continue."
        case .arabic: return "انتهت جلستك. سجّل الدخول للمتابعة."
        case .hebrew: return "החיבור שלך הסתיים. יש להתחבר כדי להמשיך."
        case .persian: return "نشست شما به پایان رسید. برای ادامه وارد شوید."
        case .urdu: return "آپ کا سیشن ختم ہو گیا۔ جاری رکھنے کے لیے سائن ان کریں۔"
        }
    }
}
