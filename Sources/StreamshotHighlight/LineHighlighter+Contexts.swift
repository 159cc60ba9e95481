/// What a match does to the open contexts: a container opens, a simple context styles its text,
/// an end closes (and a context that ends its parent closes that too), a line's end closes what
/// may not run past it. Each as gtksourcecontextengine.c does it, its guards against looping included.
extension LineHighlighter {
    /// Opens the container `number` with its start's `match` (false: it opened and closed here already).
    mutating func open(_ number: Int, style: String?, ignoresStyles: Bool, _ match: RegexMatch) -> Bool {
        let rule = grammar.rules[number]
        let top = state.frames.count - 1
        if match.range.isEmpty, let empty = emptyContainer, empty == (number, match.range.lowerBound, state.frames.count) { return false }
        let inside = style ?? state.frames[top].style
        let ignoring = ignoresStyles || state.frames[top].ignoresStyles
        markUsed(number)
        paint(match.range, rule.stylesInsideOnly ? state.frames[top].style : inside)
        if !ignoring { paintGroups(rule, .start, match) }
        var end = rule.end
        if let pattern = end, pattern.refersToStart { end?.text = PatternExpansion.endPattern(pattern.text, start: match, line: line) }
        state.frames.append(.init(rule: number, end: end, style: inside, start: match.range.lowerBound, ignoresStyles: ignoring))
        return true
    }

    /// Styles a simple context's `match` (false: it matched nothing, and ending its parent here would loop).
    mutating func applySimple(_ number: Int, style: String?, _ match: RegexMatch) -> Bool {
        let rule = grammar.rules[number]
        let top = state.frames.count - 1
        let endsParent = rule.endsParent && top >= 1
        if match.range.isEmpty, !endsParent || match.range.lowerBound == state.frames[top].start { return false }
        markUsed(number)
        paint(match.range, style ?? state.frames[top].style)
        if !state.frames[top].ignoresStyles { paintGroups(rule, .match, match) }
        guard endsParent else { return true }
        var current = top
        repeat { current -= 1 } while current >= 2 && grammar.rules[state.frames[current].rule].endsParent
        state.frames.removeSubrange((current + 1)...)
        return true
    }

    /// The context at `index` ends with `match`, and the parents it ends with it.
    mutating func close(_ index: Int, _ match: RegexMatch) {
        let frame = state.frames[index]
        let rule = grammar.rules[frame.rule]
        paint(match.range, rule.stylesInsideOnly ? state.frames[index - 1].style : frame.style)
        if !frame.ignoresStyles { paintGroups(rule, .end, match) }
        if match.range.isEmpty, frame.start == match.range.lowerBound { emptyContainer = (frame.rule, match.range.lowerBound, index) }
        var current = index
        while current >= 2, grammar.rules[state.frames[current].rule].endsParent { current -= 1 }
        state.frames.removeSubrange(current...)
    }

    /// Contexts that end at a line's end close, with what is open inside them (`check_line_end`).
    mutating func closeAtLineEnd() {
        var terminating: Int?
        var index = state.frames.count - 1
        while index >= 1 {
            if grammar.rules[state.frames[index].rule].endsAtLineEnd {
                terminating = index
            } else if !ancestorMayEnd(index) {
                break
            }
            index -= 1
        }
        if let terminating { state.frames.removeSubrange(terminating...) }
    }

    private mutating func paintGroups(_ rule: Rule, _ place: Rule.GroupStyle.Place, _ match: RegexMatch) {
        for group in rule.groupStyles where group.place == place {
            if let range = match.group(group.group) { paint(range, group.style) }
        }
    }
}
