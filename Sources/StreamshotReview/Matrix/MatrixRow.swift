public import Streamshot

/// One cell of a matrix as `matrix.json` records it: which input and values, what the render
/// made, what `check` found, how long each took, and where its files are (relative to the
/// matrix's folder).
public struct MatrixRow: Codable, Sendable, Equatable {
    /// The input as given.
    public var input: String
    /// The cell's name (`iphone-se_AX3_dark`): its folder is `<input name>/<cell>`.
    public var cell: String
    /// The cell's values as one line: `iphone-se · AX3 · dark`.
    public var title: String
    /// The cell's values by dimension: `{"device": "iphone-se", "text-size": "AX3"}`.
    public var values: MatrixAxes<String>
    /// The render's options as the CLI takes them: the cell's values after the shared ones.
    public var arguments: [String]
    public var folder: String
    public var frames: Int
    public var distinctFrames: Int
    public var check: Check
    /// Wall-clock milliseconds: the render, then check and the cell's report.
    public var renderMs: Double
    public var reviewMs: Double
    /// The final frame and a key moment as small images, and the cell's own report.
    public var finalThumbnail: String
    public var keyThumbnail: String
    /// Why that moment: a failing rule's frame, else the middle of the stream.
    public var keyMoment: String
    public var report: String
    /// Set when the cell could not be rendered (a bad input): the cell fails.
    public var error: String?

    public struct Check: Codable, Sendable, Equatable {
        public var passed: Bool
        /// The detectors whose rule failed, by name.
        public var failing: [String]
        public var findings: Int
    }

    /// Whether the cell passes: rendered, and `check` passed.
    public var passed: Bool { error == nil && check.passed }
}
