/// A source an answer cites: a web page, a document the request carried, a file a search found.
public struct CitationSource: Equatable, Hashable, Sendable {
    /// Its title as the provider sent it ("" when it sent none: the domain or file name stands in).
    public var title: String
    /// Where it is on the web (nil for a document or a file).
    public var url: String?
    /// The pages the cited words are on, when the provider said (a PDF's `page_location`).
    public var pages: ClosedRange<Int>?
    /// The number the provider gave it, when its text cites by number (`[3]` with a sources
    /// array, as Perplexity's API sends them): the chip shows that number.
    public var providerNumber: Int?

    public init(title: String, url: String? = nil, pages: ClosedRange<Int>? = nil, providerNumber: Int? = nil) {
        self.title = title
        self.url = url
        self.pages = pages
        self.providerNumber = providerNumber
    }

    /// The URL's host without `www.` (what a pill and a Sources row show beside the title).
    public var domain: String? {
        guard let url, let schemeEnd = url.range(of: "://") else { return nil }
        let rest = url[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
        guard !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : String(host)
    }

    /// What a reader sees it called: its title, else its domain, else its address.
    public var name: String {
        if !title.isEmpty { return title }
        return domain ?? url ?? ""
    }

    /// Two reads of one source: the same address, or (without one) the same title.
    var identity: String { url ?? "title:\(title)" }
}

/// One citation, placed in the answer's text: the words it supports and its source.
public struct Citation: Equatable, Sendable {
    /// The cited words, in Unicode scalars of the answer's text (empty at its end: a citation
    /// the provider tied to no words, placed where it arrived).
    public var span: Range<Int>?
    public var source: CitationSource
    /// The text's own marker for it (`[3]` at these scalars), which the chip takes the place of.
    public var marker: Range<Int>?

    public init(span: Range<Int>?, source: CitationSource, marker: Range<Int>? = nil) {
        self.span = span
        self.source = source
        self.marker = marker
    }
}

/// A citation as a format decoder reads it, before it is placed in the answer's text.
public struct CitationRead: Equatable, Sendable {
    /// Where the cited words are, in the provider's terms.
    public enum Anchor: Equatable, Sendable {
        /// Offsets into the text block being streamed (its first character is 0), in `unit`.
        case offsets(start: Int, end: Int, unit: OffsetUnit)
        /// The text block being written is the cited claim (Anthropic's `citations_delta`): its
        /// span is known when the block ends.
        case currentBlock
        /// No place in the text: a source the answer used (a search result, a `source-url` part).
        case none
    }

    /// What a provider's offsets count.
    public enum OffsetUnit: String, Equatable, Sendable {
        /// Unicode scalars (Python string indices: OpenAI, Cohere).
        case scalars
        /// UTF-8 bytes (Gemini's `segment` indices).
        case utf8
    }

    public var anchor: Anchor
    public var source: CitationSource

    public init(_ anchor: Anchor, source: CitationSource) {
        self.anchor = anchor
        self.source = source
    }
}
