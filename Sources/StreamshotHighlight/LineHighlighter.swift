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
        var steps = 0
        while position <= line.count, steps < 4 * line.count + 64 {
            steps += 1
            guard let next = try nextCandidate(from: position) else { break }
            paint(position..<next, state.frames.last?.style)
            if let after = try step(at: next) {
                position = after
            } else {
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
        for regex in try endRegexes(of: ancestorsThatMayEnd() + [state.frames.count - 1]) + childRegexes().map(\.1) {
            guard let match = search(regex, from: position) else { continue }
            best = min(best ?? match.range.lowerBound, match.range.lowerBound)
            if best == position { break }
        }
        return best
    }

    /// What happens at `position`, and where the line goes on from (nil: nothing starts or ends here).
    private mutating func step(at position: Int) throws -> Int? {
        let top = state.frames.count - 1
        for index in ancestorsThatMayEnd() {
            guard let regex = try endRegexes(of: [index]).first, matchesHere(regex, position) != nil else { continue }
            state.frames.removeSubrange((index + 1)...)
            return position
        }
        let end = try endRegexes(of: [top]).first.flatMap { matchesHere($0, position) }
        for (child, regex) in childRegexes() {
            let rule = grammar.rules[child.rule]
            guard !(end != nil && !rule.extendsParent), let match = matchesHere(regex, position) else { continue }
            let style = child.ignoresStyle ? nil : child.style ?? rule.style
            if rule.isContainer ? open(child.rule, style: style, match) : applySimple(child.rule, style: style, match) {
                return match.range.upperBound
            }
        }
        guard let end else { return nil }
        close(top, end)
        return end.range.upperBound
    }

    /// The frames whose end may end the open context (`ancestor_context_ends_here`), outermost first.
    private func ancestorsThatMayEnd() -> [Int] {
        var found: [Int] = []
        var index = state.frames.count - 1
        while ancestorMayEnd(index) {
            if !extendsParent(index) { found.insert(index - 1, at: 0) }
            index -= 1
        }
        return found
    }

    private func extendsParent(_ index: Int) -> Bool { index <= 1 || grammar.rules[state.frames[index].rule].extendsParent }

    private func allAncestorsExtend(_ index: Int) -> Bool { (1..<max(index, 1)).allSatisfy(extendsParent) }

    func ancestorMayEnd(_ index: Int) -> Bool {
        index >= 2 && (!grammar.rules[state.frames[index].rule].extendsParent || !allAncestorsExtend(index))
    }

    /// The compiled end patterns of the frames at `indices` that have one.
    private func endRegexes(of indices: [Int]) throws -> [GLibRegex] {
        try indices.compactMap { index in
            let frame = state.frames[index]
            guard let end = frame.end else { return nil }
            return end == grammar.rules[frame.rule].end ? grammar.endRegexes[frame.rule] : try grammar.regex(end)
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

    private mutating func matchesHere(_ regex: GLibRegex, _ position: Int) -> RegexMatch? {
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

    private func nextCharacter(after position: Int) -> Int {
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
