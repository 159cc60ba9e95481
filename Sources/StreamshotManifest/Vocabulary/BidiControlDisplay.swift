/// What a render does with the bidi embedding, override and isolate controls (U+202A-202E,
/// U+2066-2069), which reorder text invisibly: "Pay ‮0001‬ USD" reads "Pay 1000 USD"
/// (Trojan Source, CVE-2021-42574).
public enum BidiControlDisplay: String, Sendable, CaseIterable {
    /// Each control is drawn as its abbreviation in a small box and has no effect (the default,
    /// as code editors and GitHub reveal them).
    case show
    /// The controls do what they say, as an unsuspecting client would show the text.
    case apply
}
