import StreamshotGraphics

/// Inline code, addresses and formulas read left to right as one unit whatever the paragraph around them:
/// `git commit -m "تعديل البند"` inside Arabic keeps its argument after `-m`, and a URL never has
/// its parts reordered by the Arabic around it. Layout sets each such run as an LTR isolate
/// (LRI ... PDI, UAX #9), as `<code dir="ltr">` and `<bdi>` do in a browser. The marks are added
/// to the text Pango lays out only; the block's text (the manifest's) is unchanged.
enum BidiIsolation {
    static let leftToRightIsolate: Unicode.Scalar = "\u{2066}"
    static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"
    static let isolated: SpanStyle = [.monospace, .url, .revealedControl, .math, .leftToRight, .citation]

    /// `text` with every code or address span wrapped in an LTR isolate, its spans moved to match.
    static func isolatingRuns(_ text: StyledText) -> StyledText {
        let runs = isolatedRuns(text.spans)
        guard !runs.isEmpty else { return text }
        let utf8 = Array(text.text.utf8)
        let markBytes = String(leftToRightIsolate).utf8.count
        var bytes: [UInt8] = []
        var cursor = 0
        for run in runs {
            bytes += utf8[cursor..<run.lowerBound] + Array(String(leftToRightIsolate).utf8)
            bytes += utf8[run] + Array(String(popDirectionalIsolate).utf8)
            cursor = run.upperBound
        }
        bytes += utf8[cursor...]
        // Every byte at or after a run's start moves by the marks inserted before it.
        func moved(_ offset: Int, isEnd: Bool) -> Int {
            let opened = runs.filter { isEnd ? $0.lowerBound < offset : $0.lowerBound <= offset }.count
            let closed = runs.filter { isEnd ? $0.upperBound < offset : $0.upperBound <= offset }.count
            return offset + (opened + closed) * markBytes
        }
        let spans = text.spans.map { span in
            TextSpan(bytes: moved(span.bytes.lowerBound, isEnd: false)..<moved(span.bytes.upperBound, isEnd: true), style: span.style)
        }
        return StyledText(String(decoding: bytes, as: UTF8.self), spans: spans)
    }

    /// Where `isolatingRuns` inserts its marks, as byte offsets into the text it returns, ascending
    /// (so a line of the laid-out text can be traced back to the block's text, `PieceSource`).
    static func addedMarks(_ spans: [TextSpan]) -> [Int] {
        let markBytes = String(leftToRightIsolate).utf8.count
        return isolatedRuns(spans).enumerated().flatMap { index, run in
            [run.lowerBound + 2 * index * markBytes, run.upperBound + (2 * index + 1) * markBytes]
        }
    }

    /// The byte ranges to isolate: each maximal run of adjacent code or address spans, in order.
    private static func isolatedRuns(_ spans: [TextSpan]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for span in spans.sorted(by: { $0.bytes.lowerBound < $1.bytes.lowerBound })
        where !span.style.isDisjoint(with: isolated) && !span.bytes.isEmpty {
            if let last = runs.last, span.bytes.lowerBound <= last.upperBound {
                runs[runs.count - 1] = last.lowerBound..<max(last.upperBound, span.bytes.upperBound)
            } else {
                runs.append(span.bytes)
            }
        }
        return runs
    }
}
