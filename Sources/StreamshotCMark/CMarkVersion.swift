import CCmarkGFM

/// The cmark-gfm this process runs on, as it reports itself at run time: `0.29.0.gfm.6`.
public enum CMarkVersion {
    public static var runtime: String { String(cString: cmark_version_string()) }
}
