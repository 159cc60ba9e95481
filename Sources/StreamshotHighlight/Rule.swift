/// A context of a language definition, resolved: what it matches, how it is styled, what may
/// occur inside it. A simple context has `match`; a container has `start` and usually `end`
/// (a language's own context has neither: it is the whole text).
struct Rule {
    /// A regular expression with its options, compiled on first use.
    struct Pattern: Hashable {
        var text: String
        var caseless: Bool
        var extended: Bool
        /// It refers to the start's match (`\%{name@start}`): compiled per container entered.
        var refersToStart: Bool { text.contains("@start}") }
    }

    /// A style for one group of the match, the start or the end (`<context sub-pattern>`).
    struct GroupStyle {
        enum Place: String { case match, start, end }
        var group: String
        var place: Place
        var style: String
    }

    /// What may occur inside: a context, with its style replaced or ignored, or every child of one (`ref="x:*"`).
    enum Child {
        case rule(Int, style: String?, ignoresStyle: Bool)
        case childrenOf(Int)
    }

    /// `language:id` (an unnamed context has `language:#n`).
    var key: String
    /// Its style, qualified by its language (`python3:string`); nil: its parent's shows through.
    var style: String?
    var match: Pattern?
    var start: Pattern?
    var end: Pattern?
    var groupStyles: [GroupStyle] = []
    var children: [Child] = []
    var extendsParent = true
    var endsAtLineEnd = false
    var endsParent = false
    var firstLineOnly = false
    var onceOnly = false
    /// Only what is between the start and the end takes its style.
    var stylesInsideOnly = false

    var isContainer: Bool { match == nil }
}
