/// One citation chip the client shows: where in the answer's text, with what number, since when.
public struct PlacedCitation: Equatable, Sendable {
    /// Where the chip stands, in the answer's scalars (the end of the cited sentence, or the
    /// start of the text's own marker, `[3]`, which it replaces).
    public var position: Int
    /// How many scalars of the text it stands in for (its marker's; 0: it is added).
    public var replacing: Int
    public var number: Int
    /// The words it cites, in the answer's scalars (nil for a marker).
    public var span: Range<Int>?
    public var shownAtMs: Double
    /// It arrived after the words after its place were shown: adding it moved them (a reflow).
    public var reflowed: Bool
}

/// The reference's citation rule, kept between frames: a citation's chip waits until its
/// sentence has arrived and is shown, then stands after it; a source keeps the number it was
/// first shown with (numbered in the order readers meet them); a late citation is put in place
/// all the same, and the reflow it causes is recorded.
struct CitationPlacer {
    var style = CitationStyle.numbered
    /// Every chip shown, in the order they were shown.
    private(set) var placed: [PlacedCitation] = []
    /// The sources cited, by number less one.
    private(set) var cited: [CitationSource] = []
    /// Sources the answer used without citing words (search results, `source-url` parts), in
    /// arrival order: listed after the cited ones, numbered on from them.
    private var uncited: [CitationSource] = []

    /// Every source, by number less one: the cited in the order first shown, then the rest, each once.
    var sources: [CitationSource] {
        var seen = Set(numbers.keys)
        return cited + uncited.filter { seen.insert($0.identity).inserted }
    }
    private var numbers: [String: Int] = [:]
    /// Citations arrived and not yet shown (their sentence is still coming), by arrival index;
    /// true for one that came after its sentence was shown (it waits for its line's end).
    private var waiting: [(index: Int, late: Bool)] = []
    private var considered = 0
    /// Sources cited by number in the text (`[n]`), by that number.
    private var numbered: [Int: CitationSource] = [:]
    /// How far the text has been searched for `[n]` markers.
    private var markersSearched = 0

    /// Places what can be placed by this frame.
    /// - Returns: the earliest position where a chip was added to text already shown before
    ///   this frame (the parse from there is stale), if one was.
    mutating func update(_ citations: [Citation], text: ArrivedText, revealed: Int, shownBefore: Int, at timeMs: Double) -> Int? {
        guard style != .none else { return nil }
        for index in considered..<citations.count {
            let source = citations[index].source
            if citations[index].span == nil {
                if let number = source.providerNumber {
                    // Markers already shown can now be read: search the text again.
                    if numbered[number] == nil { markersSearched = 0 }
                    numbered[number] = numbered[number] ?? source
                }
                // Listed after the cited sources unless a chip cites it first.
                uncited.append(source)
            } else {
                waiting.append((index, false))
            }
        }
        considered = citations.count
        var stale: Int?
        waiting = waiting.compactMap { entry in
            let citation = citations[entry.index]
            if let link = OwnLink.region(citing: citation.span!, in: text.scalars[...]) {
                // The provider's own link: its chip takes its place once the reveal reaches it.
                guard link.lowerBound <= revealed else { return entry }
                if show(citation.source, at: link.lowerBound, replacing: link.count, span: citation.span, shownBefore: shownBefore, at: timeMs) {
                    stale = min(stale ?? link.lowerBound, link.lowerBound)
                }
                return nil
            }
            let end = citation.span!.upperBound
            var late = entry.late
            var place = late ? SentenceEnd.lineEnd(after: end, in: text) : SentenceEnd.after(end, in: text)
            // Come after its sentence was shown: at the end of its line instead, after the words
            // shown, so none of them moves — unless that too was shown (then it reflows them).
            if case .at(let position) = place, !late, position < shownBefore {
                late = true
                place = SentenceEnd.lineEnd(after: position, in: text)
            }
            switch place {
            case .notYet: return (entry.index, late)
            case .never:
                uncited.append(citation.source)
                return nil
            case .at(let position):
                guard position <= revealed else { return (entry.index, late) }
                if show(citation.source, at: position, replacing: 0, span: citation.span, shownBefore: shownBefore, at: timeMs) {
                    stale = min(stale ?? position, position)
                }
                return nil
            }
        }
        if let earliest = placeMarkers(text: text, revealed: revealed, shownBefore: shownBefore, at: timeMs) {
            stale = min(stale ?? earliest, earliest)
        }
        return stale
    }

    /// The chips in text order (a chip replacing a marker, or several after one sentence, in number order).
    var marks: [PlacedCitation] {
        placed.sorted { ($0.position, $0.number) < ($1.position, $1.number) }
    }

    /// The source's number, given on its first showing.
    @discardableResult
    private mutating func listed(_ source: CitationSource) -> Int {
        if let number = numbers[source.identity] { return number }
        cited.append(source)
        numbers[source.identity] = cited.count
        return cited.count
    }

    /// Shows a chip for `source` at `position`. - Returns: whether it reflowed shown text.
    fileprivate mutating func show(
        _ source: CitationSource, at position: Int, replacing: Int, span: Range<Int>?, shownBefore: Int, at timeMs: Double
    ) -> Bool {
        let number = listed(source)
        // One chip per source after a sentence, however many of its words cite it; one chip in
        // the place of any text it replaces (a link two annotations cover).
        guard !placed.contains(where: { $0.position == position && ($0.number == number || ($0.replacing > 0 && replacing > 0)) })
        else { return false }
        let reflowed = position < shownBefore
        placed.append(
            PlacedCitation(position: position, replacing: replacing, number: number, span: span, shownAtMs: timeMs, reflowed: reflowed))
        return reflowed
    }
}

extension CitationPlacer {
    /// The text's own markers (`[3]`, as Perplexity-style answers cite their sources array),
    /// outside code, once revealed whole: each becomes its source's chip, in its place.
    /// - Returns: the earliest marker that was shown as text before this frame, if any.
    fileprivate mutating func placeMarkers(text: ArrivedText, revealed: Int, shownBefore: Int, at timeMs: Double) -> Int? {
        guard !numbered.isEmpty else { return nil }
        let scalars = text.scalars
        var stale: Int?
        var index = markersSearched
        var searchedTo = markersSearched
        while index < revealed {
            guard scalars[index] == "[", !text.isInsideCode(index) else {
                index += 1
                searchedTo = index
                continue
            }
            var end = index + 1
            var number = 0
            while end < revealed, end - index < 5, ("0"..."9").contains(scalars[end]) {
                number = number * 10 + Int(scalars[end].value - 48)
                end += 1
            }
            // A marker cut by the reveal's edge is read when the rest of it is shown.
            if end == revealed { break }
            if end > index + 1, scalars[end] == "]", let source = numbered[number],
                show(source, at: index, replacing: end + 1 - index, span: nil, shownBefore: shownBefore, at: timeMs)
            {
                stale = min(stale ?? index, index)
            }
            index = end
            searchedTo = index
        }
        markersSearched = searchedTo
        return stale
    }
}
