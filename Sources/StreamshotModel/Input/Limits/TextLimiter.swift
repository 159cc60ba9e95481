/// Applies `StreamLimits`' line and code-block limits to arriving text, one scalar at a time so
/// it works across deltas, and replaces NUL with U+FFFD (a NUL ends a C string: Pango would draw
/// nothing after it while the manifest says it was shown). Whatever it cuts or replaces becomes
/// a warning that names the character offset.
struct TextLimiter {
    /// Enough of a line to recognise a fence (up to three spaces, a run, an info string).
    private static let headLength = 64

    package let limits: StreamLimits
    /// Scalars kept so far: the arrived-text offset of the next one.
    package private(set) var offset = 0
    private var line = LineState(start: 0)
    private var fence: FenceLine?
    private var code = CodeState(start: 0)
    /// A line of an over-limit code block, held until its end says whether it closes the block.
    private var held: [Unicode.Scalar] = []
    private var nulCount = 0
    private var firstNul = 0
    package private(set) var warnings: [RenderWarning] = []

    private struct LineState {
        var start: Int
        var length = 0
        var dropped = 0
        /// Scalars of this line already passed on: its newline goes with them.
        var emitted = 0
        var head: [Unicode.Scalar] = []
    }

    private struct CodeState {
        var start: Int
        var kept = 0
        var dropped = 0
    }

    package init(limits: StreamLimits) {
        self.limits = limits
    }

    /// The part of `text` that is kept, NULs replaced.
    package mutating func take(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { take(scalar, into: &out) }
        return String(out)
    }

    /// Ends the text: returns a held closing fence that arrived without its newline, and names
    /// what the open line and block lost.
    package mutating func finish() -> String {
        var out = String.UnicodeScalarView()
        if !held.isEmpty, closesFence() { emit(held, into: &out) }
        held = []
        noteLineLoss()
        noteCodeLoss()
        if nulCount > 0 {
            warnings.append(
                RenderWarning(
                    kind: .nulCharacter,
                    message: "\(nulCount) NUL character(s) (U+0000), the first at character \(firstNul): shown as U+FFFD", offset: firstNul))
            nulCount = 0
        }
        return String(out)
    }

    private mutating func take(_ arrived: Unicode.Scalar, into out: inout String.UnicodeScalarView) {
        let scalar = arrived == "\u{0}" ? replaceNul() : arrived
        if scalar == "\n" { return endLine(into: &out) }
        line.length += 1
        if line.head.count < Self.headLength { line.head.append(scalar) }
        if isCodeOverLimit {
            if line.length <= Self.headLength { held.append(scalar) } else { code.dropped += 1 }
        } else if line.length > limits.maxLineChars {
            line.dropped += 1
        } else {
            emit([scalar], into: &out)
        }
    }

    private var isCodeOverLimit: Bool { fence != nil && code.kept >= limits.maxCodeBlockChars }

    private mutating func endLine(into out: inout String.UnicodeScalarView) {
        if fence != nil, closesFence() {
            emit(held + ["\n"], into: &out)
            noteCodeLoss()
            fence = nil
        } else if isCodeOverLimit, line.emitted == 0 {
            code.dropped += held.count + 1
        } else {
            code.dropped += held.count
            emit(["\n"], into: &out)
            if fence == nil, line.length <= Self.headLength, let opening = FenceLine.parse(line.head[...]) {
                fence = opening
                code = CodeState(start: offset)
            }
        }
        held = []
        noteLineLoss()
        line = LineState(start: offset)
    }

    private func closesFence() -> Bool {
        guard let fence, line.length <= Self.headLength else { return false }
        return FenceLine.parse(line.head[...])?.closes(fence) ?? false
    }

    private mutating func emit(_ scalars: [Unicode.Scalar], into out: inout String.UnicodeScalarView) {
        out.append(contentsOf: scalars)
        offset += scalars.count
        line.emitted += scalars.count
        if fence != nil { code.kept += scalars.count }
    }

    private mutating func replaceNul() -> Unicode.Scalar {
        if nulCount == 0 { firstNul = offset }
        nulCount += 1
        return "\u{FFFD}"
    }

    private mutating func noteLineLoss() {
        noteLoss(.lineTooLong, of: "line", at: line.start, dropped: line.dropped, limit: limits.maxLineChars, option: "--max-line-chars")
        line.dropped = 0
    }

    private mutating func noteCodeLoss() {
        noteLoss(
            .codeBlockTooLong, of: "code block", at: code.start, dropped: code.dropped, limit: limits.maxCodeBlockChars,
            option: "--max-code-chars")
        code.dropped = 0
    }

    /// "the line at character 40: 12 characters past the 100-character line limit are not shown …"
    private mutating func noteLoss(_ kind: RenderWarning.Kind, of what: String, at start: Int, dropped: Int, limit: Int, option: String) {
        guard dropped > 0 else { return }
        warnings.append(
            RenderWarning(
                kind: kind,
                message:
                    "the \(what) at character \(start): \(dropped) characters past the \(limit)-character \(what) limit are not shown (raise it with "
                    + "\(option))",
                offset: start))
    }
}
