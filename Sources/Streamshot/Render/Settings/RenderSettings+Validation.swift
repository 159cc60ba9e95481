extension RenderSettings {
    /// Checks every number against the range a render can take, and the size against the pixels
    /// a frame may have.
    /// - Throws: `InputError` "--fps 0: expected a number from 1 to 240", naming the option as
    ///   the CLI does.
    public func validate() throws {
        try require(maxDuration, "max-duration")
        try require(maxLineChars, "max-line-chars")
        try require(maxCodeChars, "max-code-chars")
        try require(scale, "scale")
        try require(fps, "fps")
        try require(encoderThreads, "encoder-threads")
        try require(maxFrames, "max-frames")
        if let draftClauses { try require(draftClauses, "draft-clauses") }
        if let keepLast {
            try require(keepLast, "keep-last")
            guard client.markdown == .none else {
                throw InputError(
                    "--keep-last \(keepLast): only a client that renders no Markdown keeps the last characters (003's StreamingTextManager): "
                        + "use --client swiftui")
            }
        }
        try validateMapping()
        let pixels = (width: size.width * scale, height: size.height * scale)
        guard size.width >= 100, size.height >= 100, (100...8192).contains(pixels.width), (100...8192).contains(pixels.height) else {
            throw InputError(
                "--size \(size.text) at --scale \(SettingRange.text(scale)) makes "
                    + "\(SettingRange.text(pixels.width.rounded()))x\(SettingRange.text(pixels.height.rounded())) pixels: expected each side at least "
                    + "100 points and from 100 to 8192 pixels")
        }
    }
}

extension RenderSettings {
    /// Checks a number against the range its option's descriptor gives.
    private func require<Value: BinaryInteger>(_ value: Value, _ name: String) throws {
        try require(Double(value), name)
    }

    private func require(_ value: Double, _ name: String) throws {
        guard let descriptor = Self.descriptor(name), let range = descriptor.range else { return }
        try SettingRange.require(value, in: range, option: "--\(name)", unit: descriptor.unit)
    }

    /// A declared mapping names where the text is, and replaces detection: `--format` beside it
    /// would say two things.
    func validateMapping() throws {
        guard let mapping else { return }
        guard mapping.text != nil else {
            throw InputError(
                "\(mapping.arguments.joined(separator: " ")): a mapping needs --map-text (where each event's text delta sits), such as "
                    + "--map-text /payload/chunk")
        }
        if let format {
            throw InputError(
                "--format \(format.name) and a mapping (\(mapping.arguments.joined(separator: " "))): give one; the mapping reads the events by "
                    + "its pointers")
        }
        if clientTrace { throw InputError("--format client-trace and a mapping: a client trace is read as one, give one") }
    }
}

/// Numbers are checked where they enter: finite and within a range, or an error that names the
/// option, the value given and the range allowed (`inf`, `nan` and `1e300` parse as a Double,
/// and conversions further in would trap on them).
public enum SettingRange {
    /// - Throws: `InputError` "--fps 0: expected a number from 1 to 240".
    public static func require<Value: Comparable>(
        _ value: Value, in range: ClosedRange<Value>, option: String,
        unit: String = ""
    ) throws {
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
