import ArgumentParser
import Streamshot

/// How much of a stream is taken (`StreamLimits`): raised here when a real stream needs more.
struct LimitOptions: ParsableArguments {
    private static let defaults = StreamLimits()
    private static let ceiling = StreamLimits.ceiling

    @Option(name: .customLong("max-duration"), parsing: .unconditional,
            help: "Seconds of stream replayed; events arriving later are cut with a warning.")
    var maxDuration: Double = defaults.maxDurationMs / 1000

    @Option(name: .customLong("max-line-chars"), parsing: .unconditional,
            help: "Characters shown on one line; the rest of a longer line is cut with a warning.")
    var maxLineChars: Int = defaults.maxLineChars

    @Option(name: .customLong("max-code-chars"), parsing: .unconditional,
            help: "Characters shown in one fenced code block; the rest is cut with a warning.")
    var maxCodeChars: Int = defaults.maxCodeBlockChars

    func validate() throws {
        var settings = RenderSettings()
        apply(to: &settings)
        try OptionRange.validated { try settings.validate() }
    }

    func apply(to settings: inout RenderSettings) {
        settings.maxDuration = maxDuration
        settings.maxLineChars = maxLineChars
        settings.maxCodeChars = maxCodeChars
    }

    var limits: StreamLimits {
        var settings = RenderSettings()
        apply(to: &settings)
        return settings.limits
    }
}
