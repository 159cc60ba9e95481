import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Streamshot
import Testing

@testable import StreamshotService

/// The service takes a declared mapping with the request, as query parameters (`map-text`,
/// `map-end`, `map-error`, `map-time`) or the mapping's JSON itself (`mapping`), and renders a
/// team's in-house protocol exactly; a mapping that finds nothing, or a path, is a 400.
@Suite(.onOwnThreads) struct MappingRequestTests {
    static let acme = """
        {"ts":1732580000000,"kind":"hello"}
        {"ts":1732580000350,"kind":"chunk","payload":{"chunk":"## الإيجار\\n\\n"}}
        {"ts":1732580000620,"kind":"chunk","payload":{"chunk":"مدة العقد سنة، and the notice is 60 days."}}
        {"ts":1732580001200,"kind":"finished"}

        """
    static let text = "## الإيجار\n\nمدة العقد سنة، and the notice is 60 days."

    static func manifest(_ client: some TestClientProtocol, query: String) async throws -> Manifest {
        let submitted = try await ServiceSupport.submit(client, Self.acme, query: "size=390x300&scale=1&" + query)
        #expect(submitted.status == .accepted, "\(String(buffer: submitted.body))")
        let id = try #require(try ServiceSupport.json(submitted)["id"] as? String)
        let state = try await ServiceSupport.waitForEnd(client, id)
        #expect(state["status"] as? String == "succeeded", "\(state)")
        let response = try await client.execute(uri: "/v1/renders/\(id)/manifest.json", method: .get)
        return try JSONDecoder().decode(Manifest.self, from: Data(buffer: response.body))
    }

    @Test func queryParametersAndTheMappingJSONRenderItExactly() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            let byParameters = try await Self.manifest(client, query: "map-text=/payload/chunk&map-end=/kind%3Dfinished&map-time=/ts")
            #expect(byParameters.text == Self.text)
            #expect(byParameters.format == "mapping" && byParameters.warnings.isEmpty)
            #expect(byParameters.ending == Ending(kind: .done, timeMs: 1200))
            let json = #"{"text":"/payload/chunk","end":{"pointer":"/kind","equals":"finished"},"time":"/ts"}"#
            let byJSON = try await Self.manifest(client, query: "mapping=" + json.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            #expect(byJSON.text == Self.text && byJSON.ending == byParameters.ending)
        }
    }

    @Test(arguments: [
        (
            "map-text=/payload/text&map-end=/kind%3Ddone",
            "the body: the mapping (--map-text /payload/text --map-end /kind=done) finds no text, end or error in any of 4 events"
        ),
        ("map-text=payload", "--map-text payload: a JSON Pointer starts with /"),
        ("mapping=/etc/mapping.json", "mapping: give the mapping's JSON itself")
    ])
    func aWrongMappingIsABadRequestNamingIt(_ query: String, _ detail: String) async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            let response = try await ServiceSupport.submit(client, Self.acme, query: query)
            #expect(response.status == .badRequest)
            let problem = try ServiceSupport.json(response)
            #expect((problem["detail"] as? String ?? "").hasPrefix(detail), "\(problem)")
        }
    }
}
