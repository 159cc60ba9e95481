/// A transcript played to its end without rendering: what a fuzzer and a quick look need
/// (`StreamPlayback` itself belongs to the frame loop).
public enum Playback {
    /// - Returns: the text that arrived by the end, and the playback's warnings.
    public static func finalText(_ transcript: Transcript) -> (text: String, warnings: [RenderWarning]) {
        var playback = StreamPlayback(transcript)
        for time in [0, playback.endMs / 2, playback.endMs] { _ = playback.advance(to: time) }
        return (String(String.UnicodeScalarView(playback.text.scalars)), playback.warnings)
    }
}
