/// Text the raw-syntax planter adds to an answer that lacks the syntax a class needs — a
/// footnote, a closed `<details>` — written in the answer's own language, so that the planted
/// render reads as an answer in that language would.
enum PlantedSections {
    enum Language { case arabic, persian, hebrew, english }

    /// The answer's language, from its letters: Hebrew's, Persian's own (پ چ ژ گ), Arabic's, else English.
    static func language(of source: [Unicode.Scalar]) -> Language {
        if source.contains(where: { (0x0590...0x05FF).contains($0.value) }) { return .hebrew }
        if source.contains(where: { ["\u{067E}", "\u{0686}", "\u{0698}", "\u{06AF}"].contains($0) }) { return .persian }
        if source.contains(where: { (0x0600...0x06FF).contains($0.value) }) { return .arabic }
        return .english
    }

    /// A footnote's definition: its text is words (a definition that is one link target would be
    /// a link reference definition to CommonMark).
    static func footnote(label: String, in language: Language) -> String {
        let text: String
        switch language {
        case .arabic: text = "وفقًا للمادة الخامسة من قانون الإيجار المعمول به."
        case .persian: text = "بر اساس ماده پنجم قانون روابط موجر و مستأجر."
        case .hebrew: text = "לפי סעיף חמישי של חוק השכירות החל."
        case .english: text = "Under article five of the applicable tenancy act."
        }
        return "[^\(label)]: " + text
    }

    /// A closed `<details>`: a summary, then a body of one paragraph GitHub hides until it is tapped.
    static func closedDetails(in language: Language) -> String {
        let (summary, body): (String, String)
        switch language {
        case .arabic: (summary, body) = ("طريقة الحساب", "يحسب المبلغ المستحق بحسب عدد الأيام المتبقية من مدة العقد الأصلية.")
        case .persian: (summary, body) = ("روش محاسبه", "مبلغ قابل پرداخت بر اساس تعداد روزهای باقی‌مانده از مدت اصلی قرارداد محاسبه می‌شود.")
        case .hebrew: (summary, body) = ("אופן החישוב", "הסכום לתשלום מחושב לפי מספר הימים שנותרו מתקופת החוזה המקורית.")
        case .english:
            (summary, body) = ("How the amount is computed", "The amount due is prorated by the days remaining in the original lease term.")
        }
        return "<details>\n<summary>\(summary)</summary>\n\n\(body)\n\n</details>"
    }
}
