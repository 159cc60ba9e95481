import StreamshotCMark

/// Parses revealed text into leaf blocks with GitHub's parser, incrementally: top-level blocks
/// that are finished (another top-level block has started after them) are parsed once and kept;
/// each update re-parses only the open tail, from the start of the last top-level block, so
/// the work per frame follows the tail, not the document. Ids are stable: a block keeps its id
/// from the frame it first appears, and never changes kind (a block whose kind would change is
/// a new block with a new id).
public struct BlockParser: Sendable {
    public private(set) var finished: [Block] = []
    /// The blocks of the open top-level block, then the footnotes section, as of the last update.
    public private(set) var open: [Block] = []
    /// The block the text is being typed into (the open tail's last), until the text has ended.
    public private(set) var growingId: Int?
    /// The leaves of finished footnote definitions, in the order written: the section shows them.
    private var finishedNotes: [Block] = []
    private var section = FootnoteSection()
    /// The finished top-level blocks: where each is in the text and which finished blocks it gave.
    private var finishedGroups: [FinishedGroup] = []
    /// Where the open tail starts in the text.
    private var openStart = 0
    /// The ids of the open tail's blocks by position, with their kinds.
    private var tailIds: [(id: Int, kind: BlockKind.Name)] = []
    /// One past the highest block id ever handed out: ids are never reused.
    private var issuedIds = 0
    /// The first container id of the open tail (containers of finished blocks keep theirs).
    private var nextContainerId = 0
    /// One past the highest container id ever handed out.
    private var issuedContainerIds = 0
    /// Link reference definitions in finished text, with where they end and their labels: later
    /// text may use them.
    private var definitions: [(end: Int, line: String, label: String)] = []
    /// The same lines by label, in the order written: the tail is parsed with those it uses.
    private var definitionsByLabel: [String: [String]] = [:]
    /// How many of `definitions` the finished text has been checked against.
    private var checkedDefinitions = 0
    /// The finished groups (their places in `finishedGroups`) whose text may use each label: a
    /// new definition sends back those only, not every finished block's text.
    private var groupsUsing: [String: [Int]] = [:]
    /// The labels finished blocks have been read with: a new one sends them back to the parser.
    private var labelsApplied: Set<String> = []
    /// Labels of full and collapsed references read as links before their definitions came
    /// (`ProvisionalLinks`); a whole answer that never defined them shows them as written.
    private var provisionalLabels: Set<String> = []
    /// The finished text that used undefined provisional labels has been read as written.
    private var provisionalDropped = false
    /// The `<details>` open where the open tail starts, outermost first (whether each is `open`).
    private var detailsAtOpen: [Bool] = []
    /// How many characters the last update gave the parser: the open tail's, and finished text's
    /// only when a late link reference definition sends it back (the work stays at the tail).
    public private(set) var parsedCharacters = 0
    /// Footnote labels referenced in finished text, and in all the text as of the last update.
    private var finishedFootnotes = FootnoteNumbers()
    private var footnotes = FootnoteNumbers()
    /// The numbers finished text was last marked with (they change once, when the answer ends
    /// and undefined labels lose theirs).
    private var markedNumbers = FootnoteNumbers()
    /// `markedNumbers` are the end's (restricted to defined labels).
    private var markedAtEnd = false
    /// The first finished block whose content the last update revised (a link reference
    /// definition arrived after it finished and now links its text), if any.
    public private(set) var firstRevised: Int?

    /// How the client reads Markdown where it differs from GitHub (alert titles in the app's
    /// language, footnotes, `<details>`).
    public var reading = MarkdownReading()

    public init() {}

    /// All blocks, finished first.
    public var blocks: [Block] { finished + open }

    /// Re-reads the open tail of the revealed text.
    /// - Parameters:
    ///   - text: the revealed text (a prefix of what arrived), from its start.
    ///   - lookahead: what has arrived after it, not yet revealed: it may decide how the revealed
    ///     text reads (a setext underline makes the paragraph above it a heading from its first word).
    ///   - ended: no more text will come, so every block is finished.
    ///   - whole: the text ended as the stream's own end says (not cut by an error or a
    ///     timeout): only then are footnote numbers whose definition never came taken back to
    ///     `[^label]`, as GitHub shows them in a whole answer.
    public mutating func update(
        _ text: ArraySlice<Unicode.Scalar>, lookahead: ArraySlice<Unicode.Scalar> = [],
        ended: Bool, whole: Bool = true
    ) {
        let tail = text[(text.startIndex + openStart)...]
        let tailDefinitions = DefinitionLine.lines(in: tail)
        footnotes = finishedFootnotes
        if reading.footnotes { footnotes.note(referencesIn: tail) }
        parsedCharacters = 0
        let lineStarts = Self.lineStarts(tail)
        let drafts = parseTail(tail, lookahead: lookahead, ended: ended, tailDefinitions: tailDefinitions, provisional: !(ended && whole))
            .filter { $0.startLine <= lineStarts.count }
        let numbers = ended && whole ? footnotes.restricted(to: definedLabels(drafts)) : footnotes
        reviseFinished(text, tailDefinitions: tailDefinitions, numbers: numbers, ended: ended, whole: whole)
        let groups = Self.mark(drafts, numbers: numbers)
        var blocks = place(groups, tail: tail, origin: text.startIndex, lineStarts: lineStarts)
        let details = Self.hide(&blocks, groups: groups, from: detailsAtOpen)
        let committedGroups = ended ? groups.count : max(0, groups.count - 1)
        var committedLeaves = 0
        for index in 0..<committedGroups {
            let end = index + 1 < groups.count ? Self.offset(ofLine: groups[index + 1].startLine, lineStarts, tail) : tail.endIndex
            let start = min(Self.offset(ofLine: groups[index].startLine, lineStarts, tail), end)
            if reading.footnotes { finishedFootnotes.note(referencesIn: tail[start..<end]) }
            let leaves = committedLeaves..<(committedLeaves + groups[index].leaves.count)
            commit(
                &blocks, leaves, start: start - text.startIndex, end: end - text.startIndex, labels: LinkLabels.used(in: tail[start..<end]),
                details: details[index])
            for line in DefinitionLine.lines(in: tail[start..<end]) {
                let label = DefinitionLine.label(line) ?? ""
                definitions.append((end - text.startIndex, line, label))
                definitionsByLabel[label, default: []].append(line)
            }
            committedLeaves = leaves.upperBound
            nextContainerId += groups[index].containerCount
            openStart = end - text.startIndex
            detailsAtOpen = details[index]
        }
        tailIds.removeFirst(min(committedLeaves, tailIds.count))
        showOpen(Array(blocks[committedLeaves...]), ended: ended, numbers: numbers)
    }

    /// The open tail's blocks, then the footnotes section made of every definition so far.
    private mutating func showOpen(_ tail: [Block], ended: Bool, numbers: FootnoteNumbers) {
        var tail = tail.filter { !$0.hidden }
        if !ended, let last = tail.last, last.kind == .paragraph, last.content.text.isEmpty {
            // An item's marker waits for its first word: its direction and pitch are read from it.
            tail.removeLast()
        }
        growingId = ended ? nil : tail.last?.id
        for index in tail.indices where index != tail.count - 1 { tail[index].isFinished = true }
        let notes = finishedNotes + tail.filter { $0.footnote != nil }
        open =
            tail.filter { $0.footnote == nil }
            + section.blocks(notes, numbers: numbers, ids: &issuedIds)
    }

    /// Every label with a definition, finished or in the tail's drafts.
    private func definedLabels(_ drafts: [TopLevelDraft]) -> Set<String> {
        Set(finishedNotes.compactMap(\.footnote) + drafts.flatMap(\.leaves).compactMap(\.footnote))
    }

    /// Forgets every block whose source reaches past `offset` (the text was rewritten there).
    /// Ids are never reused, so a rewritten block comes back as a new block.
    public mutating func rewind(to offset: Int) {
        open = []
        tailIds = []
        while let group = finishedGroups.last, group.end >= offset {
            finished.removeSubrange(group.leaves)
            finishedNotes.removeSubrange(group.notes)
            finishedGroups.removeLast()
        }
        definitions.removeAll { $0.end >= offset }
        groupsUsing = groupsUsing.mapValues { $0.filter { $0 < finishedGroups.count } }
        definitionsByLabel = Dictionary(grouping: definitions, by: \.label).mapValues { $0.map(\.line) }
        checkedDefinitions = min(checkedDefinitions, definitions.count)
        finishedFootnotes.keepFirst(finishedGroups.last?.footnoteLabels ?? 0)
        openStart = finishedGroups.last?.end ?? 0
        detailsAtOpen = finishedGroups.last?.detailsAfter ?? []
        // Containers of the forgotten text may have been shown: their ids are not handed out again.
        nextContainerId = issuedContainerIds
    }

    /// The open tail parsed, after the definitions of finished text, with a setext underline
    /// that has arrived but is not yet revealed when it makes the paragraph above it a heading.
    /// - Parameter provisional: references not yet defined are read as links (`ProvisionalLinks`).
    private mutating func parseTail(
        _ tail: ArraySlice<Unicode.Scalar>, lookahead: ArraySlice<Unicode.Scalar>, ended: Bool,
        tailDefinitions: [String], provisional: Bool
    ) -> [TopLevelDraft] {
        let source = StreamingSource.markdown(tail, ended: ended, readsMath: reading.math, holdsImages: !reading.pictures.isEmpty)
        parsedCharacters += source.unicodeScalars.count
        // Only the definitions whose labels the tail uses, in label order: a thousand definitions
        // above it cost the parse nothing (all of them before each frame's parse was quadratic).
        let used = LinkLabels.used(in: tail).sorted()
        var kept = used.flatMap { definitionsByLabel[$0] ?? [] }
        if provisional {
            let defined = Set(used.filter { definitionsByLabel[$0] != nil } + tailDefinitions.compactMap(DefinitionLine.label))
            let standIns = ProvisionalLinks.definitions(for: tail, defined: defined)
            provisionalLabels.formUnion(standIns.map(\.label))
            kept += standIns.map(\.line)
        }
        if !ended, let underline = StreamingSource.setextUnderline(after: tail, lookahead: lookahead) {
            let withUnderline = Self.parse(source + (source.hasSuffix("\n") ? "" : "\n") + underline, definitions: kept, reading: reading)
            // A setext heading ends the parse; a rule or a line of text there means it was not one.
            if let last = withUnderline.last?.leaves.last, case .heading = last.kind { return withUnderline }
        }
        return Self.parse(source, definitions: kept, reading: reading)
    }

    /// Parses `source` with link reference `definitions` set before it (where an open fence
    /// cannot swallow them); line numbers stay those of `source`. Footnote definitions' leaves
    /// come tagged with their labels; references are left as written (`mark` numbers them).
    /// - Parameter reading: how the client reads Markdown (without footnotes, their lines are left
    ///   as written: CommonMark reads them as text).
    private static func parse(_ source: String, definitions: [String], reading: MarkdownReading) -> [TopLevelDraft] {
        let prefix = definitions.isEmpty ? "" : definitions.joined(separator: "\n") + "\n\n"
        // Formulas first: cmark would read their `_` and `\\` as emphasis and escapes.
        let (withoutMath, formulas) = reading.math ? MathMarking.marking(source) : (source, [])
        let (marked, labels) = reading.footnotes ? FootnoteDefinitions.marking(withoutMath) : (withoutMath, [:])
        let document = (try? MarkdownParser.parse(prefix + marked)) ?? MarkdownNode(kind: .document)
        let groups = BlockTree.topLevel(document, linesBefore: definitions.isEmpty ? 0 : definitions.count + 1, reading: reading)
        let typeset = MathMarks.apply(groups, formulas: formulas)
        let chipped = reading.citationChips ? CitationMarks.apply(typeset, labels: reading.citationLabels) : typeset
        return FootnoteDefinitions.tag(chipped, labels: labels)
    }

    /// The drafts with footnote references as their `numbers`; code and raw HTML show what was written.
    private static func mark(_ groups: [TopLevelDraft], numbers: FootnoteNumbers) -> [TopLevelDraft] {
        groups.map { group in
            var marked = group
            marked.leaves = group.leaves.map { leaf in
                var leaf = leaf
                if leaf.kind.isCode || leaf.kind == .html { return leaf }
                leaf.content = FootnoteMarks.apply(leaf.content, numbers: numbers)
                leaf.rows = leaf.rows.map { $0.map { FootnoteMarks.apply($0, numbers: numbers) } }
                return leaf
            }
            return marked
        }
    }

    /// When a link reference definition arrives whose label finished text uses, that text is
    /// read again with it (its blocks keep their ids, kinds and containers; only their text
    /// changes, as GitHub reading the whole answer would link it); likewise when the footnote
    /// numbers of finished text change (the answer ended with a reference left undefined), or a
    /// whole answer ends with provisional links never defined (they show as written then).
    private mutating func reviseFinished(
        _ text: ArraySlice<Unicode.Scalar>, tailDefinitions: [String], numbers: FootnoteNumbers,
        ended: Bool, whole: Bool
    ) {
        firstRevised = nil
        // The definitions not yet checked against finished text: the new ones, and the tail's.
        let fresh = definitions[checkedDefinitions...].map(\.label) + tailDefinitions.compactMap(DefinitionLine.label)
        checkedDefinitions = definitions.count
        let newLabels = Set(fresh).subtracting(labelsApplied)
        // While the answer streams, every update's numbers begin with finished text's labels, so
        // those keep their numbers; only the end's numbers (undefined labels dropped) can move
        // them: compared then (comparing every label on every frame made footnotes quadratic).
        let renumbered = (ended || markedAtEnd) && finishedFootnotes.labels.contains { numbers.number(of: $0) != markedNumbers.number(of: $0) }
        markedNumbers = numbers
        markedAtEnd = ended
        let defined = Set(definitions.map(\.label) + tailDefinitions.compactMap(DefinitionLine.label))
        let provisional = !(ended && whole)
        let dropped = provisional || provisionalDropped ? [] : provisionalLabels.subtracting(defined)
        provisionalDropped = provisionalDropped || !provisional
        guard !newLabels.isEmpty || renumbered || !dropped.isEmpty else { return }
        labelsApplied.formUnion(newLabels)
        let all = definitions.map(\.line) + tailDefinitions
        let sending = newLabels.union(dropped)
        let candidates = renumbered ? Array(finishedGroups.indices) : Set(sending.flatMap { groupsUsing[$0] ?? [] }).sorted()
        for group in candidates.map({ finishedGroups[$0] }) {
            let scalars = text[(text.startIndex + group.start)..<(text.startIndex + group.end)]
            let source = StreamingSource.string(scalars)
            let folded = source.lowercased()
            guard sending.contains(where: { folded.contains($0) }) || (renumbered && source.contains("[^")) else { continue }
            parsedCharacters += group.end - group.start
            let standIns = provisional ? ProvisionalLinks.definitions(for: scalars, defined: defined).map(\.line) : []
            let leaves = Self.mark(Self.parse(source, definitions: all + standIns, reading: reading), numbers: numbers).flatMap(\.leaves)
            if let first = Self.revise(group.leaves, in: &finished, with: leaves.filter { $0.footnote == nil }) {
                firstRevised = min(firstRevised ?? first, first)
            }
            // The section is shown anew each frame: its revision needs no report.
            _ = Self.revise(group.notes, in: &finishedNotes, with: leaves.filter { $0.footnote != nil })
        }
    }

    /// Characters were put into (or taken from) finished text — a citation's chip, come after
    /// its sentence was shown: every offset parsed so far moves by `move`, and each finished
    /// group whose text changed is read again in place, its blocks keeping their ids (they
    /// reflow; they do not come back as new blocks).
    /// - Parameter text: the whole parsed text as it is now.
    /// - Returns: the first finished block whose text changed, if any.
    mutating func reviseInPlace(_ text: ArraySlice<Unicode.Scalar>, moving move: (Int) -> Int) -> Int? {
        var first: Int?
        let lines = definitions.map(\.line)
        for index in finishedGroups.indices {
            let group = finishedGroups[index]
            let (start, end) = (move(group.start), move(group.end))
            finishedGroups[index].start = start
            finishedGroups[index].end = end
            guard end - start != group.end - group.start, end <= text.count else { continue }
            let source = StreamingSource.string(text[(text.startIndex + start)..<(text.startIndex + end)])
            let leaves = Self.mark(Self.parse(source, definitions: lines, reading: reading), numbers: markedNumbers).flatMap(\.leaves)
            if let revised = Self.revise(group.leaves, in: &finished, with: leaves.filter { $0.footnote == nil }) {
                first = min(first ?? revised, revised)
            }
        }
        definitions = definitions.map { (move($0.end), $0.line, $0.label) }
        openStart = move(openStart)
        return first
    }

    /// Finished `blocks[range]` given the text of `leaves`, read again, where they still match.
    /// - Returns: the first block whose text changed, if any.
    private static func revise(_ range: Range<Int>, in blocks: inout [Block], with leaves: [LeafDraft]) -> Int? {
        guard leaves.count == range.count else { return nil }
        var first: Int?
        for (index, leaf) in zip(range, leaves) where leaf.kind == blocks[index].kind {
            guard leaf.content != blocks[index].content || leaf.rows != blocks[index].rows else { continue }
            blocks[index].content = leaf.content
            blocks[index].rows = leaf.rows
            first = first ?? index
        }
        return first
    }

    /// The parse's leaves as blocks: ids by position in the tail (a new id when the kind at a
    /// position changed), offsets in the whole text, container ids after the finished ones.
    private mutating func place(
        _ groups: [TopLevelDraft], tail: ArraySlice<Unicode.Scalar>, origin: Int,
        lineStarts: [Int]
    ) -> [Block] {
        var blocks: [Block] = []
        for (position, leaf) in groups.flatMap(\.leaves).enumerated() {
            let id = blockId(at: position, kind: leaf.kind.name)
            let lineStart = Self.offset(ofLine: leaf.startLine, lineStarts, tail)
            let containers = leaf.containers.map { container -> BlockContainer in
                var placed = container
                placed.id += nextContainerId
                placed.list = placed.list.map { $0 + nextContainerId }
                issuedContainerIds = max(issuedContainerIds, placed.id + 1)
                return placed
            }
            // A definition's first leaf starts after its `[^label]:`.
            let definitionStart = leaf.footnote == nil ? lineStart : FootnoteDefinitions.contentStart(at: lineStart, in: tail)
            let contentStart = definitionStart != lineStart ? definitionStart : ContainerPrefix.contentOffset(in: tail, lineStart: lineStart)
            var block = Block(
                id: id, kind: leaf.kind, content: leaf.content, rows: leaf.rows, columnAlignments: leaf.alignments,
                containers: containers, isFinished: false, sourceStart: lineStart - origin, contentStart: contentStart - origin)
            block.footnote = leaf.footnote
            block.startsFootnote = leaf.startsFootnote
            blocks.append(block)
        }
        return blocks
    }

    private mutating func blockId(at position: Int, kind: BlockKind.Name) -> Int {
        if position < tailIds.count, tailIds[position].kind == kind { return tailIds[position].id }
        let id = issuedIds
        issuedIds += 1
        if position < tailIds.count {
            tailIds[position] = (id, kind)
        } else {
            tailIds.append((id, kind))
        }
        return id
    }

    /// Marks hidden the blocks a closed `<details>` holds (its body, in the blocks between its
    /// opener and `</details>`) and raw HTML with no text; the `<details>` open after each group.
    private static func hide(_ blocks: inout [Block], groups: [TopLevelDraft], from start: [Bool]) -> [[Bool]] {
        var stack = start
        var index = 0
        return groups.map { group in
            for leaf in group.leaves {
                if let nesting = leaf.details {
                    blocks[index].hidden = blocks[index].content.text.isEmpty || DetailsNesting.hides(stack)
                    stack = nesting.applied(to: stack)
                } else {
                    blocks[index].hidden = DetailsNesting.hides(stack)
                }
                index += 1
            }
            return stack
        }
    }

    /// Finishes the top-level block whose leaves are `blocks[leaves]` (its source `start..<end`):
    /// its footnote definitions go to the section, the rest to `finished`.
    private mutating func commit(
        _ blocks: inout [Block], _ leaves: Range<Int>, start: Int, end: Int, labels: Set<String>,
        details: [Bool]
    ) {
        for label in labels { groupsUsing[label, default: []].append(finishedGroups.count) }
        let firstLeaf = finished.count
        let firstNote = finishedNotes.count
        for index in leaves where !blocks[index].hidden {
            blocks[index].isFinished = true
            if blocks[index].footnote == nil { finished.append(blocks[index]) } else { finishedNotes.append(blocks[index]) }
        }
        finishedGroups.append(
            FinishedGroup(
                start: start, end: end, leaves: firstLeaf..<finished.count,
                notes: firstNote..<finishedNotes.count, footnoteLabels: finishedFootnotes.labels.count,
                detailsAfter: details))
    }

    /// Where each line of `tail` starts, as indices into its base.
    private static func lineStarts(_ tail: ArraySlice<Unicode.Scalar>) -> [Int] {
        var starts = [tail.startIndex]
        var index = tail.startIndex
        while index < tail.endIndex {
            let scalar = tail[index]
            if scalar == "\n" || (scalar == "\r" && (index + 1 == tail.endIndex || tail[index + 1] != "\n")) {
                starts.append(index + 1)
            }
            index += 1
        }
        return starts
    }

    /// Where a 1-based line starts; a line cmark did not place (0) counts as the tail's start.
    private static func offset(ofLine line: Int, _ lineStarts: [Int], _ tail: ArraySlice<Unicode.Scalar>) -> Int {
        if line < 1 { return tail.startIndex }
        return line <= lineStarts.count ? lineStarts[line - 1] : tail.endIndex
    }
}

/// A finished top-level block: its source in the text and the finished blocks it gave.
private struct FinishedGroup: Sendable {
    var start: Int
    var end: Int
    var leaves: Range<Int>
    /// The footnote definitions' leaves it gave, in `finishedNotes`.
    var notes: Range<Int>
    /// How many footnote labels the text up to its end referenced.
    var footnoteLabels: Int
    /// The `<details>` open at its end (`DetailsNesting`).
    var detailsAfter: [Bool]
}
