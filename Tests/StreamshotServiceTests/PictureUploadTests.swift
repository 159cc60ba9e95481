import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Streamshot
import Testing

@testable import StreamshotService

/// A stream sent with its pictures, over real HTTP: a `multipart/form-data` body whose `stream`
/// part is the answer and whose `image` parts are PNGs named as the images' addresses end.
@Suite(.onOwnThreads) struct PictureUploadTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/pictures")

    /// A multipart body of `parts`: (name, file name, content type, bytes).
    static func multipart(_ parts: [(String, String?, String?, [UInt8])], boundary: String = "streamshot-7f3a") -> (HTTPFields, ByteBuffer) {
        var body: [UInt8] = []
        for (name, file, type, bytes) in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
            if let file { head += "; filename=\"\(file)\"" }
            if let type { head += "\r\nContent-Type: \(type)" }
            body += Array((head + "\r\n\r\n").utf8) + bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return ([.contentType: "multipart/form-data; boundary=\(boundary)"], ByteBuffer(bytes: body))
    }

    static func file(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: examples.appendingPathComponent(name)))
    }

    static func post(_ client: some TestClientProtocol, _ parts: [(String, String?, String?, [UInt8])]) async throws -> TestResponse {
        let (headers, body) = multipart(parts)
        return try await client.execute(uri: "/v1/renders?size=390x700&scale=1&network=instant", method: .post, headers: headers, body: body)
    }

    @Test func aStreamSentWithItsPicturesDrawsThem() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.live) { client in
            let submitted = try await Self.post(
                client,
                [
                    ("stream", "ar-lease-plan.md", "text/markdown", try Self.file("ar-lease-plan.md")),
                    ("image", "floor-plan.png", "image/png", try Self.file("floor-plan.png")),
                    ("image", "seal.png", "image/png", try Self.file("seal.png")),
                    ("image", "signed-page.jpg", "image/jpeg", try Self.file("signed-page.jpg"))
                ])
            #expect(submitted.status == .accepted, "\(String(buffer: submitted.body))")
            let id = try #require(try ServiceSupport.json(submitted)["id"] as? String)
            let state = try await ServiceSupport.waitForEnd(client, id)
            #expect(state["status"] as? String == "succeeded", "\(state)")
            let response = try await client.execute(uri: "/v1/renders/\(id)/manifest.json", method: .get)
            let manifest = try JSONDecoder().decode(Manifest.self, from: Data(buffer: response.body))
            let pictures = manifest.blocks.compactMap(\.pictures).flatMap { $0 }
            #expect(pictures.map(\.file) == ["floor-plan.png", "seal.png", "signed-page.jpg"])
            #expect(pictures.first.map(\.width) == 390.0 - 2 * 16, "fitted to the column")
        }
    }

    @Test func aBadUploadIsRefusedByItsPart() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.live) { client in
            let stream = ("stream", nil as String?, "text/markdown" as String?, Array("![Plan](https://x/plan.png)\n".utf8))
            func refusal(_ parts: [(String, String?, String?, [UInt8])]) async throws -> String {
                let response = try await Self.post(client, parts)
                #expect(response.status == .badRequest)
                return try ServiceSupport.json(response)["detail"] as? String ?? ""
            }
            #expect(try await refusal([stream, ("image", "../plan.png", nil, try Self.file("seal.png"))]).contains("image part \"../plan.png\""))
            let cutJPEG: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
            #expect(try await refusal([stream, ("image", "plan.png", nil, cutJPEG)]).contains("plan.png is a JPEG whose markers break off"))
            let gif = Array("GIF89a".utf8)
            #expect(
                try await refusal([stream, ("image", "plan.gif", nil, gif)]).contains("image part \"plan.gif\": give each picture a plain file name"))
            #expect(try await refusal([stream, ("image", "plan.jpg", nil, gif)]).contains("plan.jpg is neither a PNG nor a JPEG file (it is a GIF"))
            #expect(try await refusal([("image", "plan.png", nil, try Self.file("seal.png"))]).contains("one part named \"stream\" (it has 0)"))
            #expect(try await refusal([stream, ("notes", nil, nil, [1])]).contains("multipart part \"notes\""))
            let (headers, _) = Self.multipart([stream])
            let unfinished = "--streamshot-7f3a\r\nContent-Disposition: form-data; name=\"stream\"\r\n\r\nhi"
            let cut = try await client.execute(uri: "/v1/renders", method: .post, headers: headers, body: ByteBuffer(string: unfinished))
            #expect(cut.status == .badRequest)
            #expect(String(buffer: cut.body).contains("cut short"), "\(String(buffer: cut.body))")
        }
    }
}
