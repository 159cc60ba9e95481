import Foundation
import StreamshotReview

/// The service's front page (`GET /`): what it is, how to submit a render and follow it, the
/// recent renders on a service without tokens, and every route with what it answers — read from
/// the OpenAPI document, so the page lists what the router serves and no other. Open, as
/// `/healthz` is: a browser that opens the address cannot send a bearer token, so with tokens it
/// holds no job's data.
enum FrontPage {
    /// - Parameter recent: the recent renders; nil on a service with tokens.
    static func html(recent: RecentRenders?) -> [UInt8] {
        let paths = OpenAPIDocument.document["paths"] as? [String: [String: Any]] ?? [:]
        let methods = ["get", "post", "delete"]
        let rows = paths.keys.sorted().flatMap { path in
            methods.compactMap { method -> String? in
                guard let operation = paths[path]?[method] as? [String: Any] else { return nil }
                let link = method == "get" && !path.contains("{") ? "<a href=\"\(escape(path))\">\(escape(path))</a>" : escape(path)
                return "<tr><td>\(method.uppercased())</td><td><code>\(link)</code></td><td>\(escape(answer(operation)))</td></tr>"
            }
        }
        let renders =
            recent?.html
            ?? "<h2>Recent renders</h2>\n<p>Listed on a service without tokens only: this page is open to anyone who reaches it.</p>"
        return Array(page(renders: renders, rows: rows.joined(separator: "\n")).utf8)
    }

    /// What an operation answers when it succeeds: its first 2xx response's description.
    private static func answer(_ operation: [String: Any]) -> String {
        let responses = operation["responses"] as? [String: Any] ?? [:]
        let success = responses.keys.sorted().first { $0.hasPrefix("2") }
        return success.flatMap { (responses[$0] as? [String: Any])?["description"] as? String } ?? ""
    }

    private static func escape(_ text: String) -> String { HTMLReport.escape(text) }

    private static func page(renders: String, rows: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Streamshot</title>
        <style>
        body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
        table { border-collapse: collapse; width: 100%; } td { border-top: 1px solid #d0d7de; padding: .3rem .5rem; vertical-align: top; }
        pre { background: #f6f8fa; padding: .75rem; overflow-x: auto; } code { font-size: .9em; }
        .renders img { display: block; border: 1px solid #d0d7de; }
        </style></head>
        <body>
        <h1>Streamshot</h1>
        <p>A streamed LLM answer replayed through a client model: one PNG per frame and a manifest that says what is where,
        judged by the detectors of <code>streamshot check</code>. Submit a stream (a provider's SSE or NDJSON, a client trace,
        or Markdown), follow the job, then read its frames, its manifest, its checks and its report.</p>
        <pre>curl -s -X POST 'http://HOST/v1/renders?device=iphone-14&amp;network=3g' \\
          -H 'Authorization: Bearer TOKEN' -H 'Content-Type: text/event-stream' --data-binary @answer.sse
        curl -s http://HOST/v1/renders/ID            # its status and links: frames, manifest, check, report
        curl -sN http://HOST/v1/renders/ID/events    # progress as Server-Sent Events</pre>
        <p>Every route but this page and <a href="/healthz">/healthz</a> asks for the bearer token when the service has
        tokens. The whole API: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
        \(renders)
        <h2>Routes</h2>
        <table>
        \(rows)
        </table>
        </body></html>

        """
    }
}
