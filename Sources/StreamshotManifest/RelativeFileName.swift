/// A file name a manifest or a failure record may give for a file beside it: a relative path
/// that stays inside its folder. Pages link these names and tools open them, so a crafted one
/// must not reach `/etc/passwd`, `../../x` or `javascript:`.
public enum RelativeFileName {
    /// Relative, inside the folder: not absolute, no URL scheme (no `:`), no `..` step out, no
    /// empty step, no backslash, no control character.
    public static func isInside(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains(":"), !name.contains("\\") else { return false }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return false }
        return !name.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0.isEmpty }
    }
}
