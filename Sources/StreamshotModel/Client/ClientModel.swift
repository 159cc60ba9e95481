/// What has arrived from the network by a frame's time: the client model's input. Read it
/// within the frame: `text` shares its storage with the playback, so a model that kept it
/// would make every later arrival copy the whole text.
public struct Arrivals {
    public var text: ArrivedText
    /// When the first character arrived.
    public var firstArrivalMs: Double?
    /// The stream's error, once it failed.
    public var errorMessage: String?
    /// The connection dropped and no text has arrived since.
    public var isReconnecting: Bool
    /// Set on the frame a snapshot rewrote earlier text: the offset from which it changed.
    public var rewrittenFrom: Int?
    /// When the last event arrived (an idle timeout counts from it).
    public var lastEventMs: Double?
    /// The capture has no more events and never said done: nothing more will arrive. Whether the
    /// stream is over is the client's decision (`EndingPolicy`), not the network's.
    public var exhausted: Bool
    /// The server revoked the session mid-stream (a 401); `errorMessage` says what it sent.
    public var unauthorized: Bool
    /// When the connection last dropped, while `isReconnecting`.
    public var droppedAtMs: Double?
    /// The connection as the client measures it, when the input's network says.
    public var conditions: NetworkConditions?
    /// Reasoning and tool calls so far (their events also move `lastEventMs`).
    public var activity: ArrivedActivity
    /// Citations and sources arrived so far, in order.
    public var citations: [Citation]

    public init(
        text: ArrivedText, firstArrivalMs: Double?, errorMessage: String?, isReconnecting: Bool, rewrittenFrom: Int?,
        lastEventMs: Double? = nil, exhausted: Bool = false, unauthorized: Bool = false, droppedAtMs: Double? = nil,
        conditions: NetworkConditions? = nil, activity: ArrivedActivity = ArrivedActivity(), citations: [Citation] = []
    ) {
        self.text = text
        self.firstArrivalMs = firstArrivalMs
        self.errorMessage = errorMessage
        self.isReconnecting = isReconnecting
        self.rewrittenFrom = rewrittenFrom
        self.lastEventMs = lastEventMs
        self.exhausted = exhausted
        self.unauthorized = unauthorized
        self.droppedAtMs = droppedAtMs
        self.conditions = conditions
        self.activity = activity
        self.citations = citations
    }
}

/// The client-model stage: the one place a frame's decisions are made. Each frame it turns what
/// has arrived into the content decisions (revealed text, blocks, directions, alignment, pitch,
/// overlays); once layout has measured the document, into the view decisions (scroll, fades).
/// Layout and paint execute them. A client that decides differently — a product note's profile,
/// a team's own client read from its trace — is another conformance, not a branch in the loop.
public protocol ClientModel: AnyObject {
    /// The response's direction, once decided.
    var responseDirection: WritingDirection? { get }
    /// Whether the render is over at `timeMs` (everything settled and held long enough).
    func isFinished(at timeMs: Double) -> Bool
    /// How the stream ended, once the client has ended it.
    var ending: Ending? { get }
    /// The frame's decisions about the text, before layout.
    /// - Parameters:
    ///   - arrivals: what has arrived by the frame time.
    ///   - timeMs: the frame time (the only clock a model may read).
    func decideContent(_ arrivals: Arrivals, at timeMs: Double) -> ContentDecisions
    /// The frame's decisions about the view, once layout has measured the document.
    /// - Parameters:
    ///   - content: this frame's content decisions.
    ///   - document: the laid-out document, as a scroll view knows it.
    ///   - viewportHeight: the frame's height in pixels.
    func decideView(_ content: ContentDecisions, document: any ScrollContent, viewportHeight: Double) -> ViewDecisions
    /// A live input grew (the frame loop waits for it): a model that reads the transcript itself —
    /// a trace's client — takes the longer one. Models that see only `Arrivals` need nothing.
    func inputGrew(_ transcript: Transcript)
    /// The sources cited so far, by number less one, and every citation chip shown.
    var citationsShown: (sources: [CitationSource], chips: [PlacedCitation]) { get }
}

extension ClientModel {
    public func inputGrew(_ transcript: Transcript) {}
    public var citationsShown: (sources: [CitationSource], chips: [PlacedCitation]) { ([], []) }
}
