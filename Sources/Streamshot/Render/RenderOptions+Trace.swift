extension RenderOptions {
    /// These options with a client trace's viewport and body text size, when it gave them: the
    /// frames are the size the client's were.
    func adopting(_ start: ClientTrace.Start?) -> RenderOptions {
        guard let start else { return self }
        var options = self
        if let viewport = start.viewport {
            options.widthPt = viewport.width
            options.heightPt = viewport.height
            options.scale = viewport.scale
        }
        // The client's body size is as its reader's text size already made it.
        if let fontSize = start.fontSize { options.theme.bodySize = fontSize / options.appearance.textSize.bodyRatio }
        return options
    }
}

extension RenderOptions {
    /// The options the manifest records for a render of `transcript`: for a client trace, only
    /// those that still decide something (the profile's rules do not), with the client's
    /// textAlign, so the detectors judge the client against what it asked for.
    func manifestOptions(for transcript: Transcript) -> ManifestOptions {
        var options = manifestOptions
        let read = transcript.manifestOptions
        options.network = read.network
        options.seed = read.seed
        options.mapping = read.mapping
        guard let trace = transcript.clientTrace else { return options }
        var kept = ManifestOptions()
        kept.client = read.client
        kept.platform = read.platform
        kept.layoutDirection = read.layoutDirection
        kept.markdown = read.markdown
        kept.appLanguage = read.appLanguage ?? options.appLanguage
        kept.theme = options.theme
        kept.bidiControls = options.bidiControls
        kept.textAlign = trace.lastTextAlign
        return kept
    }
}

extension ClientTrace {
    /// The container's textAlign as the client last set it (`auto` when it never did).
    var lastTextAlign: TextAlign {
        records.reversed().lazy.compactMap { record -> TextAlign? in
            if case .style(let style, nil) = record.change { return style.textAlign }
            return nil
        }.first ?? .auto
    }
}
