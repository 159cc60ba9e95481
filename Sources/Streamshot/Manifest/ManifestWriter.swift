/// Writes the manifest compactly and deterministically: fixed key order, numbers rounded to
/// 1/100 pixel, one frame per line so it also reads as JSON Lines.
struct ManifestWriter {
    static let version = 1
    private var frameLines: [String] = []

    mutating func add(_ frame: Frame) {
        frameLines.append(Self.encode(frame))
    }

    static func encode(_ frame: Frame) -> String {
        var pairs: [(String, String)] = [
            ("index", String(frame.index)),
            ("timeMs", JSONText.number(frame.timeMs)),
            ("file", JSONText.string(frame.file)),
            ("revealedChars", String(frame.revealedChars)),
            ("bufferedChars", String(frame.bufferedChars)),
            ("pendingChars", String(frame.pendingChars)),
            ("scroll", JSONText.number(frame.scroll)),
            ("typingIndicator", String(frame.typingIndicator)),
            ("direction", frame.direction.map(JSONText.string) ?? "null"),
            ("ended", String(frame.ended)),
            ("reconnecting", String(frame.reconnecting)),
        ]
        if let caret = frame.caret {
            pairs.append(("caret", JSONText.object([
                ("blockId", String(caret.blockId)), ("x", JSONText.number(caret.x)),
                ("y", JSONText.number(caret.y)), ("height", JSONText.number(caret.height)),
            ])))
        }
        if let cost = frame.costMs {
            pairs.append(("costMs", JSONText.object(cost.keys.sorted().map { ($0, JSONText.number(cost[$0]!, places: 3)) })))
        }
        let blocks = frame.blocks.map { block in
            JSONText.object([
                ("id", String(block.id)), ("kind", JSONText.string(block.kind)),
                ("direction", JSONText.string(block.direction)), ("align", JSONText.string(block.align)),
                ("opacity", JSONText.number(block.opacity, places: 3)),
                ("fontSize", JSONText.number(block.fontSize)), ("linePitch", JSONText.number(block.linePitch)),
                ("top", JSONText.number(block.top)), ("height", JSONText.number(block.height)),
                ("inkTop", JSONText.number(block.inkTop)), ("inkBottom", JSONText.number(block.inkBottom)),
                ("lines", JSONText.array(block.lines.map { line in
                    JSONText.object([
                        ("x", JSONText.number(line.x)), ("y", JSONText.number(line.y)),
                        ("width", JSONText.number(line.width)), ("height", JSONText.number(line.height)),
                        ("baseline", JSONText.number(line.baseline)),
                    ])
                })),
            ])
        }
        pairs.append(("blocks", JSONText.array(blocks)))
        return JSONText.object(pairs)
    }

    /// The whole manifest as JSON text.
    func finish(header manifest: Manifest) -> String {
        let viewport = JSONText.object([
            ("width", String(manifest.viewport.width)), ("height", String(manifest.viewport.height)),
            ("scale", JSONText.number(manifest.viewport.scale)),
        ])
        let options = JSONText.object(manifest.options.keys.sorted().map { ($0, JSONText.string(manifest.options[$0]!)) })
        let warnings = manifest.warnings.map { warning in
            JSONText.object([("kind", JSONText.string(warning.kind)), ("message", JSONText.string(warning.message))]
                + (warning.timeMs.map { [("timeMs", JSONText.number($0))] } ?? []))
        }
        let blocks = manifest.blocks.map { block in
            var pairs: [(String, String)] = [
                ("id", String(block.id)), ("kind", JSONText.string(block.kind)),
                ("direction", JSONText.string(block.direction)), ("shownAtMs", JSONText.number(block.shownAtMs)),
            ]
            if let level = block.level { pairs.append(("level", String(level))) }
            if let ordered = block.ordered { pairs.append(("ordered", String(ordered))) }
            if let depth = block.depth { pairs.append(("depth", String(depth))) }
            if let language = block.language { pairs.append(("language", JSONText.string(language))) }
            pairs.append(("text", JSONText.string(block.text)))
            return JSONText.object(pairs)
        }
        let skipped = JSONText.object(manifest.skipped.keys.sorted().map { ($0, String(manifest.skipped[$0]!)) })
        return """
        {"version":\(manifest.version),
        "viewport":\(viewport),
        "fps":\(JSONText.number(manifest.fps)),
        "direction":\(manifest.direction.map(JSONText.string) ?? "null"),
        "options":\(options),
        "format":\(manifest.format.map(JSONText.string) ?? "null"),
        "skipped":\(skipped),
        "warnings":\(JSONText.array(warnings)),
        "text":\(JSONText.string(manifest.text)),
        "blocks":[
        \(blocks.joined(separator: ",\n"))
        ],
        "frames":[
        \(frameLines.joined(separator: ",\n"))
        ]}

        """
    }
}
