import Streamshot

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
            for block in frame.blocks where block.kind != .thematicBreak && !reported.contains(block.id) {
                let expected = AlignmentPolicy(textAlign: textAlign).resolve(direction: block.direction, isCode: block.kind == .code).physical
                if block.align != expected {
                    reported.insert(block.id)
                    findings.append(Finding(.misaligned, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                                            message: "block \(block.id) (\(block.direction.rawValue)) is aligned \(block.align.rawValue); textAlign \(textAlign.rawValue) in \(block.direction.rawValue) resolves to \(expected.rawValue)"))
                }
            }
        }
        return (findings, nil, findings.isEmpty)
    }
}
