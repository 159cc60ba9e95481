/// The frame manifest: what is where on every frame. A public contract (see README):
/// top-level `version`, `viewport`, `fps`, `direction`, `options`, `warnings`, `blocks` (each
/// block's text once) and `frames`, one frame per line so it also reads as JSON Lines.
struct ManifestWriter {
    static let version = 1
    private var frameLines: [String] = []

    mutating func add(_ scene: FrameScene, file: String) {
        var pairs: [(String, String)] = [
            ("index", String(scene.index)),
            ("timeMs", JSONText.number(scene.timeMs)),
            ("file", JSONText.string(file)),
            ("revealedChars", String(scene.revealedChars)),
            ("bufferedChars", String(scene.bufferedChars)),
            ("scroll", JSONText.number(scene.scroll)),
            ("typingIndicator", scene.showsTypingIndicator ? "true" : "false"),
        ]
        if scene.isReconnecting { pairs.append(("reconnecting", "true")) }
        var blocks: [String] = []
        for visible in scene.blocks {
            let placed = visible.placed
            let block = placed.layout
            let dy = placed.top - scene.scroll
            let lines = block.lines.map { line in
                JSONText.object([
                    ("x", JSONText.number(line.x)), ("y", JSONText.number(line.y + dy)),
                    ("width", JSONText.number(line.width)), ("height", JSONText.number(line.height)),
                    ("baseline", JSONText.number(line.baseline + dy)),
                ])
            }
            blocks.append(JSONText.object([
                ("id", String(block.blockId)), ("kind", JSONText.string(block.kind.name)),
                ("direction", JSONText.string(block.direction.rawValue)), ("align", JSONText.string(block.alignment.name)),
                ("opacity", JSONText.number(visible.opacity, places: 3)),
                ("fontSize", JSONText.number(block.fontSize)), ("linePitch", JSONText.number(block.linePitch)),
                ("top", JSONText.number(dy)), ("height", JSONText.number(block.height)),
                ("lines", JSONText.array(lines)),
            ]))
            if block.blockId == scene.caretBlockId, let caret = block.caret {
                pairs.append(("caret", JSONText.object([
                    ("blockId", String(block.blockId)), ("x", JSONText.number(caret.x)),
                    ("y", JSONText.number(caret.y + dy)), ("height", JSONText.number(caret.height)),
                ])))
            }
        }
        pairs.append(("blocks", JSONText.array(blocks)))
        frameLines.append(JSONText.object(pairs))
    }

    /// The whole manifest as JSON text.
    func finish(options: RenderOptions, direction: WritingDirection?, warnings: [RenderWarning], format: String?,
                skipped: [String: Int], blocks: [PlacedBlock], extraOptions: [(String, String)]) -> String {
        let viewport = JSONText.object([
            ("width", String(options.widthPx)), ("height", String(options.heightPx)), ("scale", JSONText.number(options.scale)),
        ])
        let optionPairs: [(String, String)] = [
            ("pacing", JSONText.string(options.pacing.name)),
            ("textAlign", JSONText.string(options.textAlign.rawValue)),
            ("directionRule", JSONText.string(options.direction.rule.name)),
            ("blockDirection", JSONText.string(options.direction.blockMode.rawValue)),
            ("writingDirection", JSONText.string(options.direction.forced?.rawValue ?? "auto")),
            ("theme", JSONText.string(options.theme.name)),
        ] + extraOptions.map { ($0.0, JSONText.string($0.1)) }
        let warningItems = warnings.map { warning in
            JSONText.object([("kind", JSONText.string(warning.kind)), ("message", JSONText.string(warning.message))]
                + (warning.timeMs.map { [("timeMs", JSONText.number($0))] } ?? []))
        }
        let blockItems = blocks.map { placed in
            var pairs: [(String, String)] = [
                ("id", String(placed.layout.blockId)), ("kind", JSONText.string(placed.layout.kind.name)),
                ("direction", JSONText.string(placed.layout.direction.rawValue)),
                ("shownAtMs", JSONText.number(placed.decision.shownAtMs)),
            ]
            switch placed.layout.kind {
            case .heading(let level): pairs.append(("level", String(level)))
            case .listItem(let number, let depth):
                pairs.append(("ordered", number == nil ? "false" : "true"))
                pairs.append(("depth", String(depth)))
            case .code(let language): pairs.append(("language", JSONText.string(language)))
            default: break
            }
            pairs.append(("text", JSONText.string(placed.layout.text)))
            return JSONText.object(pairs)
        }
        return """
        {"version":\(Self.version),
        "viewport":\(viewport),
        "fps":\(JSONText.number(options.fps)),
        "direction":\(direction.map { JSONText.string($0.rawValue) } ?? "null"),
        "options":\(JSONText.object(optionPairs)),
        "format":\(format.map(JSONText.string) ?? "null"),
        "skipped":\(JSONText.object(skipped.keys.sorted().map { ($0, String(skipped[$0]!)) })),
        "warnings":\(JSONText.array(warningItems)),
        "blocks":[
        \(blockItems.joined(separator: ",\n"))
        ],
        "frames":[
        \(frameLines.joined(separator: ",\n"))
        ]}

        """
    }
}
