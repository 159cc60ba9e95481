import StreamshotStyle

/// The text as a client that renders no Markdown shows it: one block holding every character
/// that arrived, as one SwiftUI `Text` holds the whole answer.
enum RawText {
    /// The one block of raw text. `shadesCode`: closed ``` regions get a grey background.
    package static func block(_ scalars: ArraySlice<Unicode.Scalar>, isFinished: Bool, shadesCode: Bool) -> Block {
        let text = String(String.UnicodeScalarView(scalars))
        let spans = shadesCode ? fencedRegions(text).map { TextSpan(bytes: $0, style: .boxed) } : []
        return Block(
            id: 0, kind: .paragraph, content: StyledText(text, spans: spans), isFinished: isFinished,
            sourceStart: scalars.startIndex, contentStart: scalars.startIndex)
    }

    /// The UTF-8 byte ranges the note's regex ```` ```[\s\S]*?``` ```` matches: from a ``` to the
    /// next ```, fences included, left to right without overlap. A fence still open matches
    /// nothing, so a code region is shaded only once its closing fence has arrived.
    static func fencedRegions(_ text: String) -> [Range<Int>] {
        let bytes = Array(text.utf8)
        let tick = UInt8(ascii: "`")
        func fence(from start: Int) -> Int? {
            var index = start
            while index + 2 < bytes.count {
                if bytes[index] == tick, bytes[index + 1] == tick, bytes[index + 2] == tick { return index }
                index += 1
            }
            return nil
        }
        var regions: [Range<Int>] = []
        var from = 0
        while let open = fence(from: from), let close = fence(from: open + 3) {
            regions.append(open..<(close + 3))
            from = close + 3
        }
        return regions
    }
}
