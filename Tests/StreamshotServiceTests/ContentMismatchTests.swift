import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Streamshot
import Testing

@testable import StreamshotService

/// A body whose declared kind and content plainly disagree renders as declared, and its manifest
/// says so; prose that only starts like a field does not.
@Suite(.onOwnThreads) struct ContentMismatchTests {
    static func warnings(_ client: some TestClientProtocol, _ body: String, contentType: String, query: String = "") async throws -> [RenderWarning] {
        let submitted = try await ServiceSupport.submit(
            client, body, query: "size=390x300&scale=1&network=instant" + query,
            headers: [.contentType: contentType])
        #expect(submitted.status == .accepted, "\(String(buffer: submitted.body))")
        let id = try #require(try ServiceSupport.json(submitted)["id"] as? String)
        let state = try await ServiceSupport.waitForEnd(client, id)
        #expect(state["status"] as? String == "succeeded", "\(state)")
        let manifest = try await client.execute(uri: "/v1/renders/\(id)/manifest.json", method: .get)
        return try JSONDecoder().decode(Manifest.self, from: Data(buffer: manifest.body)).warnings
    }

    @Test func anSSECapturePostedAsMarkdownIsRenderedAsDeclaredWithAWarning() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            let sse = "data: {\"type\":\"delta\",\"content\":\"مرحبا\"}\n\ndata: {\"type\":\"done\"}\n\n"
            let asMarkdown = try await Self.warnings(client, sse, contentType: "text/markdown")
            #expect(asMarkdown.map(\.kind) == [.contentMismatch])
            #expect(
                asMarkdown.first?.message
                    == "the body was declared Markdown (its Content-Type or input=md) but reads as Server-Sent Events: it is rendered as the text it was declared; send it as text/event-stream or with input=sse"
            )
            let ndjson = #"{"model":"m","response":"Hi","done":false}"# + "\n" + #"{"model":"m","response":"","done":true}"#
            let asText = try await Self.warnings(client, ndjson, contentType: "text/plain", query: "&input=txt")
            #expect(asText.first?.message.contains("declared plain text (its Content-Type or input=txt) but reads as JSON Lines") == true)
            // Agreeing, or prose that only starts like a field: nothing to say.
            #expect(try await Self.warnings(client, sse, contentType: "text/event-stream").isEmpty)
            #expect(try await Self.warnings(client, "id: the lease number comes first.\n\nThen the term.\n", contentType: "text/markdown").isEmpty)
        }
    }
}
