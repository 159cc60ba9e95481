import Foundation
import Hummingbird
import HummingbirdTesting
@testable import StreamshotService
import Testing
import LiveTestSupport

/// `GET /` over real HTTP: a page a browser opens without a token, naming every route the
/// OpenAPI document names, each of its links answering.
@Suite(.onOwnThreads) struct FrontPageTests {
    @Test func theFrontPageOpensWithoutATokenAndEveryLinkAnswers() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration { $0.tokens = ["s3cret"] })
        try await app.test(.live) { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok && response.headers[.contentType] == "text/html; charset=utf-8")
            let page = String(buffer: response.body)
            let paths = try #require(OpenAPIDocument.document["paths"] as? [String: [String: Any]])
            for (path, operations) in paths {
                for method in operations.keys {
                    #expect(page.contains("<td>\(method.uppercased())</td><td><code>") && page.contains(path.replacingOccurrences(of: "&", with: "&amp;")),
                            "\(method) \(path) is not on the page")
                }
            }
            let links = page.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            #expect(links.contains("/openapi.json") && links.contains("/v1/renders"))
            for link in Set(links) {
                let answered = try await client.execute(uri: link, method: .get, headers: [.authorization: "Bearer s3cret"])
                #expect(answered.status == .ok, "\(link): \(answered.status)")
            }
            // The rest still asks for the token.
            #expect(try await client.execute(uri: "/openapi.json", method: .get).status == .unauthorized)
        }
    }
}
