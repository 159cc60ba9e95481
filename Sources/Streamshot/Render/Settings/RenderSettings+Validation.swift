extension RenderSettings {
    /// Checks every number against the range a render can take, and the size against the pixels
    /// a frame may have.
    /// - Throws: `InputError` "--fps 0: expected a number from 1 to 240", naming the option as
    ///   the CLI does.
    public func validate() throws {
        let ceiling = StreamLimits.ceiling
        try SettingRange.require(maxDuration, in: 1...ceiling.maxDurationMs / 1000, option: "--max-duration", unit: " seconds")
        try SettingRange.require(maxLineChars, in: 100...ceiling.maxLineChars, option: "--max-line-chars")
        try SettingRange.require(maxCodeChars, in: 100...ceiling.maxCodeBlockChars, option: "--max-code-chars")
        try SettingRange.require(scale, in: 0.25...4, option: "--scale", unit: " (pixels per point)")
        try SettingRange.require(fps, in: 1...240, option: "--fps")
        try SettingRange.require(encoderThreads, in: 1...RenderOptions.maxEncoderThreads, option: "--encoder-threads")
        try SettingRange.require(maxFrames, in: 1...10_000_000, option: "--max-frames")
        if let draftClauses { try SettingRange.require(draftClauses, in: 1...1000, option: "--draft-clauses") }
        if let keepLast {
            try SettingRange.require(keepLast, in: 100...10_000_000, option: "--keep-last")
            guard client.markdown == .none else {
                throw InputError("--keep-last \(keepLast): only a client that renders no Markdown keeps the last characters (003's StreamingTextManager): use --client swiftui")
            }
        }
        try validateMapping()
        let pixels = (width: size.width * scale, height: size.height * scale)
        guard size.width >= 100, size.height >= 100, (100...8192).contains(pixels.width), (100...8192).contains(pixels.height) else {
            throw InputError("--size \(size.text) at --scale \(SettingRange.text(scale)) makes \(SettingRange.text(pixels.width.rounded()))x\(SettingRange.text(pixels.height.rounded())) pixels: expected each side at least 100 points and from 100 to 8192 pixels")
        }
    }
}

extension RenderSettings {
    /// A declared mapping names where the text is, and replaces detection: `--format` beside it
    /// would say two things.
    func validateMapping() throws {
        guard let mapping else { return }
        guard mapping.text != nil else {
            throw InputError("\(mapping.arguments.joined(separator: " ")): a mapping needs --map-text (where each event's text delta sits), such as --map-text /payload/chunk")
        }
        if let format {
            throw InputError("--format \(format.name) and a mapping (\(mapping.arguments.joined(separator: " "))): give one; the mapping reads the events by its pointers")
        }
        if clientTrace { throw InputError("--format client-trace and a mapping: a client trace is read as one, give one") }
    }
}

/// Numbers are checked where they enter: finite and within a range, or an error that names the
/// option, the value given and the range allowed (`inf`, `nan` and `1e300` parse as a Double,
/// and conversions further in would trap on them).
public enum SettingRange {
    /// - Throws: `InputError` "--fps 0: expected a number from 1 to 240".
    public static func require<Value: Comparable>(_ value: Value, in range: ClosedRange<Value>, option: String,
                                                  unit: String = "") throws {
        guard range.contains(value) else {
            throw InputError("\(option) \(text(value)): expected a number from \(text(range.lowerBound)) to \(text(range.upperBound))\(unit)")
        }
    }

    /// A number as people write it: 4, not 4.0.
    public static func text<Value>(_ value: Value) -> String {
        guard let double = value as? Double else { return "\(value)" }
        if double.isFinite, double == double.rounded(), abs(double) < 1e15 { return String(Int(double)) }
        return "\(double)"
    }
}
