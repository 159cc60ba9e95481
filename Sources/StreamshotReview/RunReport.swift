import Foundation

/// One offline page for a test run's failing golden assertions, from the artifacts folder the
/// testing library writes (`.build/streamshot-artifacts`, or `$STREAMSHOT_ARTIFACTS`): every
/// `failure.json` in it, in the order of their folders, with its images by relative path, so the page works
/// where the folder is opened, and inside a zipped CI artifact.
///
/// The page is put together in `RunReport+Page.swift`; its look and behaviour are in
/// `RunReport+Style.swift`.
public enum RunReport {
    /// One failing assertion's record and where it lies.
    public struct Entry: Sendable, Equatable {
        /// The record's folder, relative to the artifacts folder (`LeaseTests/Phone/streams`).
        public var folder: String
        public var record: FailureRecord
    }

    /// What an artifacts folder holds: the records, and the files that could not be read as one.
    public struct Contents: Sendable, Equatable {
        public var entries: [Entry]
        public var unreadable: [String]
    }

    /// The name of the page when no other is asked for, in the artifacts folder.
    public static let defaultName = "report.html"

    /// - Throws: `ReportError` when `directory` is not a folder.
    public static func collect(in directory: String) throws -> Contents {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw ReportError("\(directory): no such folder (the artifacts folder is written when a golden test fails)")
        }
        guard isDirectory.boolValue else { throw ReportError("\(directory): not a folder") }
        let files = (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
            .filter { ($0 as NSString).lastPathComponent == FailureRecord.fileName }
            .sorted { ($0 as NSString).deletingLastPathComponent < ($1 as NSString).deletingLastPathComponent }
        var contents = Contents(entries: [], unreadable: [])
        for file in files {
            do {
                let record = try FailureRecord.read(from: directory + "/" + file)
                contents.entries.append(Entry(folder: (file as NSString).deletingLastPathComponent, record: record))
            } catch {
                contents.unreadable.append("\(error)")
            }
        }
        return contents
    }

    /// Writes the page for the records in `artifacts`.
    /// - Parameter output: the page's path; default `artifacts/report.html`.
    /// - Returns: the page's path and what it lists.
    /// - Throws: `ReportError` when `artifacts` is not a folder; file-system errors writing the page.
    @discardableResult
    public static func write(artifacts: String, to output: String? = nil) throws -> (path: String, contents: Contents) {
        let contents = try collect(in: artifacts)
        let path = output ?? (artifacts as NSString).appendingPathComponent(defaultName)
        let base = relativePath(from: (path as NSString).deletingLastPathComponent, to: artifacts)
        let page = html(contents, artifactsName: artifacts, linkBase: base)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(page.utf8).write(to: URL(fileURLWithPath: path))
        return (path, contents)
    }

    /// `target` as seen from the folder `base`: `""` when they are one, else `../x/` and the like
    /// (ending in `/`), by the paths' components (absolute, standardized; links not followed).
    static func relativePath(from base: String, to target: String) -> String {
        let from = URL(fileURLWithPath: base).standardizedFileURL.pathComponents
        let to = URL(fileURLWithPath: target).standardizedFileURL.pathComponents
        let shared = zip(from, to).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: from.count - shared) + to[shared...]
        return parts.map { $0 + "/" }.joined()
    }

    /// A relative file path as a URL path: each component percent-encoded (`#`, `?`, `%`, spaces).
    static func urlPath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;")
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0 == ".." ? ".." : (String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0)) }
            .joined(separator: "/")
    }
}
