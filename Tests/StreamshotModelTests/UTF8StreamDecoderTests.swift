import Testing

@testable import StreamshotModel

@Suite struct UTF8StreamDecoderTests {
    @Test func decodesAcrossEverySplitPoint() {
        let text = "عقد إيجار — Elite 🇸🇦 وَيَلْتَزِمُ"
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var decoder = UTF8StreamDecoder()
            let decoded = decoder.decode(bytes[..<cut]) + decoder.decode(bytes[cut...]) + decoder.finish()
            #expect(decoded == text, "split at byte \(cut)")
            #expect(decoder.invalidOffsets.isEmpty)
        }
    }

    @Test func decodesOneByteAtATime() {
        let text = "مدة هذا العقد 2026"
        var decoder = UTF8StreamDecoder()
        var decoded = ""
        for byte in text.utf8 { decoded += decoder.decode([byte]) }
        #expect(decoded + decoder.finish() == text)
    }

    @Test func reportsInvalidBytesWithTheirOffset() {
        var decoder = UTF8StreamDecoder()
        let decoded = decoder.decode([0x61, 0xFF, 0x62]) + decoder.finish()
        #expect(decoded == "a\u{FFFD}b")
        #expect(decoder.invalidOffsets == [1])
    }

    @Test func aTruncatedSequenceAtTheEndIsReported() {
        var decoder = UTF8StreamDecoder()
        let arabicAin = Array("ع".utf8)
        #expect(decoder.decode([0x61] + arabicAin.prefix(1)) == "a")
        #expect(decoder.finish() == "\u{FFFD}")
        #expect(decoder.invalidOffsets == [1])
    }
}
