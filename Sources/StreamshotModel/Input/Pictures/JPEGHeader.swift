import Foundation

/// A JPEG's size and the way it is meant to be turned, read from its markers without decoding
/// it: the frame header (SOFn) for its size, an Exif segment for its orientation — a phone's
/// camera stores a photo as the sensor saw it and says how to turn it, and a browser turns it
/// (`image-orientation: from-image`), as the chat apps do.
struct JPEGHeader {
    /// Its size as stored.
    var width = 0
    var height = 0
    /// Exif's orientation: 1 (as stored) to 8; 1 without one.
    var orientation = 1

    static let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// How far into the file its frame header is looked for: past any camera's Exif, colour
    /// profile and thumbnails, and a bound on the work an upload can ask for.
    static let searchedBytes = 4 << 20

    /// The frame headers' markers libjpeg decodes: baseline, extended and progressive, with
    /// Huffman or arithmetic coding (SOF0-2, SOF9-10). Lossless and hierarchical ones it does not.
    private static let drawnFrames: Set<UInt8> = [0xC0, 0xC1, 0xC2, 0xC9, 0xCA]
    /// Every frame header's marker: SOF0 to SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    private static let frameMarkers = Set<UInt8>(0xC0...0xCF).subtracting([0xC4, 0xC8, 0xCC])

    /// Reads the markers from after SOI up to the frame header, as libjpeg reads them: bytes
    /// between markers are skipped up to the next 0xFF, a stuffed 0xFF00 is no marker.
    /// - Throws: `InputError` saying what is missing, or what libjpeg would not draw; `name`
    ///   names the file.
    init(reading handle: FileHandle, name: String) throws {
        try handle.seek(toOffset: 0)
        let bytes = [UInt8](try handle.read(upToCount: Self.searchedBytes) ?? Data())
        let damaged = InputError("\(name) is a JPEG whose markers break off before its size: the file is cut short or damaged")
        var at = 2
        while true {
            // The next marker: an 0xFF (and any fill bytes) and a byte that is neither 0x00 nor 0xFF.
            while at < bytes.count, bytes[at] != 0xFF { at += 1 }
            while at + 1 < bytes.count, bytes[at + 1] == 0xFF { at += 1 }
            guard at + 1 < bytes.count else { throw damaged }
            let marker = bytes[at + 1]
            at += 2
            if marker == 0x00 || marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }  // no length
            if marker == 0xDA || marker == 0xD9 { throw InputError("\(name) is a JPEG without a frame header (SOF) before its image data") }
            guard at + 2 <= bytes.count else { throw damaged }
            let length = Int(bytes[at]) << 8 | Int(bytes[at + 1])
            guard length >= 2, at + length <= bytes.count else { throw damaged }
            let body = bytes[(at + 2)..<(at + length)]
            if Self.frameMarkers.contains(marker) {
                try read(frame: Array(body), marker: marker, name: name)
                return
            }
            if marker == 0xE1, orientation == 1, let turned = Self.orientation(inExif: Array(body)) { orientation = turned }
            at += length
        }
    }

    /// The frame header: its size, and whether it is a picture libjpeg draws on a screen.
    private mutating func read(frame body: [UInt8], marker: UInt8, name: String) throws {
        guard body.count >= 6 else { throw InputError("\(name) is a JPEG whose frame header is cut short") }
        let (precision, components) = (body[0], body[5])
        height = Int(body[1]) << 8 | Int(body[2])
        width = Int(body[3]) << 8 | Int(body[4])
        guard Self.drawnFrames.contains(marker) else {
            throw InputError("\(name) is a lossless or hierarchical JPEG, which browsers do not draw (save it as a baseline or progressive JPEG)")
        }
        guard precision == 8 else { throw InputError("\(name) is a \(precision)-bit JPEG (give an 8-bit one)") }
        guard components == 1 || components == 3 else {
            let what = components == 4 ? "a CMYK JPEG, which is made for print" : "a JPEG of \(components) colour components"
            throw InputError("\(name) is \(what) (save it as RGB or grayscale)")
        }
    }

    /// The orientation tag (0x0112) of an APP1 segment's Exif data, when it holds a valid one.
    static func orientation(inExif segment: [UInt8]) -> Int? {
        guard segment.count > 14, segment.starts(with: Array("Exif".utf8) + [0, 0]) else { return nil }
        let tiff = Array(segment[6...])
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true  // "II"
        case (0x4D, 0x4D): littleEndian = false  // "MM"
        default: return nil
        }
        func number(at offset: Int, bytes: Int) -> Int? {
            guard offset >= 0, offset + bytes <= tiff.count else { return nil }
            let slice = tiff[offset..<(offset + bytes)]
            return (littleEndian ? Array(slice.reversed()) : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard number(at: 2, bytes: 2) == 42, let directory = number(at: 4, bytes: 4), let entries = number(at: directory, bytes: 2) else {
            return nil
        }
        for entry in 0..<entries {
            let at = directory + 2 + entry * 12
            guard let tag = number(at: at, bytes: 2) else { return nil }
            // A SHORT (type 3), its value in the entry's first two value bytes.
            if tag == 0x0112, number(at: at + 2, bytes: 2) == 3, let value = number(at: at + 8, bytes: 2), (1...8).contains(value) {
                return value
            }
        }
        return nil
    }
}
