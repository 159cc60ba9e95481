/// The methods each path takes, read from the OpenAPI document (whose paths a test keeps equal
/// to the router's), so that a method a known path does not take is a `405` with `Allow`, not a `404`.
enum RouteMethods {
    /// Each documented path, split into segments (`{id}` matches any one), with its methods.
    private static let templates: [(segments: [Substring], methods: Set<String>)] = {
        let paths = OpenAPIDocument.document["paths"] as? [String: [String: Any]] ?? [:]
        return paths.map { path, operations in (path.split(separator: "/"), Set(operations.keys.map { $0.uppercased() })) }
    }()

    /// - Returns: the methods `path` takes, sorted; nil for a path no route has.
    static func allowed(_ path: String) -> [String]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var methods: Set<String> = []
        for template in templates where matches(template.segments, segments) { methods.formUnion(template.methods) }
        return methods.isEmpty ? nil : methods.sorted()
    }

    private static func matches(_ template: [Substring], _ segments: ArraySlice<Substring>) -> Bool {
        guard template.count == segments.count else { return false }
        return zip(template, segments).allSatisfy { pattern, segment in
            pattern.hasPrefix("{") ? !segment.isEmpty : pattern == segment
        }
    }
}
