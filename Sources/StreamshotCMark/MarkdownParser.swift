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

    /// GitHub's HTML for `text`, as cmark-gfm renders it: the reference the conformance test
    /// compares Streamshot's blocks with.
    public static func html(_ text: String) throws -> String {
        try withDocument(text) { document, parser in
            guard let html = cmark_render_html(document, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser)) else {
                return ""
            }
            defer { free(html) }
            return String(cString: html)
        }
    }

    /// Parses `text` and hands the document to `body`, freeing everything afterwards.
    private static func withDocument<T>(_ text: String, _ body: (OpaquePointer, OpaquePointer) -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        _ = registered
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else {
            throw MarkdownError("cmark_parser_new returned NULL")
        }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
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
