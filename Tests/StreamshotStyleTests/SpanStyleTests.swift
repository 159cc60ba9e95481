import StreamshotStyle
import Testing

/// Inline styles combine as a set, each its own bit: a span can be bold, italic and a link at
/// once, and no two styles share a bit (one would silently draw as the other).
struct SpanStyleTests {
    static let every: [SpanStyle] = [
        .bold, .italic, .monospace, .strikethrough, .underline, .boxed, .url, .revealedControl,
        .superscript, .subscript, .highlight, .inserted, .accent
    ]

    @Test func everyStyleHasABitOfItsOwn() {
        let bits = Self.every.map(\.rawValue)
        #expect(bits.allSatisfy { $0.nonzeroBitCount == 1 })
        #expect(Set(bits).count == bits.count)
    }

    @Test func stylesCombineAndSeparate() {
        var style: SpanStyle = [.bold, .underline]
        #expect(style.contains(.bold) && style.contains(.underline) && !style.contains(.italic))
        style.remove(.bold)
        #expect(style == .underline)
        let span = TextSpan(bytes: 3..<9, style: [.monospace, .url])
        #expect(span.bytes.count == 6 && span.style.contains(.url))
    }
}
