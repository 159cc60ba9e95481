extension StreamFormat {
    /// The format a declared mapping reads: every event is taken as one of the team's, and
    /// what it means is where the mapping's pointers find values.
    public static func mapped(_ mapping: EventMapping) -> StreamFormat {
        StreamFormat(
            name: "mapping",
            summary: mapping.arguments.joined(separator: " "),
            recognizes: { _ in true },
            decode: { payload in
                guard let object = payload.object else { return [.invalid("expected a JSON object")] }
                return mapping.decode(object)
            },
            mapping: mapping)
    }
}
