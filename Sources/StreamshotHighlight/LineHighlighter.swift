/// Highlights one line from a state, as GtkSourceView's context engine does
/// (gtksourcecontextengine.c, `next_segment`): find the next position where anything may start
/// or end; there, an ancestor that may end the open context ends it first; else the open
/// context's children are tried in the order their definition lists them (one that may not
/// extend its parent is skipped where the parent ends); else the open context ends if its end
/// matches there; else the search moves one character on.
struct LineHighlighter {
    let grammar: Grammar
    let line: UnsafeBufferPointer<UInt8>
    let isFirstLine: Bool
    var state: HighlightState
    /// Each byte's style (nil: plain).
    private(set) var styles: [String?]
    /// Each pattern's last search: from where, and what it found (a match not before a later position stays the first).
    private var searched: [ObjectIdentifier: (from: Int, match: RegexMatch?)] = [:]
    /// A container opened and closed on the spot: it is not opened there again (the engine's guard against looping).
    var emptyContainer: (rule: Int, position: Int, depth: Int)?
    /// End patterns with a start's text in them, compiled for this line only (never shared: each is one container's).
    private var resolvedEnds: [Rule.Pattern: GLibRegex] = [:]

    init(grammar: Grammar, line: UnsafeBufferPointer<UInt8>, isFirstLine: Bool, state: HighlightState) {
        self.grammar = grammar
        self.line = line
        self.isFirstLine = isFirstLine
        self.state = state
        styles = Array(repeating: nil, count: line.count)
    }

    /// Highlights the line, leaving `state` as the next line starts from.
    mutating func run() throws {
        var position = 0
        var stalled = 0
        while position <= line.count {
            guard let next = try nextCandidate(from: position) else { break }
            paint(position..<next, state.frames.last?.style)
            // Contexts may open and close on the spot (JavaScript's expressions do, token by token);
            // past many such steps at one place, the line moves on a character.
            if stalled < 64, let after = try step(at: next) {
                stalled = after == position ? stalled + 1 : 0
                position = after
            } else {
                stalled = 0
                let following = nextCharacter(after: next)
                paint(next..<following, state.frames.last?.style)
                position = following
            }
        }
        paint(position..<line.count, state.frames.last?.style)
        closeAtLineEnd()
        for index in state.frames.indices { state.frames[index].start = -1 }
    }

    /// The first position at or after `position` where the open context's end, an ancestor's end
    /// or a child's pattern matches (nil: none on this line).
    private mutating func nextCandidate(from position: Int) throws -> Int? {
        var best: Int?
        for regex in try endRegexes(of: endingAncestors(state.frames) + [state.frames.count - 1]) + childRegexes().map(\.1) {
            guard let match = search(regex, from: position) else { continue }
            best = min(best ?? match.range.lowerBound, match.range.lowerBound)
            if best == position { break }
        }
        return best
    }

    /// What happens at `position`, and where the line goes on from (nil: nothing starts or ends here).
    private mutating func step(at position: Int) throws -> Int? {
        let top = state.frames.count - 1
        for index in endingAncestors(state.frames) {
            guard let regex = try endRegexes(of: [index]).first, matchesHere(regex, position) != nil else { continue }
            state.frames.removeSubrange((index + 1)...)
            return position
        }
        let endRegex = try endRegexes(of: [top]).first
        let end = endRegex.flatMap { matchesHere($0, position) }
        // Where every open context extends its parent, no ancestor can cut a child's match short.
        let openExtend = allExtend(state.frames)
        for (child, regex) in childRegexes() {
            let rule = grammar.rules[child.rule]
            guard !(end != nil && !rule.extendsParent), let found = matchesHere(regex, position) else { continue }
            let cut = rule.extendsParent && openExtend ? found : try applicable(found, of: regex, in: state.frames + [.init(rule: child.rule)])
            guard let match = cut else { continue }
            let style = child.ignoresStyle || state.frames[top].ignoresStyles ? nil : child.style ?? rule.style
            let started =
                rule.isContainer
                ? open(child.rule, style: style, ignoresStyles: child.ignoresStyle, match) : applySimple(child.rule, style: style, match)
            if started { return match.range.upperBound }
        }
        guard let end, let endRegex, let match = try applicable(end, of: endRegex, in: state.frames) else { return nil }
        close(top, match)
        return match.range.upperBound
    }

    /// The compiled end patterns of the frames at `indices` that have one.
    mutating func endRegexes(of indices: [Int]) throws -> [GLibRegex] {
        try indices.compactMap { index in
            let frame = state.frames[index]
            guard let end = frame.end else { return nil }
            if end == grammar.rules[frame.rule].end { return grammar.endRegexes[frame.rule] }
            if let compiled = resolvedEnds[end] { return compiled }
            let compiled = try GLibRegex(end.text, caseless: end.caseless, extended: end.extended)
            resolvedEnds[end] = compiled
            return compiled
        }
    }

    /// The open context's children that may occur here, with their patterns.
    private func childRegexes() -> [((rule: Int, style: String?, ignoresStyle: Bool), GLibRegex)] {
        let top = state.frames[state.frames.count - 1]
        return grammar.children[top.rule].compactMap { child in
            let rule = grammar.rules[child.rule]
            guard let regex = grammar.startRegexes[child.rule], !(rule.firstLineOnly && !isFirstLine), !top.used.contains(child.rule) else {
                return nil
            }
            return (child, regex)
        }
    }

    mutating func matchesHere(_ regex: GLibRegex, _ position: Int) -> RegexMatch? {
        guard let match = search(regex, from: position), match.range.lowerBound == position else { return nil }
        return match
    }

    private mutating func search(_ regex: GLibRegex, from position: Int) -> RegexMatch? {
        let key = ObjectIdentifier(regex)
        if let last = searched[key], last.from <= position, last.match.map({ $0.range.lowerBound >= position }) ?? true {
            return last.match
        }
        let match = regex.firstMatch(in: line, from: position)
        searched[key] = (position, match)
        return match
    }

    func nextCharacter(after position: Int) -> Int {
        var next = position + 1
        while next < line.count, line[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }

    mutating func paint(_ range: Range<Int>, _ style: String?) {
        for index in range.clamped(to: 0..<line.count) { styles[index] = style }
    }

    mutating func markUsed(_ rule: Int) {
        let top = state.frames.count - 1
        if grammar.rules[rule].onceOnly { state.frames[top].used = Array(Set(state.frames[top].used + [rule])).sorted() }
    }
}
