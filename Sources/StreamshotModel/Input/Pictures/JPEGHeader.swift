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

    /// The frame headers' markers: SOF0 to SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    private static let frameMarkers = Set<UInt8>(0xC0...0xCF).subtracting([0xC4, 0xC8, 0xCC])

    /// Reads the markers from after SOI up to the frame header.
    /// - Throws: `InputError` saying what is missing; `name` names the file.
    init(reading handle: FileHandle, name: String) throws {
        let damaged = InputError("\(name) is a JPEG whose markers break off before its size: the file is cut short or damaged")
        var offset: UInt64 = 2
        while true {
            try handle.seek(toOffset: offset)
            guard let head = try handle.read(upToCount: 4).map(Array.init), head.count == 4, head[0] == 0xFF else { throw damaged }
            let marker = head[1]
            if marker == 0xFF {  // a fill byte before the marker
                offset += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {  // markers without a length
                offset += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { throw InputError("\(name) is a JPEG without a frame header (SOF) before its image data") }
            let length = Int(head[2]) << 8 | Int(head[3])
            guard length >= 2 else { throw damaged }
            if Self.frameMarkers.contains(marker) {
                // Precision, then the height and the width.
                guard length >= 7, let body = try handle.read(upToCount: 5), body.count == 5 else { throw damaged }
                height = Int(body[body.startIndex + 1]) << 8 | Int(body[body.startIndex + 2])
                width = Int(body[body.startIndex + 3]) << 8 | Int(body[body.startIndex + 4])
                return
            }
            if marker == 0xE1, orientation == 1, let body = try handle.read(upToCount: length - 2).map(Array.init),
                let turned = Self.orientation(inExif: body)
            {
                orientation = turned
            }
            offset += 2 + UInt64(length)
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
