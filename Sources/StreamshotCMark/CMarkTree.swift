import CCmarkGFM

/// Copies a cmark-gfm node tree into `MarkdownNode` values.
enum CMarkTree {
    /// Nesting deeper than this (thousands of `>` on one line) is flattened, so a hostile answer
    /// cannot exhaust a thread's stack in the recursive walks that follow; its text is kept.
    public static let maximumDepth = 64

    static func node(_ pointer: OpaquePointer, depth: Int = 0) -> MarkdownNode {
        var children: [MarkdownNode] = []
        if depth < maximumDepth {
            var child = cmark_node_first_child(pointer)
            while let current = child {
                children.append(node(current, depth: depth + 1))
                child = cmark_node_next(current)
            }
        } else {
            children = flattenedChildren(pointer)
        }
        return MarkdownNode(
            kind: kind(pointer), children: children,
            startLine: Int(cmark_node_get_start_line(pointer)), endLine: Int(cmark_node_get_end_line(pointer)))
    }

    /// At the depth limit, without recursion: the leaf blocks under a container (each with its
    /// text as one run), or under any other node its text as one run. The containers between
    /// are dropped; nothing written is.
    private static func flattenedChildren(_ pointer: OpaquePointer) -> [MarkdownNode] {
        guard isContainer(pointer) else {
            let text = plainText(under: pointer)
            return text.isEmpty ? [] : [MarkdownNode(kind: .text(text), children: [], startLine: 0, endLine: 0)]
        }
        var leaves: [MarkdownNode] = []
        var stack = children(of: pointer).reversed() as [OpaquePointer]
        while let current = stack.popLast() {
            if isContainer(current) {
                stack += children(of: current).reversed()
            } else {
                let text = plainText(under: current)
                leaves.append(
                    MarkdownNode(
                        kind: kind(current),
                        children: text.isEmpty ? [] : [MarkdownNode(kind: .text(text), children: [], startLine: 0, endLine: 0)],
                        startLine: Int(cmark_node_get_start_line(current)), endLine: Int(cmark_node_get_end_line(current))))
            }
        }
        // A list holds items: its leaves go into one, so the list is read and its text kept.
        if String(cString: cmark_node_get_type_string(pointer)) == "list" {
            return [
                MarkdownNode(
                    kind: .item(taskChecked: nil), children: leaves, startLine: leaves.first?.startLine ?? 0, endLine: leaves.last?.endLine ?? 0)
            ]
        }
        return leaves
    }

    private static func isContainer(_ pointer: OpaquePointer) -> Bool {
        ["block_quote", "list", "item", "tasklist"].contains(String(cString: cmark_node_get_type_string(pointer)))
    }

    private static func children(of pointer: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(pointer)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    /// Every literal under `pointer`, in order, line breaks as spaces (an iterative walk).
    private static func plainText(under pointer: OpaquePointer) -> String {
        var text = ""
        var stack = children(of: pointer).reversed() as [OpaquePointer]
        while let current = stack.popLast() {
            switch String(cString: cmark_node_get_type_string(current)) {
            case "softbreak", "linebreak": text += " "
            default: text += literal(current)
            }
            stack += children(of: current).reversed()
        }
        return text
    }

    private static func kind(_ node: OpaquePointer) -> MarkdownNode.Kind {
        let type = String(cString: cmark_node_get_type_string(node))
        switch type {
        case "document": return .document
        case "block_quote": return .blockQuote
        case "list":
            return .list(
                ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0)
        case "item": return .item(taskChecked: nil)
        case "tasklist": return .item(taskChecked: cmark_gfm_extensions_get_tasklist_item_checked(node))
        case "code_block":
            return .codeBlock(info: string(cmark_node_get_fence_info(node)), literal: literal(node), fenced: isFenced(node))
        case "html_block": return .htmlBlock(literal(node))
        case "paragraph": return .paragraph
        case "heading": return .heading(level: Int(cmark_node_get_heading_level(node)))
        case "thematic_break": return .thematicBreak
        case "table": return .table(alignments: tableAlignments(node))
        case "table_header": return .tableRow(isHeader: true)
        case "table_row": return .tableRow(isHeader: false)
        case "table_cell": return .tableCell
        default: return inlineKind(type, node)
        }
    }

    private static func inlineKind(_ type: String, _ node: OpaquePointer) -> MarkdownNode.Kind {
        switch type {
        case "text": return .text(literal(node))
        case "softbreak": return .softBreak
        case "linebreak": return .lineBreak
        case "code": return .code(literal(node))
        case "html_inline": return .htmlInline(literal(node))
        case "emph": return .emphasis
        case "strong": return .strong
        case "strikethrough": return .strikethrough
        case "link": return .link(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case "image": return .image(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        default: return .other(type)
        }
    }

    /// cmark writes the fence's length, offset and character through its pointers: they must be real.
    private static func isFenced(_ node: OpaquePointer) -> Bool {
        var length: Int32 = 0
        var offset: Int32 = 0
        var character: CChar = 0
        return cmark_node_get_fenced(node, &length, &offset, &character) != 0
    }

    private static func tableAlignments(_ node: OpaquePointer) -> [MarkdownNode.ColumnAlignment?] {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        guard count > 0, let alignments = cmark_gfm_extensions_get_table_alignments(node) else { return [] }
        return (0..<count).map { index in
            switch UInt8(alignments[index]) {
            case UInt8(ascii: "l"): return .left
            case UInt8(ascii: "c"): return .center
            case UInt8(ascii: "r"): return .right
            default: return nil
            }
        }
    }

    private static func literal(_ node: OpaquePointer) -> String { string(cmark_node_get_literal(node)) }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
