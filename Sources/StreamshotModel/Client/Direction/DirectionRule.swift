/// How a direction is read off the first characters of a text. A value, so rules can be
/// compared side by side and new ones added.
public struct DirectionRule: Sendable {
    /// What a rule concludes from a window of text.
    public enum Decision: Equatable, Sendable {
        case decided(WritingDirection)
        /// The window is complete and holds nothing that decides.
        case noEvidence
        /// More text could still change the answer.
        case undetermined
    }

    public let name: String
    /// - Parameters: the window's characters, and whether no more will come into it.
    public let decide: @Sendable (_ window: ArraySlice<Unicode.Scalar>, _ windowComplete: Bool) -> Decision

    /// How many characters the rules look at.
    public static let windowLength = 30

    /// The product rule (shared/seeds/000): RTL when an RTL-script letter appears in the
    /// first 30 characters; otherwise LTR once the window is full and holds a strong LTR letter.
    public static let seed = DirectionRule(name: "seed") { window, complete in
        if window.contains(where: ScriptClass.isRTLLetter) { return .decided(.rtl) }
        guard complete else { return .undetermined }
        return window.contains { ScriptClass.strongDirection($0) == .ltr } ? .decided(.ltr) : .noEvidence
    }

    /// Unicode bidi rules P2/P3: the first character of strong class L, R or AL decides,
    /// skipping characters between an isolate initiator and its matching PDI.
    public static let firstStrong = DirectionRule(name: "first-strong") { window, complete in
        var isolateDepth = 0
        for scalar in window {
            switch scalar.value {
            case 0x2066, 0x2067, 0x2068: isolateDepth += 1
            case 0x2069: isolateDepth = max(0, isolateDepth - 1)
            default:
                if isolateDepth == 0, let direction = ScriptClass.strongDirection(scalar) {
                    return .decided(direction)
                }
            }
        }
        return complete ? .noEvidence : .undetermined
    }

    public static let all: [DirectionRule] = [.seed, .firstStrong]

    public static func named(_ name: String) -> DirectionRule? {
        all.first { $0.name == name }
    }
}
