import Foundation
import StreamshotManifest
import StreamshotOptions

/// What a run under GitHub Actions adds to its output: error annotations (workflow commands,
/// which the runner reads from the step's output and pins to the run, or to a file's line in the
/// pull request) and Markdown appended to the job summary. Present only when `GITHUB_ACTIONS` is
/// `true`, as the runner sets it.
public struct GitHubActions: Sendable {
    /// `$GITHUB_STEP_SUMMARY`: the file the job summary is appended to.
    public var summaryPath: String?
    /// `$GITHUB_WORKSPACE`: annotation paths are made relative to it, as a pull request names files.
    public var workspace: String?
    /// Where workflow commands are written: standard error, so a command's own output on
    /// standard output (`check --json`) stays what it was.
    public var emit: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }

    /// From this process's environment.
    public init?() {
        self.init(environment: ProcessInfo.processInfo.environment)
    }

    public init?(environment: [String: String]) {
        guard environment["GITHUB_ACTIONS"] == "true" else { return nil }
        summaryPath = environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
        workspace = environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An `::error` annotation: `title` is its heading, `file` and `line` pin it to a line.
    public func error(_ message: String, title: String, file: String? = nil, line: Int? = nil) {
        var properties = ["title=" + Self.escapedProperty(title)]
        if let file { properties.insert("file=" + Self.escapedProperty(relative(file)), at: 0) }
        if let line, file != nil { properties.insert("line=\(line)", at: 1) }
        emit("::error \(properties.joined(separator: ","))::\(Self.escapedData(message))")
    }

    /// Appends Markdown to the job summary (nothing without `$GITHUB_STEP_SUMMARY`).
    public func appendSummary(_ markdown: String) throws {
        guard let summaryPath else { return }
        if !FileManager.default.fileExists(atPath: summaryPath) {
            guard FileManager.default.createFile(atPath: summaryPath, contents: nil) else {
                throw InputError("\(summaryPath): cannot create the job summary (GITHUB_STEP_SUMMARY)")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: summaryPath) else {
            throw InputError("\(summaryPath): cannot write the job summary (GITHUB_STEP_SUMMARY)")
        }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((markdown.hasSuffix("\n") ? markdown : markdown + "\n").utf8))
    }

    /// A path as the pull request names it: relative to the workspace when inside it.
    public func relative(_ path: String) -> String {
        guard let workspace else { return path }
        let root = workspace.hasSuffix("/") ? workspace : workspace + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// A command's message: `%`, carriage returns and line feeds escaped as the runner unescapes them.
    static func escapedData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A command's property value: as a message, and `:` and `,` too, which end a property.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// A Markdown table cell: one line, its pipes escaped.
    public static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
}
