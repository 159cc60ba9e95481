/// Contexts that may not outlive their parent (`extend-parent="false"`), as gtksourcecontextengine.c
/// handles them: the parents whose end also ends them (`ancestor_context_ends_here`), and a match
/// cut short where such an end falls inside it (`can_apply_match`: a web address in a C comment
/// stops before the `*/` it would otherwise take).
extension LineHighlighter {
    /// The frames of `frames` whose end may end its innermost one, outermost first.
    func endingAncestors(_ frames: [HighlightState.Frame]) -> [Int] {
        var found: [Int] = []
        var index = frames.count - 1
        while ancestorMayEnd(index, in: frames) {
            if !extendsParent(index, in: frames) { found.insert(index - 1, at: 0) }
            index -= 1
        }
        return found
    }

    /// Whether something above the frame at `index` may end it (`ANCESTOR_CAN_END_CONTEXT`).
    func ancestorMayEnd(_ index: Int, in frames: [HighlightState.Frame]? = nil) -> Bool {
        let frames = frames ?? state.frames
        return index >= 2 && (!grammar.rules[frames[index].rule].extendsParent || !allExtend(Array(frames[..<index])))
    }

    /// Whether every frame of `frames` extends its parent (`all_ancestors_extend` of a child of the last).
    func allExtend(_ frames: [HighlightState.Frame]) -> Bool {
        (1..<max(frames.count, 1)).allSatisfy { extendsParent($0, in: frames) }
    }

    /// `CONTEXT_EXTENDS_PARENT`: the language's own context and its children always do.
    private func extendsParent(_ index: Int, in frames: [HighlightState.Frame]) -> Bool {
        index <= 1 || grammar.rules[frames[index].rule].extendsParent
    }

    /// `match` of `regex` for the innermost of `frames`, as far as it may go: cut where an ancestor
    /// that may end it ends inside it (the pattern matched again on the line cut there), or nil
    /// when it no longer matches so cut.
    mutating func applicable(_ match: RegexMatch, of regex: GLibRegex, in frames: [HighlightState.Frame]) throws -> RegexMatch? {
        let ancestors = endingAncestors(frames)
        guard !ancestors.isEmpty, match.range.count > 1 else { return match }
        let ends = try endRegexes(of: ancestors)
        var position = nextCharacter(after: match.range.lowerBound)
        while position < match.range.upperBound {
            if ends.contains(where: { matchesHere($0, position) != nil }) {
                let cut = UnsafeBufferPointer(rebasing: line[..<position])
                guard let again = regex.firstMatch(in: cut, from: match.range.lowerBound), again.range.lowerBound == match.range.lowerBound else {
                    return nil
                }
                return RegexMatch(groups: [match.range.lowerBound..<position] + again.groups.dropFirst(), names: again.names)
            }
            position = nextCharacter(after: position)
        }
        return match
    }
}
