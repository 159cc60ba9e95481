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

extension Playback {
    /// Every block the client model parses from `text` revealed in `steps` even steps, as it
    /// streams, then whole: what a fuzzer (and a test of the Markdown stage) needs without Pango.
    public static func streamedBlocks(_ text: String, steps: Int, appLanguage: AppLanguage = .english) -> [Block] {
        var arrived = ArrivedText()
        arrived.append(text)
        var document = RevealedDocument()
        document.reading.alertTitles = appLanguage
        let stride = max(1, arrived.count / max(1, steps))
        for revealed in Swift.stride(from: 0, to: arrived.count, by: stride) {
            document.parse(arrived, revealed: revealed, allShown: false, timer: nil)
            _ = document.changes(streaming: true)
        }
        arrived.ended = true
        document.parse(arrived, revealed: arrived.count, allShown: true, timer: nil)
        return document.blocks
    }
}
