import Foundation
import Streamshot

/// Jobs stored before the render spec kept their options as `streamshot render` arguments, a
/// JSON array (`["--client=haqq-mobile","--max-frames","20000"]`); since then the column is
/// `spec` and holds the spec's JSON object. Both stores convert their rows once, in a schema
/// migration (SQLite "v3: render specs", PostgreSQL 4), and a row read in the old shape is still
/// read (`spec(fromStored:)`), so a job queued before an upgrade renders after it.
enum StoredSpecMigration {
    /// The spec a stored column's text holds: a spec's JSON, or the arguments of old.
    /// Arguments that no longer read (an option since removed) make an empty spec, not a lost job.
    static func spec(fromStored text: String) -> RenderSpec {
        let data = Data(text.utf8)
        if let spec = try? RenderSpec(json: data, in: RenderSettings.descriptors) { return spec }
        guard let arguments = try? JSONDecoder().decode([String].self, from: data) else { return RenderSpec() }
        return (try? RenderSpec.parse(arguments, in: RenderSettings.descriptors).spec) ?? RenderSpec()
    }

    /// The column's text for `spec`: its JSON, keys sorted so the same options store the same bytes.
    static func storedText(_ spec: RenderSpec) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(spec), as: UTF8.self)
    }

    /// A stored text in the current shape (unchanged when it already is).
    static func converted(_ text: String) throws -> String {
        try storedText(spec(fromStored: text))
    }
}
