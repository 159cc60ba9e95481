import StreamshotCMark

/// A leaf block found in one parse, before the splitter gives it its ids and offsets.
struct LeafDraft {
    package var kind: BlockKind
    package var content: StyledText
    package var rows: [[StyledText]] = []
    package var alignments: [ColumnAlignment?] = []
    /// Outermost first; `id` holds the container's preorder position within the parse.
    package var containers: [BlockContainer]
    /// 1-based line of the parsed text where the block starts.
    package var startLine: Int
    /// The label of the footnote definition it belongs to, if it is in one.
    package var footnote: String?
    /// The first leaf of its footnote definition (a label defined twice is told apart by it).
    var startsFootnote = false
    /// A block of raw HTML's effect on the `<details>` around it (nil: not HTML).
    package var details: DetailsNesting?
}

/// One top-level block of a parse: its source lines and the leaves inside it.
struct TopLevelDraft {
    package var startLine: Int
    package var leaves: [LeafDraft]
    /// How many containers it holds (the splitter's container ids advance by this).
    var containerCount: Int
}

/// Walks cmark-gfm's tree: containers (block quotes, list items) become each leaf's container
/// path; paragraphs, headings, code, tables, rules and raw HTML become leaves.
struct BlockTree {
    private var containerCount = 0
    /// How the client reads Markdown: its alert titles' language, its `<details>`.
    private var reading = MarkdownReading()

    /// - Parameters:
    ///   - linesBefore: lines parsed ahead of the text (link reference definitions): line numbers
    ///     are given from after them, and nothing of them is returned.
    ///   - reading: how the client reads Markdown (alert titles, `<details>`).
    static func topLevel(_ document: MarkdownNode, linesBefore: Int = 0, reading: MarkdownReading = MarkdownReading()) -> [TopLevelDraft] {
        var tree = BlockTree()
        tree.reading = reading
        let nodes = withSourceLines(document).children.map { shifted($0, by: linesBefore) }
        let kept = nodes.filter { $0.startLine >= 1 || linesBefore == 0 }
        return kept.map { node in
            let before = tree.containerCount
            var leaves: [LeafDraft] = []
            tree.collect(node, path: [], into: &leaves)
            return TopLevelDraft(startLine: node.startLine, leaves: leaves, containerCount: tree.containerCount - before)
        }
    }

    private mutating func collect(_ node: MarkdownNode, path: [BlockContainer], into leaves: inout [LeafDraft]) {
        switch node.kind {
        case .blockQuote:
            var quote = newContainer(.blockQuote, depth: 0)
            let first = leaves.count
            quote.alert = node.children.first.flatMap { child in
                if case .paragraph = child.kind { return Alert.named(byFirstLineOf: InlineRenderer.render(child.children).text) }
                return nil
            }
            collectChildren(node, path: path + [quote], into: &leaves)
            // The alert's marker line becomes its title, in the app's language, on the quote's
            // first paragraph once its first word has come (its direction is read from it).
            if first < leaves.count, leaves[first].kind == .paragraph, leaves[first].containers.last?.id == quote.id {
                if Alert.isPending(leaves[first].content.text) {
                    leaves[first].content = StyledText("")
                } else if let alert = quote.alert {
                    leaves[first].content = alert.titled(leaves[first].content, in: reading.alertTitles)
                }
            }
        case .list(let ordered, let start, let tight):
            let depth = path.filter { if case .listItem = $0.kind { return true } else { return false } }.count
            let list = containerCount
            for (index, item) in node.children.enumerated() {
                guard case .item(let checked) = item.kind else { continue }
                let kind = BlockContainer.Kind.listItem(number: ordered ? start + index : nil, index: index, checked: checked, tight: tight)
                var container = newContainer(kind, depth: depth)
                container.list = list
                let itemPath = path + [container]
                if item.children.isEmpty {
                    // An empty item still shows its marker.
                    leaves.append(
                        LeafDraft(
                            kind: .paragraph, content: StyledText(""),
                            containers: Self.markStarts(itemPath, leaves: leaves), startLine: item.startLine))
                }
                collectChildren(item, path: itemPath, into: &leaves)
            }
        case .document, .item:
            collectChildren(node, path: path, into: &leaves)
        default:
            if var leaf = Self.leaf(node, containers: path, reading: reading) {
                leaf.containers = Self.markStarts(path, leaves: leaves)
                leaves.append(leaf)
            }
        }
    }

    /// cmark-gfm's table extension turns a paragraph into a table and inserts a new paragraph for
    /// the lines above the header, which never gets a source position (line 0), while the table
    /// keeps the paragraph's. Gives both their real first lines, everywhere in the tree.
    static func withSourceLines(_ node: MarkdownNode) -> MarkdownNode {
        var fixed = node
        fixed.children = node.children.map(withSourceLines)
        for index in fixed.children.indices.dropLast() where fixed.children[index].startLine == 0 {
            guard case .table = fixed.children[index + 1].kind else { continue }
            let lines = 1 + fixed.children[index].children.filter { $0.kind == .softBreak || $0.kind == .lineBreak }.count
            fixed.children[index].startLine = fixed.children[index + 1].startLine
            fixed.children[index + 1].startLine += lines
        }
        return fixed
    }

    /// The node with its (placed) lines counted `lines` earlier.
    private static func shifted(_ node: MarkdownNode, by lines: Int) -> MarkdownNode {
        guard lines > 0 else { return node }
        var moved = node
        if moved.startLine > 0 { moved.startLine -= lines }
        moved.children = node.children.map { shifted($0, by: lines) }
        return moved
    }

    private mutating func collectChildren(_ node: MarkdownNode, path: [BlockContainer], into leaves: inout [LeafDraft]) {
        for child in node.children { collect(child, path: path, into: &leaves) }
    }

    private mutating func newContainer(_ kind: BlockContainer.Kind, depth: Int) -> BlockContainer {
        defer { containerCount += 1 }
        return BlockContainer(kind: kind, id: containerCount, depth: depth, startsHere: false)
    }

    /// A container starts on a leaf when no earlier leaf sat in it.
    private static func markStarts(_ path: [BlockContainer], leaves: [LeafDraft]) -> [BlockContainer] {
        let previous = Set(leaves.last?.containers.map(\.id) ?? [])
        return path.map { container in
            var marked = container
            marked.startsHere = !previous.contains(container.id)
            return marked
        }
    }

    /// - Parameter reading: the client's (`<details>` drawn open or not), with the pictures it has.
    private static func leaf(_ node: MarkdownNode, containers: [BlockContainer], reading: MarkdownReading) -> LeafDraft? {
        func draft(_ kind: BlockKind, _ content: StyledText) -> LeafDraft {
            LeafDraft(kind: kind, content: content, containers: containers, startLine: node.startLine)
        }
        switch node.kind {
        case .paragraph:
            if let pictures = InlineRenderer.pictures(node.children, files: reading.pictures) { return draft(.picture, pictures) }
            return draft(.paragraph, InlineRenderer.render(node.children))
        case .heading(let level): return draft(.heading(level: level), InlineRenderer.render(node.children))
        case .codeBlock(let info, let literal, _):
            let language = String(info.split(separator: " ").first ?? "")
            return draft(.code(language: language), StyledText(Self.withoutFinalNewline(literal)))
        case .htmlBlock(let literal):
            var html = draft(.html, InlineRenderer.renderHTMLBlock(literal, detailsAlwaysOpen: reading.detailsAlwaysOpen))
            html.details = DetailsNesting(html: literal, alwaysOpen: reading.detailsAlwaysOpen)
            return html
        case .thematicBreak: return draft(.thematicBreak, StyledText(""))
        case .table(let alignments): return table(node, alignments: alignments, containers: containers)
        default: return nil
        }
    }

    private static func table(
        _ node: MarkdownNode, alignments: [MarkdownNode.ColumnAlignment?],
        containers: [BlockContainer]
    ) -> LeafDraft {
        let rows = node.children.map { row in row.children.map { InlineRenderer.render($0.children) } }
        // The content stands for every cell, so a changed cell is a changed block.
        let text = rows.map { $0.map(\.text).joined(separator: "\t") }.joined(separator: "\n")
        return LeafDraft(
            kind: .table, content: StyledText(text), rows: rows,
            alignments: alignments.map { $0.flatMap { ColumnAlignment(rawValue: $0.rawValue) } },
            containers: containers, startLine: node.startLine)
    }

    private static func withoutFinalNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
