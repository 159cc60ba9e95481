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
    /// How a dropped connection is retried before the client gives up; nil: it waits for the
    /// capture (as long as it is reconnecting, only the timeout ends it).
    public var reconnect: ReconnectPolicy?
    /// The client knows one end, `done` (shared/seeds/003's `complete`): an error only sets a
    /// connection state nobody draws, a stream that stops is waited on forever — the answer
    /// keeps looking as it streams ("is typing", no notice, no button). The manifest's ending
    /// still says what happened.
    public var onlyDoneEnds = false
    /// Going to the background closes the connection, and coming back opens a new one that asks
    /// for nothing (shared/seeds/003's `gracefulDisconnect` / `reconnectIfNeeded`): what the
    /// stream sent from then on never reaches the client.
    public var backgroundDisconnects = false
    /// Leaving the conversation cancels the polling and the timeout, and nothing restarts them
    /// on coming back (shared/seeds/001's `cleanup()` on `.onDisappear`): the stream ends `left`.
    public var leavingCancels = false

    public init(
        timeoutMs: Double? = nil, timeoutResets: Bool = false, timeoutSaysSo: Bool = true, emptyAnswerText: String? = nil,
        reconnect: ReconnectPolicy? = nil, onlyDoneEnds: Bool = false, backgroundDisconnects: Bool = false,
        leavingCancels: Bool = false
    ) {
        self.timeoutMs = timeoutMs
        self.timeoutResets = timeoutResets
        self.timeoutSaysSo = timeoutSaysSo
        self.emptyAnswerText = emptyAnswerText
        self.reconnect = reconnect
        self.onlyDoneEnds = onlyDoneEnds
        self.backgroundDisconnects = backgroundDisconnects
        self.leavingCancels = leavingCancels
    }

    /// The stream's ending at `timeMs`, or nil while it goes on.
    package func ending(of arrivals: Arrivals, at timeMs: Double) -> Ending? {
        if arrivals.unauthorized { return Ending(kind: .unauthorized, timeMs: timeMs) }
        if arrivals.errorMessage != nil { return Ending(kind: .error, timeMs: timeMs) }
        if arrivals.text.ended { return Ending(kind: .done, timeMs: timeMs) }
        if let reconnect, let dropped = arrivals.droppedAtMs,
            timeMs >= dropped + reconnect.giveUpAfterMs(rttMs: arrivals.conditions?.rttMs)
        {
            return Ending(kind: .gaveUp, timeMs: timeMs)
        }
        if let timeoutMs {
            let since = timeoutResets ? (arrivals.lastEventMs ?? 0) : 0
            if timeMs >= since + timeoutMs { return Ending(kind: .timeout, timeMs: timeMs) }
            return nil
        }
        return arrivals.exhausted ? Ending(kind: .incomplete, timeMs: timeMs) : nil
    }
}

/// How a client retries a dropped connection (shared/seeds/000: wait 1 s, reconnect with
/// Last-Event-ID, at most 3 attempts, then an error with "Resume"; wait 3 s when the round trip
/// passes 500 ms).
public struct ReconnectPolicy: Sendable, Equatable {
    public var maxAttempts: Int
    /// The wait before each attempt.
    public var backoffMs: Double
    /// The wait on a slow link (round trip above `slowRttMs`).
    public var slowBackoffMs: Double
    public var slowRttMs: Double
    /// How long an attempt may take before it counts as failed (the note is silent: 2 s, a
    /// mobile connect's timeout on a dead link, so that three attempts fail in 9 s).
    public var attemptMs: Double

    public init(
        maxAttempts: Int = 3, backoffMs: Double = 1000, slowBackoffMs: Double = 3000, slowRttMs: Double = 500,
        attemptMs: Double = 2000
    ) {
        self.maxAttempts = maxAttempts
        self.backoffMs = backoffMs
        self.slowBackoffMs = slowBackoffMs
        self.slowRttMs = slowRttMs
        self.attemptMs = attemptMs
    }

    /// The wait before each attempt on a link with this round trip.
    public func backoff(rttMs: Double?) -> Double {
        (rttMs ?? 0) > slowRttMs ? slowBackoffMs : backoffMs
    }

    /// From the drop to the moment the last attempt has failed, when no text came back.
    func giveUpAfterMs(rttMs: Double?) -> Double {
        Double(maxAttempts) * (backoff(rttMs: rttMs) + attemptMs)
    }
}

/// The client's side of a stream's end: decides the ending once, then holds the text as it was —
/// what arrives after a timeout is never shown, as a client that stopped listening shows nothing more.
struct EndingTracker {
    package let policy: EndingPolicy
    package private(set) var ending: Ending?
    /// The text as it stood when the client itself ended the stream (timeout, incomplete).
    private var held: ArrivedText?

    package init(policy: EndingPolicy) {
        self.policy = policy
    }

    /// What the client goes on with this frame: `arrivals`, ended by the client's own rule once it ends the stream.
    /// - Parameter stopRequested: the reader pressed stop at or before this frame.
    package mutating func apply(_ arrivals: Arrivals, at timeMs: Double, stopRequested: Bool = false) -> Arrivals {
        if ending == nil, let decided = stopRequested ? Ending(kind: .stopped, timeMs: timeMs) : policy.ending(of: arrivals, at: timeMs) {
            ending = decided
            // The client stops listening: what arrived stays (the display buffer still shows it), nothing more comes.
            if [.timeout, .incomplete, .gaveUp, .stopped].contains(decided.kind) {
                var text = arrivals.text
                text.ended = true
                text.cut = true
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

    /// The client itself ends the stream (it stopped listening), unless it has already ended.
    package mutating func end(_ kind: Ending.Kind, at timeMs: Double) {
        if ending == nil { ending = Ending(kind: kind, timeMs: timeMs) }
    }

    /// The notice under (or instead of) the answer for this ending, in `language`; nil: none.
    package func notice(afterText: Bool, language: AppLanguage, errorMessage: String?) -> String? {
        if policy.onlyDoneEnds, ending?.kind != .done { return nil }
        switch ending?.kind {
        case .error: return errorMessage.map { language.failureNotice($0, afterText: afterText) }
        case .gaveUp: return language.gaveUpNotice
        case .unauthorized: return language.unauthorizedNotice
        case .timeout:
            if !afterText, let text = policy.emptyAnswerText { return text }
            return policy.timeoutSaysSo ? language.timeoutNotice(afterText: afterText) : nil
        case .done: return afterText ? nil : language.emptyAnswer
        case .stopped, .incomplete, .left, .notSent, nil: return nil
        }
    }
}
