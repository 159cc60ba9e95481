public import Foundation

/// The languages code is highlighted in: GtkSourceView's definitions bundled with Streamshot
/// (`Languages/`, from GtkSourceView 5.6.2, LGPL-2.1-or-later: `Languages/COPYRIGHT`), so the
/// colours are the same on every machine whatever it has installed. A fence's info string
/// (`python`, `py`, `TypeScript`, `c++`) names one; anything else stays plain.
public final class LanguageLibrary: @unchecked Sendable {
    /// The library of the bundled definitions, shared by the process (none found: code stays plain).
    public static let bundled = LanguageLibrary(directory: bundledDirectory())

    /// Where the bundled definitions are: the resource folder SwiftPM puts beside the executable
    /// (`…_StreamshotHighlight.resources`), else this checkout's own `Languages/`. Not
    /// `Bundle.module`, which stops the process when the executable was moved without it.
    static func bundledDirectory() -> URL? {
        let files = FileManager.default
        let places = [Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.bundleURL].compactMap { $0 }
        for place in places {
            let names = (try? files.contentsOfDirectory(atPath: place.path)) ?? []
            if let resources = names.sorted().first(where: { $0.hasSuffix("_StreamshotHighlight.resources") }) {
                let languages = place.appendingPathComponent(resources).appendingPathComponent("Languages")
                if files.fileExists(atPath: languages.path) { return languages }
            }
        }
        // This file is Sources/StreamshotHighlight/LanguageLibrary.swift in the checkout.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Languages")
        return files.fileExists(atPath: checkout.path) ? checkout : nil
    }

    /// A fence's language, lowercased, and the definition it is highlighted with.
    static let aliases: [String: String] = {
        var aliases: [String: String] = [:]
        let names: [(String, [String])] = [
            ("python3", ["python", "py", "python3", "py3", "gyp", "pyi"]),
            ("js", ["javascript", "js", "jsx", "mjs", "cjs", "node"]),
            ("typescript", ["typescript", "ts", "tsx", "mts", "cts"]),
            ("json", ["json", "jsonc", "json5", "geojson"]),
            ("sh", ["sh", "bash", "shell", "zsh", "shellscript", "console", "ksh"]),
            ("swift", ["swift"]), ("kotlin", ["kotlin", "kt", "kts"]), ("java", ["java"]),
            ("sql", ["sql", "mysql", "postgresql", "postgres", "psql", "sqlite", "plsql", "tsql"]),
            ("yaml", ["yaml", "yml"]), ("html", ["html", "htm", "xhtml"]), ("xml", ["xml", "svg", "plist", "xsd", "rss", "atom"]),
            ("c", ["c", "h"]), ("cpp", ["cpp", "c++", "cc", "cxx", "hpp", "hh", "hxx"]), ("go", ["go", "golang"]),
            ("rust", ["rust", "rs"]), ("dart", ["dart"]), ("php", ["php"]), ("ruby", ["ruby", "rb", "gemspec"]),
            ("c-sharp", ["csharp", "cs", "c#", "dotnet"]), ("markdown", ["markdown", "md", "mkd"]), ("diff", ["diff", "patch", "udiff"]),
            ("css", ["css"])
        ]
        for (language, spellings) in names {
            for spelling in spellings { aliases[spelling] = language }
        }
        return aliases
    }()

    private let files: [String: URL]
    private var grammars: [String: Grammar] = [:]
    private var failures: [String: HighlightError] = [:]
    private let lock = NSLock()

    /// The definitions in `directory` (`*.lang`), by the language id each declares.
    public init(directory: URL?) {
        var files: [String: URL] = [:]
        let names = directory.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        for name in names.sorted() where name.hasSuffix(".lang") {
            guard let url = directory?.appendingPathComponent(name), let id = Self.declaredId(url) else { continue }
            files[id] = url
        }
        self.files = files
    }

    /// The language a fence's info string names (its first word, any case), nil for one not bundled.
    public static func language(forFence info: String) -> String? {
        let word = info.split(whereSeparator: { $0.isWhitespace || $0 == "{" || $0 == "," }).first.map { $0.lowercased() } ?? ""
        return aliases[word.hasPrefix(".") ? String(word.dropFirst()) : word]
    }

    /// The grammar of language `id`, built once per process.
    /// - Throws: `HighlightError` when its definition does not read or a pattern does not compile.
    public func grammar(_ id: String) throws -> Grammar {
        lock.lock()
        defer { lock.unlock() }
        if let grammar = grammars[id] { return grammar }
        if let failure = failures[id] { throw failure }
        do {
            let grammar = try Grammar(language: id, load: file)
            grammars[id] = grammar
            return grammar
        } catch let error as HighlightError {
            failures[id] = error
            throw error
        }
    }

    /// The definition of language `id`, read from its file.
    private func file(_ id: String) throws -> LanguageFile {
        guard let url = files[id], let data = FileManager.default.contents(atPath: url.path) else {
            throw HighlightError.definition(id, "no definition of this language is bundled")
        }
        return try LanguageFile.read(data, name: url.lastPathComponent)
    }

    /// The id a file's `<language id="…">` declares, read from its head.
    private static func declaredId(_ url: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 16384), as: UTF8.self)
        guard let tag = head.range(of: "<language id=\"") else { return nil }
        return head[tag.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }
}
