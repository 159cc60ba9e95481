/// One option's value, typed by its descriptor's kind: what a spec carries from the flag or the
/// query parameter to the stored job, and what a render option sets its settings from.
public enum RenderOptionValue: Sendable, Hashable {
    /// One of a named option's values, spelled as listed (`dark`, `haqq-mobile`).
    case name(String)
    /// A whole number (`--max-frames 300`).
    case integer(Int)
    /// A whole number from 0 to 2^64 - 1 (`--seed`).
    case unsigned(UInt64)
    /// A number (`--scale 2.5`).
    case number(Double)
    /// On or off.
    case flag(Bool)
    /// A path, or text with a shape of its own (`390x844`, `scroll@3s:-400`), kept as given.
    case text(String)

    /// The value as the command line writes it, `--NAME=TEXT`: what the descriptor reads back to this value.
    public var text: String {
        switch self {
        case .name(let text), .text(let text): return text
        case .integer(let value): return String(value)
        case .unsigned(let value): return String(value)
        case .number(let value): return Self.shortest(value)
        case .flag(let on): return on ? "true" : "false"
        }
    }

    /// The value as a number, for a range check (nil: not a number).
    public var numeric: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .unsigned(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// `3` for 3.0, `0.25` for 0.25: a whole number without its point, as people write it.
    static func shortest(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
