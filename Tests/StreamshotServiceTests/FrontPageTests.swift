import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Testing

@testable import StreamshotService

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
                    #expect(
                        page.contains("<td>\(method.uppercased())</td><td><code>")
                            && page.contains(path.replacingOccurrences(of: "&", with: "&amp;")),
                        "\(method) \(path) is not on the page")
                }
            }
            let links = page.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            #expect(links.contains("/openapi.json") && links.contains("/v1/renders"))
            for link in Set(links) {
                let answered = try await client.execute(uri: link, method: .get, headers: [.authorization: "Bearer s3cret"])
                #expect(answered.status == .ok, "\(link): \(answered.status)")
            }
            // The rest still asks for the token, and the jobs are not listed on an open page.
            #expect(try await client.execute(uri: "/openapi.json", method: .get).status == .unauthorized)
            #expect(page.contains("Listed on a service without tokens only"))
        }
    }

    /// `scripts/check_page_links.py`: the page in headless Chromium, each link and image fetched from it.
    static func linksInBrowser(_ url: String) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [ServiceSupport.checkout + "/scripts/check_page_links.py", url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// Without tokens, the page lists the recent renders and open live sessions, each with its
    /// newest frame, and every link on it answers (a report still being made says when to ask again).
    @Test func withoutTokensItListsRecentRendersAndSessionsAndEveryLinkAnswers() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.live) { client in
            let finished = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.answer))["id"] as? String)
            _ = try await ServiceSupport.waitForEnd(client, finished)
            let session = try #require(
                try ServiceSupport.json(try await client.execute(uri: "/v1/sessions?input=trace", method: .post))["id"] as? String)
            let page = String(buffer: try await client.execute(uri: "/", method: .get).body)
            #expect(
                page.contains("<code>\(finished.prefix(8))</code> jsonl") && page.contains("<code>\(session.prefix(8))</code> live session, open"),
                "\(page)")
            // Newest first: the session was opened after the render.
            #expect(try #require(page.range(of: session.prefix(8))).lowerBound < (try #require(page.range(of: finished.prefix(8)))).lowerBound)
            let links = Set(page.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
                .union(page.components(separatedBy: "src=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
            #expect(
                links.contains("/v1/renders/\(finished)/report.html") && links.contains("/v1/renders/\(session)/watch")
                    && links.contains("/v1/renders/\(finished)/frames/latest.png"))
            for link in links.sorted() {
                let answered = try await RenderJobTests.fetchFollowingRetries(client, link)
                #expect(answered.status == .ok, "\(link): \(answered.status)")
            }
            // And in a browser, as a reader clicks them (the report is made by now).
            if LiveProgressTests.browserAvailable {
                let shown = try Self.linksInBrowser("http://127.0.0.1:\(try #require(client.port))/")
                let answers = (shown["links"] as? [[String: Any]] ?? []) + (shown["images"] as? [[String: Any]] ?? [])
                #expect(Set(answers.compactMap { ($0["href"] ?? $0["src"]) as? String }) == links, "\(shown)")
                for answer in answers { #expect(answer["status"] as? Int == 200, "\(answer)") }
                #expect((shown["images"] as? [[String: Any]])?.allSatisfy { $0["loaded"] as? Bool == true } == true, "\(shown)")
                #expect((shown["errors"] as? [String])?.isEmpty == true, "\(shown)")
            }
            _ = try await client.execute(uri: "/v1/sessions/\(session)/close", method: .post)
        }
    }
}
