/// Each provider's citation events as `CitationRead`s: where the cited words are, in its own
/// terms, and the source. Written from each provider's published stream examples.
extension StreamFormat {
    /// An OpenAI annotation (Responses' `response.output_text.annotation.added`, or an item of
    /// a chat delta's `annotations`, whose fields sit under `url_citation`): `url_citation` with
    /// `start_index`/`end_index` and a URL, `file_citation` at one `index` with a file name,
    /// `container_file_citation` with a span and a file name. Other kinds (`file_path`) cite nothing.
    static func openAIAnnotation(_ annotation: [String: Any]) -> DecodedEvent {
        let type = annotation["type"] as? String ?? ""
        let fields = annotation[type] as? [String: Any] ?? annotation
        let title = fields["title"] as? String ?? fields["filename"] as? String ?? ""
        let source = CitationSource(title: title, url: fields["url"] as? String)
        switch type {
        case "url_citation", "container_file_citation":
            guard let start = fields["start_index"] as? Int, let end = fields["end_index"] as? Int else {
                return .invalid("a \(type) needs start_index and end_index (numbers)")
            }
            return .citation(CitationRead(.offsets(start: start, end: end, unit: .scalars), source: source))
        case "file_citation":
            guard let index = fields["index"] as? Int else { return .invalid("a file_citation needs an index (a number)") }
            return .citation(CitationRead(.offsets(start: index, end: index, unit: .scalars), source: source))
        default:
            return .skipped("annotation")
        }
    }

    /// A chat chunk's sources array, as Perplexity-style APIs send it beside text that cites by
    /// number (`[1]`): `search_results` (title and URL) or `citations` (URLs); source n is the
    /// text's `[n]`. The whole list comes again in later chunks; it is read each time and kept once.
    static func numberedSources(_ object: [String: Any]) -> [DecodedEvent] {
        if let results = object["search_results"] as? [[String: Any]], !results.isEmpty {
            return results.enumerated().map { index, result in
                let source = CitationSource(title: result["title"] as? String ?? "", url: result["url"] as? String, providerNumber: index + 1)
                return .citation(CitationRead(.none, source: source))
            }
        }
        guard let urls = object["citations"] as? [String] else { return [] }
        return urls.enumerated().map { index, url in
            .citation(CitationRead(.none, source: CitationSource(title: "", url: url, providerNumber: index + 1)))
        }
    }

    /// Anthropic's `citations_delta`: the text block being written cites a document's
    /// characters (`char_location`), pages (`page_location`), content blocks
    /// (`content_block_location`), a web page (`web_search_result_location`) or a search result
    /// the request carried (`search_result_location`).
    static func anthropicCitation(_ citation: [String: Any]) -> DecodedEvent {
        let type = citation["type"] as? String ?? ""
        let title = citation["document_title"] as? String ?? citation["title"] as? String
        let url = citation["url"] as? String ?? (type == "search_result_location" ? citation["source"] as? String : nil)
        guard title != nil || url != nil || citation["document_index"] is Int else {
            return .invalid("a citation needs a document_title, title, url or document_index")
        }
        var pages: ClosedRange<Int>?
        if type == "page_location", let first = citation["start_page_number"] as? Int {
            // The end page is exclusive: one page cited is start..<start+1.
            pages = first...max(first, (citation["end_page_number"] as? Int ?? first + 1) - 1)
        }
        let name = title ?? (citation["document_index"] as? Int).map { "Document \($0 + 1)" } ?? ""
        return .citation(CitationRead(.currentBlock, source: CitationSource(title: name, url: url, pages: pages)))
    }

    /// Gemini's `groundingMetadata`: `groundingChunks` are the sources (`web` or
    /// `retrievedContext`, with `uri` and `title`); each of `groundingSupports` ties a
    /// `segment` of the answer (UTF-8 byte offsets) to chunks by index.
    static func geminiGrounding(_ metadata: [String: Any]) -> [DecodedEvent] {
        let chunks = (metadata["groundingChunks"] as? [[String: Any]] ?? []).map { chunk -> CitationSource in
            let found = chunk["web"] as? [String: Any] ?? chunk["retrievedContext"] as? [String: Any] ?? [:]
            return CitationSource(title: found["title"] as? String ?? "", url: found["uri"] as? String)
        }
        var events: [DecodedEvent] = []
        for (position, support) in (metadata["groundingSupports"] as? [[String: Any]] ?? []).enumerated() {
            let segment = support["segment"] as? [String: Any] ?? [:]
            guard let end = segment["endIndex"] as? Int else {
                events.append(.invalid("groundingSupports[\(position)].segment needs an endIndex (a number)"))
                continue
            }
            let start = segment["startIndex"] as? Int ?? 0
            for index in support["groundingChunkIndices"] as? [Int] ?? [] {
                guard chunks.indices.contains(index) else {
                    events.append(.invalid("groundingSupports[\(position)] cites chunk \(index) of \(chunks.count)"))
                    continue
                }
                events.append(.citation(CitationRead(.offsets(start: start, end: end, unit: .utf8), source: chunks[index])))
            }
        }
        return events
    }

    /// Cohere v2's `citation-start`: `delta.message.citations` with `start`, `end` (characters
    /// of the text content) and `sources` (a `document` with its `title` or `url`, or a `tool`'s output).
    static func cohereCitation(_ message: [String: Any]) -> [DecodedEvent] {
        guard let citation = message["citations"] as? [String: Any], let start = citation["start"] as? Int,
            let end = citation["end"] as? Int
        else { return [.invalid("citation-start needs delta.message.citations with start and end (numbers)")] }
        let sources = citation["sources"] as? [[String: Any]] ?? []
        return sources.map { source in
            let document = source["document"] as? [String: Any] ?? source["tool_output"] as? [String: Any] ?? [:]
            let title = document["title"] as? String ?? source["id"] as? String ?? ""
            return .citation(
                CitationRead(.offsets(start: start, end: end, unit: .scalars), source: CitationSource(title: title, url: document["url"] as? String)))
        }
    }

    /// The AI SDK's `source-url` and `source-document` parts: sources the answer used, tied to no words.
    static func aiSDKSource(_ object: [String: Any]) -> DecodedEvent {
        let title = object["title"] as? String ?? object["filename"] as? String ?? ""
        let url = object["url"] as? String
        guard !title.isEmpty || url != nil else { return .invalid("a source part needs a url or a title") }
        return .citation(CitationRead(.none, source: CitationSource(title: title, url: url)))
    }
}

extension CitationRead {
    /// How `inspect` names it: `citation` with where it is, or `source`.
    var inspectName: String {
        switch anchor {
        case .offsets(let start, let end, let unit): return "citation:\(start)-\(end)\(unit == .utf8 ? "b" : ""):\(source.name)"
        case .currentBlock: return "citation:block:\(source.name)"
        case .none: return "source\(source.providerNumber.map { ":\($0)" } ?? ""):\(source.name)"
        }
    }
}
