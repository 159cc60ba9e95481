import Foundation
import Streamshot

/// The OpenAPI 3.1 document of every route, served at `/openapi.json`. It is built from the
/// same data the routes use (the render options are `RenderSettings.descriptors`), and
/// OpenAPIDocumentTests keep it true: its paths are the router's, and schemathesis checks the
/// live server against it.
enum OpenAPIDocument {
    static var json: [UInt8] {
        // Force-try: a dictionary of strings, numbers, bools, arrays and dictionaries always serialises.
        Array(try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]))
    }

    static var document: [String: Any] {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "Streamshot", "version": "1",
                "description": "Render jobs: a streamed LLM answer replayed through a client model, one PNG per frame and a manifest. Every error is "
                    + "application/problem+json (RFC 9457)."
            ],
            "security": [[:], ["bearer": []]],
            "components": components,
            "paths": paths
        ]
    }

    private static var paths: [String: Any] {
        let job = "#/components/schemas/Job"
        return [
            "/": [
                "get": operation(
                    "frontPage", [],
                    [
                        "200": content(
                            "This service's front page: what it is, how to submit a render, the recent renders (on a service without tokens), every route.",
                            "text/html", ["type": "string"])
                    ], problems: [], open: true)
            ],
            "/healthz": ["get": operation("health", [], ["200": json("Alive.", ref: "#/components/schemas/Health")], problems: [], open: true)],
            "/readyz": ["get": operation("ready", [], ["200": json("The job store answers.", ref: "#/components/schemas/Health")], problems: [401])],
            "/metrics": [
                "get": operation(
                    "metrics", [],
                    [
                        "200": content(
                            "Prometheus exposition text: streamshot_jobs{status}, streamshot_queue_depth, "
                                + "streamshot_sessions_open, streamshot_frames_rendered_total, "
                                + "streamshot_render_duration_seconds{status}, streamshot_render_frames_per_second.",
                            "text/plain", ["type": "string"])
                    ], problems: [401])
            ],
            "/openapi.json": [
                "get": operation(
                    "openAPI", [], ["200": content("This API's OpenAPI 3.1 document.", "application/json", ["type": "object"])], problems: [401])
            ],
            "/v1/renders": [
                "post": operation(
                    "submitRender", submitParameters,
                    [
                        "202": [
                            "description": "Queued.", "headers": ["Location": ["schema": ["type": "string"]]],
                            "content": ["application/json": ["schema": ["$ref": job]]]
                        ]
                    ], problems: [400, 401, 413, 415, 429], body: .withPictures),
                "get": operation(
                    "listRenders", [query("status", JobStatus.allCases.map(\.rawValue))],
                    ["200": json("Newest first.", ref: "#/components/schemas/JobList")], problems: [400, 401])
            ],
            "/v1/renders/{id}": [
                "get": operation("getRender", [id], ["200": json("The job.", ref: job)], problems: [401, 404]),
                "delete": operation("deleteRender", [id], ["204": ["description": "Cancelled, or deleted with its files."]], problems: [401, 404])
            ],
            "/v1/renders/{id}/events": [
                "get": operation(
                    "renderEvents", [id],
                    [
                        "200": content(
                            "event: progress, then event: end, each with the job (JSON) as its data.", "text/event-stream",
                            [
                                "type": "object", "required": ["event", "data"],
                                "properties": ["event": schema(["progress", "end"]), "data": ["type": "string"]]
                            ])
                    ], problems: [401, 404])
            ],
            "/v1/renders/{id}/manifest.json": [
                "get": operation(
                    "renderManifest", [id],
                    [
                        "200": content("The manifest, as the CLI writes it.", "application/json", ["type": "object"])
                    ], problems: [401, 404, 409])
            ],
            "/v1/renders/{id}/frames": [
                "get": operation(
                    "renderFrames", [id],
                    [
                        "200": content(
                            "The frames' URLs in order, a repeated frame's file once (with or without the trailing slash of the job's links.frames).",
                            "application/json",
                            [
                                "type": "object", "required": ["count", "frames"],
                                "properties": ["count": ["type": "integer", "minimum": 0], "frames": ["type": "array", "items": ["type": "string"]]]
                            ])
                    ], problems: [401, 404, 409])
            ],
            "/v1/renders/{id}/frames/{file}": [
                "get": operation(
                    "renderFrame", [id, path("file", nil)],
                    [
                        "200": content("The frame (000123.png), byte-identical to the CLI's.", "image/png", ["type": "string", "format": "binary"])
                    ], problems: [401, 404, 409])
            ],
            "/v1/renders/{id}/check": [
                "get": operation(
                    "renderCheck", [id],
                    [
                        "200": content("check --json's report.", "application/json", ["type": "object", "required": ["passed", "report"]])
                    ], problems: [401, 404, 409])
            ],
            "/v1/renders/{id}/review/{file}": [
                "get": operation(
                    "renderReview", [id, path("file", ["contact-sheet.png", "timeline.png", "animation.png"])],
                    [
                        "200": content("Made on first request.", "image/png", ["type": "string", "format": "binary"]),
                        "202": reviewUnderWay("application/json", ["type": "object", "required": ["status", "detail"]])
                    ], problems: [401, 404, 409])
            ],
            "/v1/renders/{id}/report.html": [
                "get": operation(
                    "renderReport", [id],
                    [
                        "200": content("The HTML report; its frames and images load by relative path.", "text/html", ["type": "string"]),
                        "202": reviewUnderWay("text/html", ["type": "string"])
                    ], problems: [401, 404, 409])
            ],
            "/v1/renders/{id}/watch": [
                "get": operation(
                    "watchRender", [id],
                    [
                        "200": content("A page showing its frames as they are made, then how it ended.", "text/html", ["type": "string"])
                    ], problems: [401, 404])
            ],
            "/v1/renders/{id}/input": [
                "get": operation(
                    "renderInput", [id],
                    [
                        "200": [
                            "description": "The stream as stored (a session's with its arrival stamps).",
                            "content": Dictionary(uniqueKeysWithValues: streamTypes.map { ($0, ["schema": ["type": "string"]]) })
                        ]
                    ], problems: [401, 404])
            ]
        ].merging(sessionPaths) { $1 }
    }

    /// `/v1/sessions`: a stream rendered while it arrives.
    private static var sessionPaths: [String: Any] {
        let session = "#/components/schemas/Session"
        let png = ["type": "string", "format": "binary"]
        return [
            "/v1/sessions": [
                "post": operation(
                    "openSession", [query("input", ["trace", "sse"])] + Array(submitParameters.dropFirst()),
                    [
                        "201": [
                            "description": "Open; its render has started.", "headers": ["Location": ["schema": ["type": "string"]]],
                            "content": ["application/json": ["schema": ["$ref": session]]]
                        ]
                    ], problems: [400, 401, 413, 429, 503], body: .optional)
            ],
            "/v1/sessions/{id}": [
                "get": operation("getSession", [id], ["200": json("The session and its render.", ref: session)], problems: [401, 404])
            ],
            "/v1/sessions/{id}/events": [
                "post": operation(
                    "sendSessionEvents", [id, query("close", ["true", "false"])],
                    [
                        "202": json("Stored and handed to the render, each chunk as it arrived.", ref: session)
                    ], problems: [400, 401, 404, 409, 413], body: .required)
            ],
            "/v1/sessions/{id}/close": [
                "post": operation(
                    "closeSession", [id], ["202": json("Closed: the render finishes.", ref: session)],
                    problems: [401, 404, 409])
            ],
            "/v1/sessions/{id}/frames/latest.png": [
                "get": operation(
                    "latestSessionFrame", [id],
                    [
                        "200": [
                            "description": "The newest frame made so far: a frame of the finished render.",
                            "headers": [
                                "Streamshot-Frame": ["schema": ["type": "integer"], "description": "Its index."],
                                "Streamshot-Frame-Time": [
                                    "schema": ["type": "number"], "description": "Its time in the stream, in ms, while it renders here."
                                ]
                            ],
                            "content": ["image/png": ["schema": png]]
                        ]
                    ], problems: [401, 404])
            ],
            "/v1/sessions/{id}/ws": [
                "get": operation(
                    "sessionWebSocket", [id],
                    [
                        "101": ["description": "A WebSocket: each message one record (or lines); closing it closes the session."]
                    ], problems: [401, 404, 409, 426])
            ]
        ]
    }

    private static let streamTypes = ["text/event-stream", "application/x-ndjson", "text/markdown", "text/plain"]

    /// `input`, `callbackUrl`, then every render option by its CLI name (but the server's own).
    private static var submitParameters: [[String: Any]] {
        [
            query("input", InputKind.allCases.map(\.rawValue)),
            query("callbackUrl", nil, "POSTed the job once it has ended, signed: Streamshot-Signature: sha256=<HMAC-SHA256 of the body, hex>.")
        ]
            + RenderSpec.optionNames(RenderRequest.requestDescriptors).map(optionParameter)
    }

    /// A render option as a query parameter: its schema from its kind, its description from its help.
    private static func optionParameter(_ name: String) -> [String: Any] {
        guard let (descriptor, inverted) = try? RenderSpec.descriptor(name, in: RenderSettings.descriptors) else { return query(name, nil) }
        let schema: [String: Any] = inverted ? ["type": "boolean"] : schema(descriptor)
        return ["name": name, "in": "query", "required": false, "schema": schema, "description": description(name, descriptor, inverted: inverted)]
    }

    /// An option's help as the CLI's `--help` gives it, with the values it takes (in any case) or its range.
    private static func description(_ name: String, _ descriptor: RenderOptionDescriptor, inverted: Bool) -> String {
        if inverted { return "As `streamshot render --no-\(descriptor.name)`: empty, true or false." }
        var text = "As `streamshot render --\(name)`: \(descriptor.help)"
        // The server reads no files of a request's: a file option takes what the file would hold.
        if descriptor.kind == .path { text += " A request gives the file's content itself, URL-encoded (this server reads no files of yours)." }
        if let names = descriptor.valueNames { text += " One of \(names.joined(separator: ", ")), in any case." }
        if let range = descriptor.range { text += " From \(SettingRange.text(range.lowerBound)) to \(SettingRange.text(range.upperBound))." }
        if descriptor.isFlag { text += " Empty, true or false." }
        return text
    }

    /// A render option's value as a query parameter's schema, from its kind.
    private static func schema(_ descriptor: RenderOptionDescriptor) -> [String: Any] {
        switch descriptor.kind {
        case .named(let names): return schema(names)
        case .integer(let range?): return ["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound]
        case .integer(nil): return ["type": "integer"]
        case .unsigned: return ["type": "integer", "minimum": 0, "maximum": UInt64.max]
        case .number(let range?): return ["type": "number", "minimum": range.lowerBound, "maximum": range.upperBound]
        case .number(nil): return ["type": "number"]
        case .flag: return ["type": "boolean"]
        case .path, .text: return descriptor.pattern.map { ["type": "string", "pattern": $0] } ?? ["type": "string"]
        }
    }

    private static var id: [String: Any] { path("id", nil) }

    /// A stream alone; `withPictures`: or a multipart body of the stream and its pictures.
    private enum Body { case none, optional, required, withPictures }

    /// The stream (`stream`, its own Content-Type saying what it is) and the pictures of its
    /// images (`image`, PNG or JPEG files named as the images' addresses end).
    private static var picturesUpload: [String: Any] {
        [
            "schema": [
                "type": "object", "required": ["stream"],
                "properties": [
                    "stream": ["type": "string", "format": "binary"],
                    "image": ["type": "array", "items": ["type": "string", "format": "binary"]]
                ]
            ]
        ]
    }

    private static func operation(
        _ name: String, _ parameters: [[String: Any]], _ responses: [String: Any], problems: [Int],
        body: Body = .none, open: Bool = false
    ) -> [String: Any] {
        var operation: [String: Any] = [
            "operationId": name, "parameters": parameters,
            "responses": responses.merging(problems.map { ("\($0)", ["$ref": "#/components/responses/Problem"]) }) { $1 }
        ]
        if open { operation["security"] = [] as [Any] }
        if body != .none {
            var content: [String: Any] = Dictionary(uniqueKeysWithValues: streamTypes.map { ($0, ["schema": ["type": "string"]]) })
            if body == .withPictures { content["multipart/form-data"] = picturesUpload }
            operation["requestBody"] = ["required": body != .optional, "content": content]
        }
        return operation
    }

    private static func query(_ name: String, _ values: [String]?, _ description: String? = nil) -> [String: Any] {
        var parameter: [String: Any] = ["name": name, "in": "query", "required": false, "schema": schema(values)]
        if let description { parameter["description"] = description }
        return parameter
    }

    private static func path(_ name: String, _ values: [String]?) -> [String: Any] {
        ["name": name, "in": "path", "required": true, "schema": schema(values)]
    }

    private static func schema(_ values: [String]?) -> [String: Any] {
        values.map { ["type": "string", "enum": $0] } ?? ["type": "string"]
    }

    private static func json(_ description: String, ref: String) -> [String: Any] {
        content(description, "application/json", ["$ref": ref])
    }

    /// A review still being made after a few seconds: ask again after `Retry-After`.
    private static func reviewUnderWay(_ type: String, _ schema: [String: Any]) -> [String: Any] {
        var response = content("The review is still being made: ask again after Retry-After seconds.", type, schema)
        response["headers"] = ["Retry-After": ["schema": ["type": "string"]]]
        return response
    }

    private static func content(_ description: String, _ type: String, _ schema: [String: Any]) -> [String: Any] {
        ["description": description, "content": [type: ["schema": schema]]]
    }

    private static var components: [String: Any] {
        let string = ["type": "string"]
        let count = ["type": "integer", "minimum": 0] as [String: Any]
        let links = ["self", "events", "manifest", "frames", "check", "report", "input", "watch"]
        let job: [String: Any] = [
            "type": "object", "required": ["id", "status", "input", "arguments", "spec", "framesDone", "attempts", "links"],
            "properties": [
                "id": string, "status": schema(JobStatus.allCases.map(\.rawValue)), "input": schema(InputKind.allCases.map(\.rawValue)),
                "arguments": ["type": "array", "items": string], "framesDone": count, "frames": count,
                "latestFrame": [
                    "type": "object", "required": ["index", "timeMs"],
                    "description": "In a progress event: the newest frame, told as it is made (its PNG: frames/latest.png).",
                    "properties": ["index": count, "timeMs": ["type": "number"]]
                ] as [String: Any],
                "spec": ["type": "object", "description": "The options by name: a string, number, bool, or an array for a repeated one."],
                "callback": [
                    "type": "object", "required": ["url", "state", "attempts", "nextAtMs"],
                    "properties": [
                        "url": string, "state": schema(["waiting", "pending", "delivered", "failed"]), "attempts": count,
                        "nextAtMs": ["type": "integer"], "lastError": string
                    ]
                ] as [String: Any],
                "ending": string, "error": string, "attempts": count,
                "links": [
                    "type": "object", "required": links,
                    "properties": Dictionary(uniqueKeysWithValues: links.map { ($0, string) })
                ] as [String: Any]
            ]
        ]
        let sessionLinks = ["self", "events", "webSocket", "close", "latestFrame", "render", "progress", "watch"]
        let session: [String: Any] = [
            "type": "object", "required": ["id", "open", "render", "links"],
            "properties": [
                "id": string, "open": ["type": "boolean"], "bytesReceived": count,
                "warnings": [
                    "type": "array", "items": string,
                    "description": "In the answer to a POST of events: the warnings what it sent raised."
                ],
                "render": ["$ref": "#/components/schemas/Job"],
                "links": [
                    "type": "object", "required": sessionLinks,
                    "properties": Dictionary(uniqueKeysWithValues: sessionLinks.map { ($0, string) })
                ] as [String: Any]
            ]
        ]
        return [
            "securitySchemes": [
                "bearer": ["type": "http", "scheme": "bearer", "description": "Needed when the server was started with --token-file."]
            ],
            "schemas": [
                "Job": job,
                "Session": session,
                "JobList": [
                    "type": "object", "required": ["renders"],
                    "properties": [
                        "renders": [
                            "type": "array",
                            "items": ["$ref": "#/components/schemas/Job"]
                        ]
                    ]
                ],
                "Problem": [
                    "type": "object", "required": ["type", "title", "status", "detail"],
                    "properties": ["type": string, "title": string, "status": ["type": "integer"], "detail": string, "instance": string]
                ],
                "Health": ["type": "object", "required": ["status"], "properties": ["status": string]]
            ],
            "responses": [
                "Problem": content("What was wrong, as problem+json.", "application/problem+json", ["$ref": "#/components/schemas/Problem"])
            ]
        ]
    }
}
