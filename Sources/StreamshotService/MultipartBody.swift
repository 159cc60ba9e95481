import Foundation

/// A `multipart/form-data` body (RFC 7578) as the service takes a stream with its pictures: one
/// part named `stream` (its own Content-Type says what it is, as a whole body's does) and any
/// number named `image`, each a PNG or JPEG whose file name the answer's image addresses end in.
struct MultipartBody {
    struct Part {
        var name: String
        var fileName: String?
        var contentType: String?
        var bytes: [UInt8]
    }

    let parts: [Part]

    /// The boundary a `multipart/form-data` Content-Type declares; nil for any other type.
    /// - Throws: `Problem` 400 for a multipart type without a boundary.
    static func boundary(contentType: String?) throws -> String? {
        guard let contentType else { return nil }
        let fields = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.first?.lowercased() == "multipart/form-data" else { return nil }
        guard let field = fields.dropFirst().first(where: { $0.lowercased().hasPrefix("boundary=") }) else {
            throw Problem.badRequest("Content-Type multipart/form-data needs its boundary (boundary=…)")
        }
        let boundary = field.dropFirst("boundary=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        guard !boundary.isEmpty, boundary.count <= 70 else { throw Problem.badRequest("multipart boundary: 1 to 70 characters (RFC 2046)") }
        return boundary
    }

    /// - Throws: `Problem` 400 naming the part and what is wrong: no closing delimiter, a part
    ///   without headers or without a name.
    init(_ body: [UInt8], boundary: String) throws {
        let delimiter = Array("--\(boundary)".utf8)
        var starts = Self.occurrences(of: delimiter, in: body)
        guard let first = starts.first else { throw Problem.badRequest("the multipart body has no --\(boundary) delimiter") }
        starts.removeFirst()
        var parts: [Part] = []
        var from = first + delimiter.count
        for next in starts {
            // A part runs from after its delimiter line to the CRLF before the next delimiter.
            guard body[from...].starts(with: [13, 10]) else { break }
            let end = next >= 2 && body[(next - 2)..<next].elementsEqual([13, 10]) ? next - 2 : next
            parts.append(try Self.part(body[(from + 2)..<max(from + 2, end)], index: parts.count + 1))
            from = next + delimiter.count
        }
        guard body[from...].starts(with: Array("--".utf8)) else {
            throw Problem.badRequest("the multipart body does not end with --\(boundary)--: it was cut short")
        }
        self.parts = parts
    }

    /// One part: its headers, a blank line, its bytes.
    private static func part(_ bytes: ArraySlice<UInt8>, index: Int) throws -> Part {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let blank = occurrences(of: separator, in: bytes, limit: 1).first else {
            throw Problem.badRequest("multipart part \(index): no blank line after its headers")
        }
        let headerText = String(decoding: bytes[bytes.startIndex..<blank], as: UTF8.self)
        var disposition: String?
        var contentType: String?
        for line in headerText.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch line[..<colon].lowercased() {
            case "content-disposition": disposition = value
            case "content-type": contentType = value
            default: break
            }
        }
        guard let disposition, let name = parameter("name", in: disposition) else {
            throw Problem.badRequest("multipart part \(index): no Content-Disposition: form-data; name=\"…\"")
        }
        return Part(name: name, fileName: parameter("filename", in: disposition), contentType: contentType, bytes: Array(bytes[(blank + 4)...]))
    }

    /// A `key="value"` (or unquoted) parameter of a header value.
    private static func parameter(_ key: String, in header: String) -> String? {
        for field in header.split(separator: ";").dropFirst() {
            let pair = field.trimmingCharacters(in: .whitespaces)
            guard pair.lowercased().hasPrefix(key + "=") else { continue }
            return String(pair.dropFirst(key.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    /// Where `needle` starts in `haystack`, in order.
    private static func occurrences(of needle: [UInt8], in haystack: ArraySlice<UInt8>, limit: Int = .max) -> [Int] {
        var found: [Int] = []
        guard let first = needle.first, haystack.count >= needle.count else { return found }
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last, found.count < limit {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                found.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }

    private static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        occurrences(of: needle, in: haystack[...])
    }
}
