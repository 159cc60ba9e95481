import StreamshotManifest

extension Detector {
    /// Ink over ink: one line's glyphs on another's, the caret on another line's glyphs, or an
    /// overlay on text, judged from each line's ink top and bottom (`inkTop`, `inkBottom`) and its
    /// logical box across (the manifest has no ink extent across).
    public static let overlap = Detector(
        name: "overlap",
        formula: "on a frame on screen, two lines whose ink bands (inkTop...inkBottom) overlap by more than positionTolerancePx and whose boxes "
            + "(x...x+width) overlap across by more than 1 px; the caret (x...x + 2 px per scale, y...y+height) over the ink of a line it does not end; "
            + "an overlay other than the new-content pill and the stop button (floating controls drawn over text by design) over a line's ink for at "
            + "least 250 ms (or until the end: a line gliding up behind a pill passes, it is read above it; a band pill floats over a view the "
            + "reader dragged away from the end, until it is pinned again — a client trace, whose reader is not recorded, over "
            + "any view away from the end); once per "
            + "pair of lines (or thing and line) per block pair; two overlays whose boxes overlap by more than positionTolerancePx both ways for as "
            + "long (not a floating control or a band pill over an ending's notice, whose lines are judged as any line's), or an "
            + "overlay past the frame's side edges"
    ) { manifest, thresholds in
        var findings: [Finding] = []
        var reported: Set<String> = []
        var covers = StandingCovers()
        var lastMs = 0.0
        var readersView = ReadersView(isTrace: manifest.options.replaysTrace)
        func report(_ found: [(key: String, finding: Finding)]) {
            for (key, finding) in found where reported.insert(key).inserted { findings.append(finding) }
        }
        return FramePass(
            visit: { frame in
                let away = readersView.isAway(on: frame, in: manifest)
                guard frame.isOnScreen else { return }
                lastMs = frame.timeMs
                let inks = OverlapJudge.inks(frame)
                let coverings =
                    OverlapJudge.coverings(
                        inks, frame: frame, readerAway: away, scale: manifest.viewport.scale,
                        tolerance: thresholds.positionTolerancePx)
                    + OverlapJudge.overlayClashes(frame, width: Double(manifest.viewport.width), tolerance: thresholds.positionTolerancePx)
                report(
                    OverlapJudge.lineOverlaps(inks, frame: frame, tolerance: thresholds.positionTolerancePx, manifest: manifest)
                        + coverings.filter(\.instant).map { ($0.key, $0.finding) }
                        + covers.update(coverings.filter { !$0.instant }, atMs: frame.timeMs))
            },
            finish: {
                report(covers.standing(untilMs: lastMs, atEnd: true))
                return (findings.sorted { ($0.frameIndex, $0.message) < ($1.frameIndex, $1.message) }, nil, findings.isEmpty)
            }
        ).onPictures
    }
}

/// Overlays over lines (or over each other), kept until they have covered them long enough to
/// hide them from a reader: a line (or an ending's notice) that glides up behind the composer
/// band's pill as the view follows it passes under it in a few frames and is read above it; a
/// pill that stays on the words hides them.
struct StandingCovers {
    /// How long an overlay must stay on a line's ink to be a cover (the stall threshold's order:
    /// what a reader notices).
    static let minimumMs = 250.0
    private var open: [String: (finding: Finding, sinceMs: Double)] = [:]

    /// Takes this frame's coverings; returns those that ended after standing long enough.
    mutating func update(_ coverings: [OverlapJudge.Covering], atMs timeMs: Double) -> [(key: String, finding: Finding)] {
        let current = Set(coverings.map(\.key))
        let ended = standing(untilMs: timeMs, atEnd: false, keeping: current)
        for covering in coverings where open[covering.key] == nil { open[covering.key] = (covering.finding, timeMs) }
        return ended
    }

    /// Coverings no longer current (all of them `atEnd`) that stood for `minimumMs` by `untilMs`
    /// (at the end, any still standing: nothing moves them off any more); the rest are forgotten.
    mutating func standing(untilMs: Double, atEnd: Bool, keeping current: Set<String> = []) -> [(key: String, finding: Finding)] {
        var found: [(key: String, finding: Finding)] = []
        for (key, cover) in open.sorted(by: { $0.key < $1.key }) where !current.contains(key) {
            if atEnd || untilMs - cover.sinceMs >= Self.minimumMs - Manifest.timeSlackMs { found.append((key, cover.finding)) }
            open[key] = nil
        }
        return found
    }
}

/// The overlap detector's measures.
enum OverlapJudge {
    struct Ink {
        var block: Int
        var line: Int
        var left, right, top, bottom: Double
        var start: Int?
    }

    /// Every listed line with ink, top to bottom.
    static func inks(_ frame: Frame) -> [Ink] {
        frame.blocks.flatMap { block in
            block.lines.enumerated().compactMap { position, line -> Ink? in
                guard let top = line.inkTop, let bottom = line.inkBottom, line.width > 0 else { return nil }
                return Ink(
                    block: block.id, line: block.lineIndex(at: position), left: line.x, right: line.x + line.width,
                    top: top, bottom: bottom, start: line.start)
            }
        }.sorted { ($0.top, $0.block, $0.line) < ($1.top, $1.block, $1.line) }
    }

    static func lineOverlaps(
        _ inks: [Ink], frame: Frame, tolerance: Double,
        manifest: Manifest
    ) -> [(key: String, finding: Finding)] {
        var found: [(key: String, finding: Finding)] = []
        for (index, upper) in inks.enumerated() {
            for lower in inks[(index + 1)...] {
                guard lower.top < upper.bottom - tolerance else { break }
                let across = min(upper.right, lower.right) - max(upper.left, lower.left)
                guard across > 1, !(upper.block == lower.block && upper.line == lower.line) else { continue }
                let depth = min(upper.bottom, lower.bottom) - lower.top
                let place =
                    upper.block == lower.block
                    ? "\(name(upper.block)): line \(upper.line)'s ink reaches \(depth.rounded2) px into line \(lower.line)'s"
                    : "\(name(upper.block)) line \(upper.line)'s ink reaches \(depth.rounded2) px into \(name(lower.block)) line \(lower.line)'s"
                found.append(
                    (
                        "lines \(upper.block).\(upper.line) \(lower.block).\(lower.line)",
                        Finding(
                            .inkOverlapped, frameIndex: frame.index, timeMs: frame.timeMs, blockId: lower.block,
                            message: "\(place) over \(across.rounded2) px across: a reader sees the glyphs of two lines drawn on each other",
                            values: ["depth": depth, "across": across])
                    ))
            }
        }
        return found
    }

    /// A block as a reader would point at it: the ending's notice (a block of the client's, id
    /// -1) by what it is, the answer's blocks by their id.
    static func name(_ block: Int) -> String {
        block < 0 ? "the ending's notice" : "block \(block)"
    }

    /// Something over a line's ink (the caret, an overlay), over another overlay, or off the frame.
    struct Covering {
        var key: String
        var finding: Finding
        /// Judged on the frame alone (the caret, a label off the frame); otherwise it must stand (`StandingCovers`).
        var instant: Bool
    }

    /// The pills of the composer's band. While the view is the client's (following the answer's
    /// end, or chasing it) the newest line must stay clear of them: a pill over the line being
    /// written hides it as it is written. Dragged away from the end by the reader, their own
    /// view runs under the band, and a pill floats over it as the new-content pill does.
    static let bandPills: Set<OverlayKind> = [.reconnecting, .slowConnection, .progress, .summaryMode, .tokenBudget, .retry]

    /// A floating control over an ending's notice, which is text of the answer drawn where the
    /// document put it: the new-content pill and the stop button float over the answer, and a
    /// band pill over the notice is judged line by line, as over any text (`coverings`): a tall
    /// notice gliding up behind the retry pill as the view brings it in is read above it.
    static func floatsOverContent(_ one: Frame.Overlay, _ other: Frame.Overlay) -> Bool {
        guard one.kind == .error || other.kind == .error else { return false }
        let control = one.kind == .error ? other.kind : one.kind
        return control == .newContentPill || control == .stopButton || bandPills.contains(control)
    }

    /// The caret and overlays over lines' ink.
    static func coverings(_ inks: [Ink], frame: Frame, readerAway: Bool, scale: Double, tolerance: Double) -> [Covering] {
        var things: [(name: String, left: Double, right: Double, top: Double, bottom: Double, ownBlock: Int?, drawnAs: Int?)] = []
        if let caret = frame.caret {
            things.append(("the caret", caret.x, caret.x + 2 * scale, caret.y, caret.y + caret.height, caret.blockId, nil))
        }
        // An ending's notice overlay is the box of the notice block it stands for: its own words are no cover.
        let notice = frame.blocks.first { $0.kind == .notice }?.id
        for overlay in frame.overlays ?? []
        where overlay.kind != .newContentPill && overlay.kind != .stopButton
            && !(readerAway && bandPills.contains(overlay.kind))
        {
            things.append(
                (
                    "the \(overlay.kind.rawValue) overlay", overlay.x, overlay.x + overlay.width, overlay.y, overlay.y + overlay.height, nil,
                    overlay.kind == .error ? notice : nil
                ))
        }
        var found: [Covering] = []
        for thing in things {
            for ink in inks where ink.top < thing.bottom - tolerance && thing.top < ink.bottom - tolerance && ink.block != thing.drawnAs {
                let across = min(thing.right, ink.right) - max(thing.left, ink.left)
                guard across > 1 else { continue }
                // The caret stands at its own line's end: only its line's logical box says where the
                // glyphs end, so the line it ends is not judged (no ink extent across).
                if thing.ownBlock == ink.block, ink.top <= (thing.top + thing.bottom) / 2, (thing.top + thing.bottom) / 2 <= ink.bottom { continue }
                found.append(
                    Covering(
                        key: "\(thing.name) \(ink.block).\(ink.line)",
                        finding: Finding(
                            .inkOverlapped, frameIndex: frame.index, timeMs: frame.timeMs, blockId: ink.block,
                            message: "\(thing.name) covers \(name(ink.block)) line \(ink.line)'s ink over \(across.rounded2) px: "
                                + "a reader cannot read what is under it",
                            values: ["across": across]),
                        instant: thing.name == "the caret"))
            }
        }
        return found
    }

    /// Overlays drawn over each other (a status row over the thinking row), or past the frame's
    /// side edges (a label running off the screen): each is a label a reader cannot read. The
    /// ending's notice and its retry button, the stop button and the band's pill beside it are
    /// placed apart by design and judged like the rest.
    static func overlayClashes(_ frame: Frame, width: Double, tolerance: Double) -> [Covering] {
        let overlays = frame.overlays ?? []
        var found: [Covering] = []
        for (position, overlay) in overlays.enumerated() {
            let name = overlay.kind.rawValue
            if overlay.x < -tolerance || overlay.x + overlay.width > width + tolerance {
                found.append(
                    Covering(
                        key: "\(name) off the frame",
                        finding: Finding(
                            .inkOverlapped, frameIndex: frame.index, timeMs: frame.timeMs,
                            message:
                                "the \(name) overlay runs past the frame's side (x \(overlay.x.rounded2) to \((overlay.x + overlay.width).rounded2) of "
                                + "\(width.rounded2) px): its words are cut off", values: ["x": overlay.x, "width": overlay.width]), instant: true))
            }
            for other in overlays[(position + 1)...] where !floatsOverContent(overlay, other) {
                let across = min(overlay.x + overlay.width, other.x + other.width) - max(overlay.x, other.x)
                let down = min(overlay.y + overlay.height, other.y + other.height) - max(overlay.y, other.y)
                guard across > tolerance, down > tolerance else { continue }
                found.append(
                    Covering(
                        key: "\(name) over \(other.kind.rawValue)",
                        finding: Finding(
                            .inkOverlapped, frameIndex: frame.index, timeMs: frame.timeMs,
                            message:
                                "the \(name) and \(other.kind.rawValue) overlays are drawn over each other (\(across.rounded2) x \(down.rounded2) px)",
                            values: ["across": across, "down": down]), instant: false))
            }
        }
        return found
    }
}

/// Whether the view is the reader's, away from the answer's end: from their drag that left it
/// unpinned until it is pinned again (their tap on the pill easing it back is still theirs; going
/// to the background and back leaves it where they put it). A client trace records no reader
/// unless it says so: there any view away from the end may be theirs.
struct ReadersView {
    let isTrace: Bool
    private var previousMs = -Double.infinity
    private var dragged = false

    init(isTrace: Bool) { self.isTrace = isTrace }

    mutating func isAway(on frame: Frame, in manifest: Manifest) -> Bool {
        let actions = manifest.readerActions(after: previousMs, upTo: frame.timeMs)
        previousMs = frame.timeMs
        if frame.pinned == false, actions.contains(where: { $0.action == "scroll" }) { dragged = true }
        if frame.pinned == true { dragged = false }
        return isTrace ? frame.pinned == false : dragged
    }
}
