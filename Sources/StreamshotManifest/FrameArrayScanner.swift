import Foundation
import StreamshotOptions

/// Reads a manifest file's bytes once, in chunks, without building it as a whole: everything but
/// the top-level `frames` array's elements is kept (the header, with `"frames":[]`), and each
/// element's bytes are handed on as soon as they end. A render's manifest holds its frames one
/// per line, but any JSON layout reads the same way: the scanner follows JSON's structure
/// (strings, escapes, nesting), not lines.
struct FrameArrayScanner {
    /// The bytes of the manifest with its frames left out.
    private(set) var header: [UInt8] = []
    /// How many elements the frames array had.
    private(set) var frameCount = 0

    private var depth = 0
    private var inString = false
    private var escaped = false
    /// At depth 1, the bytes of the string being read and whether it is in a key's place.
    private var expectingKey = false
    private var currentKey: [UInt8] = []
    private var lastKey: [UInt8] = []
    /// Inside the top-level `frames` array (its brackets excluded).
    private var inFrames = false
    private var element: [UInt8] = []
    private static let framesKey = Array("frames".utf8)

    /// Reads `path` to its end, calling `frame` with each element's bytes and position, in order.
    /// - Throws: `InputError` when the file cannot be read or its JSON ends before it closes;
    ///   whatever `frame` throws.
    static func scan(_ path: String, frame: ([UInt8], Int) throws -> Void = { _, _ in }) throws -> FrameArrayScanner {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw InputError("\(path): no such manifest") }
        guard !isDirectory.boolValue else { throw InputError("\(path): a folder, not a manifest (a render folder holds manifest.json)") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw InputError("\(path): cannot read the manifest") }
        defer { try? handle.close() }
        var scanner = FrameArrayScanner()
        func read() throws -> Data? {
            do { return try handle.read(upToCount: 1 << 20) } catch {
                throw InputError("\(path): cannot read the manifest (\(error.localizedDescription))")
            }
        }
        while let chunk = try read(), !chunk.isEmpty {
            try chunk.withUnsafeBytes { bytes in
                for byte in bytes { try scanner.consume(byte, frame: frame) }
            }
        }
        if scanner.depth != 0 || scanner.inString {
            throw InputError("\(path): not a Streamshot manifest: the JSON ends before it closes")
        }
        return scanner
    }

    private mutating func consume(_ byte: UInt8, frame: ([UInt8], Int) throws -> Void) throws {
        if inFrames, depth >= 2 {
            try consumeInFrames(byte, frame: frame)
            return
        }
        header.append(byte)
        if inString {
            trackString(byte)
            if depth == 1, expectingKey {
                if inString {
                    currentKey.append(byte)
                } else {
                    lastKey = Self.unescaped(currentKey)
                    expectingKey = false
                }
            }
            return
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
            if depth == 1, expectingKey { currentKey = [] }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            if depth == 1 { expectingKey = byte == UInt8(ascii: "{") }
            if depth == 2, byte == UInt8(ascii: "["), lastKey == Self.framesKey { inFrames = true }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
        case UInt8(ascii: ","):
            if depth == 1 { expectingKey = true }
        default:
            break
        }
    }

    /// Inside the frames array: elements are collected, not kept in the header.
    private mutating func consumeInFrames(_ byte: UInt8, frame: ([UInt8], Int) throws -> Void) throws {
        if inString {
            element.append(byte)
            trackString(byte)
            return
        }
        if depth == 2 {
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") {
                try endElement(frame: frame)
                if byte == UInt8(ascii: "]") {
                    depth = 1
                    inFrames = false
                    lastKey = []
                    header.append(byte)
                }
                return
            }
            if element.isEmpty, Self.isWhitespace(byte) { return }
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
        element.append(byte)
    }

    private mutating func endElement(frame: ([UInt8], Int) throws -> Void) throws {
        while let last = element.last, Self.isWhitespace(last) { element.removeLast() }
        guard !element.isEmpty else { return }
        try frame(element, frameCount)
        frameCount += 1
        element.removeAll(keepingCapacity: true)
    }

    /// A byte inside a string: an escape's, or the closing quote's (the string ends).
    private mutating func trackString(_ byte: UInt8) {
        if escaped {
            escaped = false
        } else if byte == UInt8(ascii: "\\") {
            escaped = true
        } else if byte == UInt8(ascii: "\"") {
            inString = false
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    /// A key as JSON means it (`"fr\u0061mes"` is `frames`): its bytes, escapes decoded.
    private static func unescaped(_ key: [UInt8]) -> [UInt8] {
        guard key.contains(UInt8(ascii: "\\")),
            let decoded = try? JSONSerialization.jsonObject(
                with: Data([UInt8(ascii: "\"")] + key + [UInt8(ascii: "\"")]),
                options: .fragmentsAllowed) as? String
        else { return key }
        return Array(decoded.utf8)
    }
}
