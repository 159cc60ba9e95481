import ArgumentParser
import Streamshot

/// One input file and the render options, given in any order: `in.sse --client haqq-mobile`.
struct InputOptions: ParsableArguments {
    @OptionGroup var options: RenderArguments

    /// The one input file.
    var input: String {
        (try? options.parsed().inputs.first) ?? options.words.first ?? ""
    }

    func validate() throws {
        let inputs = try options.parsed().inputs
        guard inputs.count == 1 else {
            throw ValidationError(
                inputs.isEmpty ? "Missing expected argument '<input>'" : "expected one input; got \(inputs.joined(separator: ", "))")
        }
    }

    /// The settings of the options given, of the scopes asked for.
    func settings(scopes: Set<RenderOptionDescriptor.Scope> = [.stream, .look, .machine]) throws -> RenderSettings {
        try options.settings(scopes: scopes)
    }

    /// The render job of this input with the options given.
    /// - Throws: `ValidationError` naming the option and what is wrong with it.
    func job() throws -> RenderJob {
        let settings = try settings()
        return try OptionRange.validated { try settings.job(input: .file(input)) }
    }
}
