extension Manifest.Interaction {
    /// What the reader did, as the manifest records it: a scroll's or a table drag's distance in `by`.
    public init(_ action: ReaderAction) {
        var by: Double?
        if case .scroll(let distance) = action.kind { by = distance }
        if case .scrollTable(let distance) = action.kind { by = distance }
        if case .scrollReasoning(let distance) = action.kind { by = distance }
        self.init(timeMs: action.timeMs, action: action.name, by: by)
        if case .expandReasoning = action.kind { target = "reasoning" }
    }
}
