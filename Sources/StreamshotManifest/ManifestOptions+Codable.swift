/// The options' JSON: an object by option name, keys in sorted order, each value as its option
/// spells it; version 2's string forms of `timeout`, `seed` and `boldText` are read too.
extension ManifestOptions: Codable {
    /// Every key, in the order they are written (sorted).
    enum Key: String, CodingKey, CaseIterable {
        case alignmentResolution, appLanguage, bidiControls, blockDirection, boldText, client, codeHighlighting, codeOverflow, contrast, device
        case directionLock, directionRule, layoutDirection, linePitch, mapping, markdown, network, pacing, platform, seed
        case textAlign, textSize, theme, timeout, tokenBudget, writingDirection
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        // The wire's one spelling of a trace: every other name is a profile's.
        client = try container.decodeIfPresent(String.self, forKey: .client).map { $0 == "trace" ? .trace : .profile($0) }
        platform = try container.listed(.platform)
        pacing = try container.decodeIfPresent(String.self, forKey: .pacing)
        textAlign = try container.listed(.textAlign)
        alignmentResolution = try container.listed(.alignmentResolution)
        directionRule = try container.decodeIfPresent(String.self, forKey: .directionRule)
        blockDirection = try container.listed(.blockDirection)
        writingDirection = try container.listed(.writingDirection)
        directionLock = try container.listed(.directionLock)
        layoutDirection = try container.listed(.layoutDirection)
        appLanguage = try container.listed(.appLanguage)
        linePitch = try container.listed(.linePitch)
        markdown = try container.listed(.markdown)
        codeOverflow = try container.listed(.codeOverflow)
        codeHighlighting = try container.listed(.codeHighlighting)
        tokenBudget = try container.decodeIfPresent(String.self, forKey: .tokenBudget)
        theme = try container.decodeIfPresent(String.self, forKey: .theme)
        bidiControls = try container.listed(.bidiControls)
        device = try container.decodeIfPresent(String.self, forKey: .device)
        textSize = try container.decodeIfPresent(String.self, forKey: .textSize)
        contrast = try container.listed(.contrast)
        network = try container.decodeIfPresent(String.self, forKey: .network)
        mapping = try container.decodeIfPresent(String.self, forKey: .mapping)
        try decodeTyped(container)
    }

    /// `timeout`, `seed` and `boldText`: typed since version 3, strings in version 2.
    private mutating func decodeTyped(_ container: KeyedDecodingContainer<Key>) throws {
        if container.contains(.timeout) {
            timeoutRecorded = true
            if let text = try? container.decode(String.self, forKey: .timeout) {
                timeout = Timeout(text: text)  // version 2: "60000 ms idle", or "none"
            } else {
                timeout = try container.decodeIfPresent(Timeout.self, forKey: .timeout)
            }
        }
        if let text = try? container.decode(String.self, forKey: .seed) {
            seed = UInt64(text)
        } else {
            seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        }
        if let text = try? container.decode(String.self, forKey: .boldText) {
            boldText = text == "on" || text == "true"
        } else {
            boldText = try container.decodeIfPresent(Bool.self, forKey: .boldText)
        }
    }

    /// Keys in sorted order; `timeout` null when the client has none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for key in Key.allCases {
            try encode(key, into: &container)
        }
    }

    private func encode(_ key: Key, into container: inout KeyedEncodingContainer<Key>) throws {
        switch key {
        case .alignmentResolution: try container.encodeIfPresent(alignmentResolution?.rawValue, forKey: key)
        case .appLanguage: try container.encodeIfPresent(appLanguage?.rawValue, forKey: key)
        case .bidiControls: try container.encodeIfPresent(bidiControls?.rawValue, forKey: key)
        case .blockDirection: try container.encodeIfPresent(blockDirection?.rawValue, forKey: key)
        case .boldText: try container.encodeIfPresent(boldText, forKey: key)
        case .client: try container.encodeIfPresent(clientName, forKey: key)
        case .codeHighlighting: try container.encodeIfPresent(codeHighlighting?.rawValue, forKey: key)
        case .codeOverflow: try container.encodeIfPresent(codeOverflow?.rawValue, forKey: key)
        case .contrast: try container.encodeIfPresent(contrast?.rawValue, forKey: key)
        case .device: try container.encodeIfPresent(device, forKey: key)
        case .directionLock: try container.encodeIfPresent(directionLock?.rawValue, forKey: key)
        case .directionRule: try container.encodeIfPresent(directionRule, forKey: key)
        case .layoutDirection: try container.encodeIfPresent(layoutDirection?.rawValue, forKey: key)
        case .linePitch: try container.encodeIfPresent(linePitch?.rawValue, forKey: key)
        case .mapping: try container.encodeIfPresent(mapping, forKey: key)
        case .markdown: try container.encodeIfPresent(markdown?.rawValue, forKey: key)
        case .network: try container.encodeIfPresent(network, forKey: key)
        case .pacing: try container.encodeIfPresent(pacing, forKey: key)
        case .platform: try container.encodeIfPresent(platform?.rawValue, forKey: key)
        case .seed: try container.encodeIfPresent(seed, forKey: key)
        case .textAlign: try container.encodeIfPresent(textAlign?.rawValue, forKey: key)
        case .textSize: try container.encodeIfPresent(textSize, forKey: key)
        case .theme: try container.encodeIfPresent(theme, forKey: key)
        case .timeout: if timeoutRecorded { try container.encode(timeout, forKey: key) }
        case .tokenBudget: try container.encodeIfPresent(tokenBudget, forKey: key)
        case .writingDirection: try container.encodeIfPresent(writingDirection?.rawValue, forKey: key)
        }
    }
}

extension KeyedDecodingContainer where Key == ManifestOptions.Key {
    /// A value from a closed list, or nil when the key is absent.
    /// - Throws: `DecodingError.dataCorrupted` naming the option, the value and the allowed ones.
    fileprivate func listed<Value: RawRepresentable & CaseIterable>(_ key: Key) throws -> Value? where Value.RawValue == String {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = Value(rawValue: text) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "options.\(key.rawValue): \(text) is not one of \(allowed)")
        }
        return value
    }
}
