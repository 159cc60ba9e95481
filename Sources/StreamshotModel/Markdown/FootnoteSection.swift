/// Footnote definitions as cmark-gfm reads them, without its footnote option (which needs the
/// whole answer in one parse): each `[^label]:` line is given to the parser as a bullet list
/// item, so it interrupts a paragraph, keeps its indented and lazy lines, and holds quotes, lists
/// and code as a footnote does; its leaves are then taken out of that list and tagged with the
/// label. Each definition's bullet differs from the one before it and from a list item on the
/// line above, so it is a list of its own: never an item of the author's list, nor of another
/// definition's (each is then its own top-level block, finished when the next one starts).
enum FootnoteDefinitions {
    /// `source` with each definition's `[^label]:` (up to three spaces in, outside fenced code)
    /// written as a bullet item's marker, and the labels by the 1-based line they start on.
    static func marking(_ source: String) -> (source: String, labels: [Int: String]) {
        guard source.contains("[^") else { return (source, [:]) }
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var labels: [Int: String] = [:]
        var fence: Unicode.Scalar?
        var lastBullet: Character?
        for index in lines.indices {
            let scalars = Array(lines[index].unicodeScalars)
            if let marker = FootnoteNumbers.fenceMarker(at: 0, in: scalars[...]) {
                fence = fence == nil ? marker : (fence == marker ? nil : fence)
                continue
            }
            guard fence == nil, let (label, rest) = definition(scalars) else { continue }
            let indent = scalars.prefix { $0 == " " }.count
            let bullet = Self.bullet(avoiding: [lastBullet, Self.bulletAbove(index, in: lines)])
            lines[index] = String(repeating: " ", count: indent) + (rest.isEmpty ? String(bullet) : "\(bullet) " + rest)
            labels[index + 1] = label
            lastBullet = bullet
        }
        return (lines.joined(separator: "\n"), labels)
    }

    /// The first of GitHub's bullets that is none of `taken`.
    private static func bullet(avoiding taken: [Character?]) -> Character {
        ["+", "*", "-"].first { !taken.contains($0) } ?? "+"
    }

    /// The bullet of a list item on the nearest line above `index` that is not blank, if it starts one.
    private static func bulletAbove(_ index: Int, in lines: [String]) -> Character? {
        guard let above = lines[..<index].last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        let body = above.drop { $0 == " " }
        guard let first = body.first, "+*-".contains(first), body.dropFirst().first == " " else { return nil }
        return first
    }

    /// The label and the text after `[^label]:` when the line starts a definition.
    package static func definition(_ line: [Unicode.Scalar]) -> (label: String, rest: String)? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3, let (label, end) = FootnoteNumbers.label(at: indent, in: line[...]),
            end < line.count, line[end] == ":"
        else { return nil }
        let rest = line[(end + 1)...].drop { $0 == " " || $0 == "\t" }
        return (label, String(String.UnicodeScalarView(rest)))
    }

    /// Past a definition's `[^label]:` and the spaces after it, when one starts at `start`.
    package static func contentStart(at start: Int, in text: ArraySlice<Unicode.Scalar>) -> Int {
        var index = start
        while index < text.endIndex, text[index] == " ", index - start < 3 { index += 1 }
        guard let (_, end) = FootnoteNumbers.label(at: index, in: text), end < text.endIndex, text[end] == ":" else { return start }
        return text[(end + 1)...].firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
    }

    /// The groups with each definition's leaves tagged with its label and out of the bullet item
    /// `marking` put them in. A group is a definition when its first line is one.
    package static func tag(_ groups: [TopLevelDraft], labels: [Int: String]) -> [TopLevelDraft] {
        guard !labels.isEmpty else { return groups }
        let starts = labels.keys.sorted()
        return groups.enumerated().map { position, group in
            guard labels[group.startLine] != nil else { return group }
            let end = position + 1 < groups.count ? groups[position + 1].startLine : .max
            var itemLabels = starts.filter { $0 >= group.startLine && $0 < end }.compactMap { labels[$0] }[...]
            var tagged = group
            var item: Int?
            var label: String?
            for index in tagged.leaves.indices {
                guard let outer = tagged.leaves[index].containers.first, case .listItem = outer.kind else { continue }
                let starts = outer.id != item
                if starts { (item, label) = (outer.id, itemLabels.popFirst()) }
                guard let label else { continue }
                tagged.leaves[index].footnote = label
                tagged.leaves[index].startsFootnote = starts
                tagged.leaves[index].containers = Self.inner(tagged.leaves[index].containers)
            }
            return tagged
        }
    }

    /// A leaf's containers without the definition's bullet item: lists in it are one level shallower.
    private static func inner(_ containers: [BlockContainer]) -> [BlockContainer] {
        containers.dropFirst().map { container in
            var moved = container
            if case .listItem = moved.kind { moved.depth = max(0, moved.depth - 1) }
            return moved
        }
    }
}

/// The footnotes section GitHub draws after the answer: a rule, then each definition that is
/// referenced, in the order of its number, as an item of a numbered list. A label defined twice
/// keeps its first definition; one never referenced is not shown, nor is a leaf with nothing to
/// show (an empty definition), so it never holds back the notes after it. The rule's block id is
/// handed out once, as every id is; the list and its items take container ids of their own,
/// below zero (the open tail numbers its containers afresh each frame from zero up).
struct FootnoteSection: Sendable {
    private var ruleId: Int?
    /// The list's container id; each item's is below it, in the order labels first appeared.
    private static let listId = -1
    private var itemIds: [String: Int] = [:]

    /// The section's blocks for `notes` (every definition's leaves, in the order written).
    /// - Parameters:
    ///   - ids: one past the highest block id handed out (advanced for the rule).
    package mutating func blocks(_ notes: [Block], numbers: FootnoteNumbers, ids: inout Int) -> [Block] {
        // A definition runs from its first leaf to the next's; a later one of the same label is a duplicate.
        var byLabel: [String: [Block]] = [:]
        var kept = false
        for block in notes {
            guard let label = block.footnote else { continue }
            if block.startsFootnote { kept = byLabel[label] == nil }
            guard kept, block.hasSomethingToShow else { continue }
            byLabel[label, default: []].append(block)
        }
        let shown = byLabel.keys.compactMap { label in numbers.number(of: label).map { (label, $0) } }.sorted { $0.1 < $1.1 }
        guard !shown.isEmpty else { return [] }
        var section = [rule(ids: &ids)]
        for (label, number) in shown {
            let itemId = itemIds[label] ?? Self.listId - 1 - itemIds.count
            itemIds[label] = itemId
            let item = BlockContainer(
                kind: .listItem(number: number, index: number - 1, checked: nil, tight: false),
                id: itemId, list: Self.listId, startsHere: false)
            for (index, block) in byLabel[label]!.enumerated() {
                var placed = block
                var first = item
                first.startsHere = index == 0
                placed.containers = [first] + block.containers
                section.append(placed)
            }
        }
        return section
    }

    /// The rule above the section, with the id it was given when the section first appeared.
    private mutating func rule(ids: inout Int) -> Block {
        let id = ruleId ?? ids
        if ruleId == nil {
            ruleId = id
            ids += 1
        }
        var rule = Block(id: id, kind: .thematicBreak, content: StyledText(""), isFinished: true, sourceStart: 0, contentStart: 0)
        rule.footnote = ""  // the section's own: not the answer's, so the caret never stands on the notes' side of it
        return rule
    }
}
