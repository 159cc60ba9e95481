public import StreamshotManifest

/// One thing a detector found, pointing at a frame.
public struct Finding: Codable, Equatable, Sendable {
    /// What was found; each kind belongs to one detector.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case responseDirectionChanged = "response-direction-changed"
        case blockDirectionChanged = "block-direction-changed"
        case lineMoved = "line-moved"
        case layoutShift = "layout-shift"
        case stall, burst
        case endDump = "end-dump"
        case partialWord = "partial-word"
        case wordsChanged = "words-changed"
        case rewrite
        case wrongPitch = "wrong-pitch"
        case lineOverflow = "line-overflow"
        case inkClipped = "ink-clipped"
        case inkOverlap = "ink-overlap"
        case misaligned
        case lineSlid = "line-slid"
        case textNotDrawn = "text-not-drawn"
        case scrollHijack = "scroll-hijack"
        case textNeverShown = "text-never-shown"
        case textDropped = "text-dropped"
        case textDuplicated = "text-duplicated"
        case silentEnding = "silent-ending"
        case stillStreaming = "still-streaming"
        case leftIncomplete = "left-incomplete"
        case contentDirection = "content-direction"
        case sideOpposite = "side-opposite"
        case scrollJump = "scroll-jump"
        case splitWord = "split-word"
        case inkOverlapped = "ink-overlapped"
        case rawSyntax = "raw-syntax"
        case lowContrast = "low-contrast"
        case columnJumped = "column-jumped"
        case columnLeftView = "column-left-view"
        case caretOutOfView = "caret-out-of-view"

        /// The detector that reports it.
        public var detector: String {
            switch self {
            case .responseDirectionChanged, .blockDirectionChanged, .lineMoved: return Detector.directionFlip.name
            case .layoutShift: return Detector.layoutShift.name
            case .stall, .burst, .endDump, .partialWord, .wordsChanged, .rewrite: return Detector.revealCadence.name
            case .wrongPitch, .lineOverflow, .inkClipped, .inkOverlap: return Detector.lineHeight.name
            case .misaligned, .lineSlid: return Detector.alignment.name
            case .textNotDrawn: return Detector.drawnText.name
            case .scrollHijack: return Detector.scrollHijack.name
            case .textNeverShown, .textDropped, .textDuplicated: return Detector.lostText.name
            case .silentEnding: return Detector.silentEnding.name
            case .stillStreaming, .leftIncomplete: return Detector.hung.name
            case .contentDirection, .sideOpposite: return Detector.contentDirection.name
            case .scrollJump: return Detector.scrollJump.name
            case .splitWord: return Detector.splitWord.name
            case .inkOverlapped: return Detector.overlap.name
            case .rawSyntax: return Detector.rawSyntax.name
            case .lowContrast: return Detector.contrast.name
            case .columnJumped, .columnLeftView: return Detector.tableColumns.name
            case .caretOutOfView: return Detector.caretInView.name
            }
        }
    }

    public var kind: Kind
    public var detector: String
    public var frameIndex: Int
    public var timeMs: Double
    public var blockId: Int?
    public var message: String
    /// The numbers behind the finding, e.g. ["dx": 37.5].
    public var values: [String: Double]

    public init(_ kind: Kind, frameIndex: Int, timeMs: Double, blockId: Int? = nil, message: String, values: [String: Double] = [:]) {
        self.kind = kind
        self.detector = kind.detector
        self.frameIndex = frameIndex
        self.timeMs = timeMs
        self.blockId = blockId
        self.message = message
        self.values = values
    }
}

/// The thresholds every detector reads; each has a documented default.
public struct CheckThresholds: Codable, Equatable, Sendable {
    /// Pixels a line may move before it counts as moved (sub-pixel noise is not a move).
    public var positionTolerancePx = 0.5
    /// Largest cumulative layout shift allowed (the web's "good" is 0.1).
    public var maxLayoutShift = 0.1
    /// Frames without a reveal while revealable text waits, for at least this long, are a stall.
    public var stallMs = 250.0
    /// More characters than this (about five words) revealed in one frame is a burst; the stream's
    /// end and whole code lines are excepted. The smooth policy's catch-up peaks near 20.
    public var burstChars = 24
    /// Allowed difference between a line pitch and 1.8 x the font size.
    public var pitchTolerancePx = 0.01
    /// How long a stream may look like it is still streaming, with nothing arriving, when the
    /// client has no timeout of its own (the reference client's idle timeout).
    public var hungMs = 60_000.0
    /// How long the caret may stay below the screen while the view is the client's to move: a
    /// screenful of new text sliding into view at a third of a line a frame takes up to ~400 ms
    /// at the accessibility sizes; longer, the answer is being written where nobody can see it.
    public var caretHiddenMs = 500.0

    public init() {}
}

/// What `check` concluded.
public struct CheckReport: Codable, Equatable, Sendable {
    public struct DetectorResult: Codable, Equatable, Sendable {
        public var name: String
        public var formula: String
        public var passed: Bool
        public var findings: [Finding]
        /// A summary number where the detector has one (the CLS score for layout shift).
        public var score: Double?
        /// Why the detector could not judge this render (contrast without frame pixels); nil when it did.
        public var notJudged: String? = nil
    }

    /// Every detector passed, and (strict) the render has no warning.
    public var passed: Bool { detectors.allSatisfy(\.passed) && !failsOnWarnings }
    public var thresholds: CheckThresholds
    public var detectors: [DetectorResult]
    /// The render's warnings (the manifest's `warnings`: a field a trace got wrong, an event
    /// skipped as malformed...), listed whatever `strict` says. Counted `skipped` events
    /// (tool calls, usage) are not warnings.
    public var warnings: [RenderWarning]
    /// Whether the warnings fail the check (`check --strict`).
    public var strict: Bool
    /// The render's client (`options.client`), when it has one: what its note implies is said
    /// beside the findings (`NoteExpectations`).
    public var client: String?
    /// What no detector could see in this render (`UnjudgedParts`: a wide table's columns never
    /// in view); nil when nothing.
    public var unjudged: [String]?

    public init(
        thresholds: CheckThresholds, detectors: [DetectorResult], warnings: [RenderWarning] = [], strict: Bool = false,
        client: String? = nil
    ) {
        self.thresholds = thresholds
        self.detectors = detectors
        self.warnings = warnings
        self.strict = strict
        self.client = client
    }

    /// Strict, with warnings: the check fails on them alone.
    public var failsOnWarnings: Bool { strict && !warnings.isEmpty }

    /// Every finding, by frame.
    public var findings: [Finding] { detectors.flatMap(\.findings).sorted { ($0.frameIndex, $0.detector) < ($1.frameIndex, $1.detector) } }
}
