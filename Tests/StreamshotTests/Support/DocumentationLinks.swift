import Foundation

/// Where the relative links of the repository's Markdown lead: each must name a file or folder
/// of the repository, and a `#anchor` a heading of the Markdown file it names (or of its own).
enum DocumentationLinks {
    /// README.md and every Markdown file under docs/, as paths from `root`, sorted.
    static func documents(root: URL) -> [String] {
        let docs = root.appendingPathComponent("docs")
        let found = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
        return ["README.md"] + found.filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }.sorted()
    }

    /// One line per link of `document` that leads nowhere, naming its line, the link and why.
    static func problems(in document: String, root: URL) throws -> [String] {
        let file = root.appendingPathComponent(document)
        let parsed = MarkdownDocument(try String(contentsOf: file, encoding: .utf8))
        return parsed.links.compactMap { link in
            problem(link.target, from: file, own: parsed, root: root).map { "line \(link.line): \(link.target): \($0)" }
        }
    }

    /// The links and written-out addresses of `document` that leave the repository (not fetched: the tests have no network).
    static func external(in document: String, root: URL) throws -> [String] {
        let parsed = MarkdownDocument(try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8))
        return parsed.links.map(\.target).filter(isExternal) + parsed.bareURLs
    }

    static func isExternal(_ target: String) -> Bool {
        target.contains("://") || target.hasPrefix("mailto:")
    }

    static func problem(_ target: String, from file: URL, own: MarkdownDocument, root: URL) -> String? {
        if isExternal(target) { return nil }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let path = parts[0].removingPercentEncoding ?? parts[0]
        if path.hasPrefix("/") { return "an absolute path; GitHub reads it from the site's root, so write it relative to this file" }
        let resolved = path.isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
        let relative = resolved.path.replacingOccurrences(of: root.standardizedFileURL.path + "/", with: "")
        guard resolved.path.hasPrefix(root.standardizedFileURL.path + "/") else { return "leads outside the repository" }
        guard FileManager.default.fileExists(atPath: resolved.path) else { return "no file or folder \(relative)" }
        guard parts.count == 2 else { return nil }
        let anchor = parts[1]
        guard resolved.pathExtension == "md" else { return "an anchor into \(relative), which is not Markdown" }
        let anchors =
            path.isEmpty
            ? own.anchors
            : ((try? String(contentsOf: resolved, encoding: .utf8)).map { MarkdownDocument($0).anchors } ?? [])
        guard !anchors.contains(anchor) else { return nil }
        return "no heading of \(relative) has the anchor #\(anchor) (its anchors: \(anchors.joined(separator: ", ")))"
    }
}
