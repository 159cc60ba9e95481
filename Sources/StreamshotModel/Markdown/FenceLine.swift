import Foundation

/// A code fence line (``` or ~~~): up to three spaces, a run of three or more backticks or
/// tildes, then an info string (a backtick fence's may not contain a backtick).
///
/// The one place that knows the syntax: block scanning opens and closes code blocks with it,
/// and pacing uses it to keep cuts inside code at line ends.
struct FenceLine: Equatable, Sendable {
    /// The shortest run that makes a fence.
    static let minimumLength = 3

    /// "`" or "~".
    package var marker: Unicode.Scalar
    /// The length of the run.
    package var length: Int
    /// The info string (a code block's language), trimmed of whitespace.
    package var info: String
    /// Only whitespace follows the run: only a bare fence can close a block.
    var isBare: Bool

    /// The fence on `line`, or nil if it is not a fence line.
    /// - Parameter line: the line without its newline (a trailing "\r" counts as whitespace).
    package static func parse(_ line: ArraySlice<Unicode.Scalar>) -> FenceLine? {
        let body = line.drop { $0 == " " }
        guard line.count - body.count <= 3, let marker = body.first, marker == "`" || marker == "~" else { return nil }
        let length = body.prefix { $0 == marker }.count
        guard length >= minimumLength else { return nil }
        let rest = body.dropFirst(length)
        if marker == "`" && rest.contains("`") { return nil }
        return FenceLine(
            marker: marker, length: length,
            info: String(String.UnicodeScalarView(rest)).trimmingCharacters(in: .whitespaces),
            isBare: rest.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" })
    }

    /// Whether this line closes the block `opening` began: a bare run of the same marker, at least as long.
    package func closes(_ opening: FenceLine) -> Bool {
        isBare && marker == opening.marker && length >= opening.length
    }
}
