/// How a stream ended, as the client showed it: recorded once, at the manifest's top level.
public struct Ending: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The server said it was done.
        case done
        /// The client's timeout came first (`EndingPolicy.timeoutMs`).
        case timeout
        /// The server reported an error.
        case error
        /// The capture stopped with no `done`, and the client has no timeout to end it.
        case incomplete
    }

    public var kind: Kind
    /// The frame time at which the client ended the stream.
    public var timeMs: Double

    public init(kind: Kind, timeMs: Double) {
        self.kind = kind
        self.timeMs = timeMs
    }
}

/// When a client stops waiting for a stream, and what it shows then.
public struct EndingPolicy: Sendable, Equatable {
    /// How long the client waits for `done`, in ms; nil: as long as the capture lasts.
    public var timeoutMs: Double?
    /// The timeout counts from the last arrival (an idle timeout) rather than from the request
    /// (a hard timeout, never reset).
    public var timeoutResets: Bool
    /// At a timeout the client says so under the text and offers a retry; false: it keeps what
    /// was shown as if it were complete (the polling note's rule).
    public var timeoutSaysSo: Bool
    /// What a client shows instead of an answer when nothing arrived before the timeout; nil:
    /// the response language's timeout notice.
    public var emptyAnswerText: String?

    public init(timeoutMs: Double? = nil, timeoutResets: Bool = false, timeoutSaysSo: Bool = true, emptyAnswerText: String? = nil) {
        self.timeoutMs = timeoutMs
        self.timeoutResets = timeoutResets
        self.timeoutSaysSo = timeoutSaysSo
        self.emptyAnswerText = emptyAnswerText
    }

    /// The stream's ending at `timeMs`, or nil while it goes on.
    func ending(of arrivals: Arrivals, at timeMs: Double) -> Ending? {
        if arrivals.errorMessage != nil { return Ending(kind: .error, timeMs: timeMs) }
        if arrivals.text.ended { return Ending(kind: .done, timeMs: timeMs) }
        if let timeoutMs {
            let since = timeoutResets ? (arrivals.lastEventMs ?? 0) : 0
            if timeMs >= since + timeoutMs { return Ending(kind: .timeout, timeMs: timeMs) }
            return nil
        }
        return arrivals.exhausted ? Ending(kind: .incomplete, timeMs: timeMs) : nil
    }
}

/// The client's side of a stream's end: decides the ending once, then holds the text as it was —
/// what arrives after a timeout is never shown, as a client that stopped listening shows nothing more.
struct EndingTracker {
    let policy: EndingPolicy
    private(set) var ending: Ending?
    /// The text as it stood when the client itself ended the stream (timeout, incomplete).
    private var held: ArrivedText?

    init(policy: EndingPolicy) {
        self.policy = policy
    }

    /// What the client goes on with this frame: `arrivals`, ended by the client's own rule once it ends the stream.
    mutating func apply(_ arrivals: Arrivals, at timeMs: Double) -> Arrivals {
        if ending == nil, let decided = policy.ending(of: arrivals, at: timeMs) {
            ending = decided
            if decided.kind == .timeout || decided.kind == .incomplete {
                var text = arrivals.text
                text.ended = true
                held = text
            }
        }
        guard let held else { return arrivals }
        var result = arrivals
        result.text = held
        result.errorMessage = nil
        result.isReconnecting = false
        return result
    }

    /// The notice under (or instead of) the answer for this ending, in `language`; nil: none.
    func notice(afterText: Bool, language: ResponseLanguage, errorMessage: String?) -> String? {
        switch ending?.kind {
        case .error: return errorMessage.map { language.failureNotice($0, afterText: afterText) }
        case .timeout:
            if !afterText, let text = policy.emptyAnswerText { return text }
            return policy.timeoutSaysSo ? language.timeoutNotice(afterText: afterText) : nil
        case .done: return afterText ? nil : language.emptyAnswer
        case .incomplete, nil: return nil
        }
    }
}
