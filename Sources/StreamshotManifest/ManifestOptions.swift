public import StreamshotStyle

/// The options a manifest records: the client and its rules, the picture, how the input was
/// read — each typed. A value from a closed list is its enum (`textAlign`, `markdown`,
/// `layoutDirection`…); a name from one of Streamshot's registries (a client profile, a pacing,
/// a theme, a device, a network) is that name; the client's timeout, the network's seed and
/// Bold Text are a value, a number and a flag. Every field is optional: a client trace's
/// manifest records only what still decides something, and older manifests recorded less.
///
/// The JSON is an object by option name, keys in sorted order. Version 3 writes
/// `"timeout":{"ms":60000,"resets":true}`, `"seed":4` and `"boldText":false`; version 2 wrote
/// them as strings (`"60000 ms idle"`, `"4"`, `"off"`), and both are read. Keys a reader does
/// not know are skipped.
public struct ManifestOptions: Sendable, Equatable {
    /// Whose decisions the frames show.
    public enum Client: Sendable, Equatable {
        /// A client profile, by its name (`reference`, `haqq-mobile`…).
        case profile(String)
        /// A team's own client, replayed from its trace: the frames show its decisions.
        case trace
    }

    /// The client's timeout: how long it waits, and whether each arrival restarts the wait.
    public struct Timeout: Sendable, Equatable, Codable {
        public var ms: Double
        /// true: idle (each arrival restarts it); false: hard (from the request).
        public var resets: Bool

        public init(ms: Double, resets: Bool) {
            self.ms = ms
            self.resets = resets
        }

        /// Version 2's form, `60000 ms idle` / `30000 ms hard`; nil for `none` or anything else.
        public init?(text: String) {
            let words = text.split(separator: " ")
            guard words.count == 3, words[1] == "ms", let ms = Double(words[0]), ms.isFinite, ms >= 0,
                words[2] == "idle" || words[2] == "hard"
            else { return nil }
            self.init(ms: ms, resets: words[2] == "idle")
        }

        public var text: String { "\(Int(ms)) ms \(resets ? "idle" : "hard")" }
    }

    /// What `writingDirection` forced: every block's direction, or none (`auto`).
    public enum ForcedDirection: String, Sendable, Equatable, CaseIterable {
        case auto, ltr, rtl

        /// The direction forced, or `auto` when none was.
        public init(_ forced: WritingDirection?) {
            switch forced {
            case .ltr: self = .ltr
            case .rtl: self = .rtl
            case nil: self = .auto
            }
        }
    }

    // The client.
    public var client: Client?
    /// The traced client's UI framework (a trace's manifest only).
    public var platform: TracePlatform?
    public var pacing: String?
    public var textAlign: TextAlign?
    public var alignmentResolution: AlignmentResolution?
    public var directionRule: String?
    public var blockDirection: BlockDirectionMode?
    public var writingDirection: ForcedDirection?
    public var directionLock: DirectionLock?
    /// The app's layout direction, recorded when it is right to left (or a trace said).
    public var layoutDirection: WritingDirection?
    public var appLanguage: AppLanguage?
    public var linePitch: LinePitchMode?
    /// Whether the client renders Markdown: a judge of raw syntax reads it here.
    public var markdown: MarkdownRendering?
    /// Recorded when it is not the default (`scroll`).
    public var codeOverflow: CodeOverflow?
    /// How the client colours code (`primer`; absent: not at all, as before Streamshot highlighted code).
    public var codeHighlighting: CodeHighlighting?
    /// `2400/12000`: tokens left this month, and the allowance, as `--token-budget` takes it.
    public var tokenBudget: String?
    /// The client's timeout; nil when it has none (`timeoutRecorded` says whether the manifest said).
    public var timeout: Timeout?
    /// The manifest said what the timeout is (none included).
    public var timeoutRecorded = false

    // The picture.
    public var theme: String?
    public var bidiControls: BidiControlDisplay?
    /// The device preset's name, `none` when the size was given alone.
    public var device: String?
    public var textSize: String?
    public var boldText: Bool?
    public var contrast: Contrast?

    // The input.
    /// The network profile plain text and stamp-less captures were timed with.
    public var network: String?
    public var seed: UInt64?
    /// The declared mapping a team's own JSON events were read with, as its options spell it.
    public var mapping: String?

    public init() {}

    /// Whether the frames replay a team's own client trace.
    public var replaysTrace: Bool { client == .trace }

    /// The client's name as titles show it: the profile's, or `trace`.
    public var clientName: String? {
        switch client {
        case .profile(let name): return name
        case .trace: return "trace"
        case nil: return nil
        }
    }

    /// Each option recorded, by name, in its written form (sorted by name): what a reader lists
    /// and what a comparison of two manifests names.
    public var listed: [(name: String, text: String)] {
        ((try? JSONValueEncoder().encode(self)).flatMap { value -> [(String, JSONValue)]? in
            if case .object(let pairs) = value { return pairs }
            return nil
        } ?? []).map { ($0.0, $0.1.listedText) }
    }

    /// The names of the options two manifests record differently, each with both values:
    /// `theme light vs dark`.
    public func differences(from other: ManifestOptions) -> [String] {
        let mine = Dictionary(uniqueKeysWithValues: listed.map { ($0.name, $0.text) })
        let theirs = Dictionary(uniqueKeysWithValues: other.listed.map { ($0.name, $0.text) })
        return Set(mine.keys).union(theirs.keys).sorted().filter { mine[$0] != theirs[$0] }
            .map { "\($0) \(mine[$0] ?? "-") vs \(theirs[$0] ?? "-")" }
    }
}

extension JSONValue {
    /// A recorded option's value as a reader lists it: a string without its quotes.
    fileprivate var listedText: String {
        if case .string(let text) = self { return text }
        return text()
    }
}
