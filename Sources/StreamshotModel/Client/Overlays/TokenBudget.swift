/// The reader's token budget as the app knows it when it sends the request (shared/seeds/000,
/// "Token budget display": "~2,400 tokens remaining this month", the warning colour under 20%,
/// the send button disabled at 0).
public struct TokenBudget: Sendable, Equatable {
    /// Tokens left this month.
    public var remaining: Int
    /// The month's allowance, when known: "under 20%" is of it.
    public var total: Int?

    public init(remaining: Int, total: Int? = nil) {
        self.remaining = remaining
        self.total = total
    }

    /// `2400` or `2400/12000` (remaining, then the month's allowance), as `--token-budget` takes it.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let remaining = Int(parts[0]), remaining >= 0 else { return nil }
        var total: Int?
        if parts.count == 2 {
            guard let allowance = Int(parts[1]), allowance > 0, allowance >= remaining else { return nil }
            total = allowance
        }
        self.init(remaining: remaining, total: total)
    }

    /// Under 20% of the allowance, or nothing left: the pill takes the warning colour.
    public var isLow: Bool {
        remaining == 0 || total.map { Double(remaining) < 0.2 * Double($0) } ?? false
    }

    /// Nothing left: the app disables send, and the request is never made.
    public var isSpent: Bool { remaining == 0 }

    /// As the flag takes it.
    public var text: String { total.map { "\(remaining)/\($0)" } ?? "\(remaining)" }
}

extension AppLanguage {
    /// The budget pill's words: "~2,400 tokens remaining this month". In Arabic and Hebrew the
    /// number sits inside the sentence with the word for "about": a "~2,400" opening a
    /// right-to-left line is drawn at its far (left) end, where it reads last.
    public func tokensRemaining(_ count: Int) -> String {
        let number = Self.grouped(count)
        switch self {
        case .english: return "~\(number) tokens remaining this month"
        case .arabic: return "يتبقى لديك نحو \(number) رمز هذا الشهر"
        case .hebrew: return "נותרו לך כ-\(number) טוקנים החודש"
        case .persian: return "حدود \(number) توکن تا پایان این ماه باقی مانده است"
        case .urdu: return "اس مہینے تقریباً \(number) ٹوکن باقی ہیں"
        }
    }

    /// The suggestion on a link under 0.5 Mbps (shared/seeds/000: "Suggest switching to
    /// 'Summary mode' (shorter output)").
    public var summaryMode: String {
        switch self {
        case .english: return "Slow connection — try Summary mode for shorter answers"
        case .arabic: return "الاتصال بطيء — جرّب وضع الملخص لإجابات أقصر"
        case .hebrew: return "החיבור איטי — נסו את מצב הסיכום לתשובות קצרות יותר"
        case .persian: return "اتصال کند است — برای پاسخ‌های کوتاه‌تر حالت خلاصه را امتحان کنید"
        case .urdu: return "سست کنکشن — مختصر جوابات کے لیے خلاصہ موڈ آزمائیں"
        }
    }

    /// 2400 as "2,400": digits grouped by three, as the note writes it.
    package static func grouped(_ count: Int) -> String {
        var digits = String(count)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([Substring(digits)] + groups).joined(separator: ",")
    }
}
