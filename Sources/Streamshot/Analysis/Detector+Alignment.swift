extension Detector {
    /// Each block's alignment is textAlign resolved against its own direction, once.
    public static let alignment = Detector(
        name: "alignment",
        formula: "align(block) == resolve(options.textAlign, direction(block)): auto/start = right in RTL, left in LTR; end the opposite; left/right physical; center; justify (code blocks: left)"
    ) { manifest, _ in
        let textAlign = manifest.options["textAlign"].flatMap(TextAlign.init(rawValue:)) ?? .auto
        var findings: [Finding] = []
        var reported: Set<Int> = []
        for frame in manifest.frames {
            for block in frame.blocks where block.kind != "thematicBreak" && !reported.contains(block.id) {
                let direction = WritingDirection(rawValue: block.direction) ?? .ltr
                let expected = block.kind == "code" ? "left" : ResolvedAlignment.resolve(textAlign, direction: direction).name
                if block.align != expected {
                    reported.insert(block.id)
                    findings.append(Finding(detector: "alignment", frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                                            message: "block \(block.id) (\(block.direction)) is aligned \(block.align); textAlign \(textAlign.rawValue) in \(block.direction) resolves to \(expected)"))
                }
            }
        }
        return (findings, nil, findings.isEmpty)
    }
}
