import CCmarkGFM
import Foundation

/// Parses Markdown with cmark-gfm and its GitHub extensions (tables, strikethrough, autolinks,
/// task lists), exactly as GitHub does. Each call owns its parser and document and frees them
/// before it returns. Calls are serialized: cmark-gfm keeps the table of special inline
/// characters in a global that attaching and freeing an extension changes, so two parses at once
/// can lose each other's strikethrough.
public enum MarkdownParser {
    private static let lock = NSLock()

    /// The GitHub extensions attached to every parse.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// - Returns: the document node, its children the top-level blocks.
    /// - Throws: `MarkdownError` when cmark-gfm cannot create a parser or an extension is missing.
    public static func parse(_ text: String) throws -> MarkdownNode {
        try withDocument(text) { document, _ in CMarkTree.node(document) }
    }

    /// GitHub's HTML for `text`, as cmark-gfm renders it: the reference the conformance tests
    /// compare Streamshot's blocks with.
    /// - Parameters:
    ///   - footnotes: read footnotes (`CMARK_OPT_FOOTNOTES`), gathered into a section at the end.
    ///   - unsafe: keep raw HTML (`CMARK_OPT_UNSAFE`) through the tag filter, as GitHub does
    ///     before its sanitiser; otherwise raw HTML is omitted.
    public static func html(_ text: String, footnotes: Bool = false, unsafe: Bool = false) throws -> String {
        let parse = footnotes ? CMARK_OPT_FOOTNOTES : CMARK_OPT_DEFAULT
        let render = parse | (unsafe ? CMARK_OPT_UNSAFE : 0)
        return try withDocument(text, options: parse, extensions: extensionNames + (unsafe ? ["tagfilter"] : [])) { document, parser in
            guard let html = cmark_render_html(document, render, cmark_parser_get_syntax_extensions(parser)) else {
                return ""
            }
            defer { free(html) }
            return String(cString: html)
        }
    }

    /// Parses `text` and hands the document to `body`, freeing everything afterwards.
    private static func withDocument<T>(
        _ text: String, options: Int32 = CMARK_OPT_DEFAULT, extensions: [String] = extensionNames,
        _ body: (OpaquePointer, OpaquePointer) -> T
    ) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        _ = registered
        guard let parser = cmark_parser_new(options) else {
            throw MarkdownError("cmark_parser_new returned NULL")
        }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            guard let syntax = cmark_find_syntax_extension(name) else {
                throw MarkdownError("cmark-gfm has no '\(name)' extension (is libcmark-gfm-extensions installed?)")
            }
            cmark_parser_attach_syntax_extension(parser, syntax)
        }
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parser_feed(parser, $0, buffer.count) }
            }
        }
        guard let document = cmark_parser_finish(parser) else {
            throw MarkdownError("cmark_parser_finish returned NULL")
        }
        defer { cmark_node_free(document) }
        return body(document, parser)
    }
}

/// cmark-gfm could not parse at all (it accepts every text; this is a missing library part).
public struct MarkdownError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
