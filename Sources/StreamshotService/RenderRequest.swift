import Foundation
import Streamshot

/// A POST /v1/renders as a job: the input's kind and the render options, from the query
/// parameters named like the CLI's flags (`?network=3g&seed=7&client=haqq-mobile`), read by the
/// same option list (`RenderSettings.descriptors`), with the server's limits applied.
struct RenderRequest {
    let input: InputKind
    /// The options, the server's caps included.
    let spec: RenderSpec
    /// `?callbackUrl=`: where to POST the job once it has ended.
    let callbackUrl: String?

    /// Options that read the server's own files or use its cores: the server sets them.
    static var serverOptions: Set<String> { Set(RenderSettings.descriptors.filter { $0.scope == .machine }.map(\.name)) }

    /// The options a request may set.
    static var requestDescriptors: [RenderOptionDescriptor] { RenderSettings.descriptors.filter { $0.scope != .machine } }

    /// - Throws: `Problem` 400 naming the parameter and what is wrong with it.
    init(query: [(name: String, value: String)], body: [UInt8], configuration: ServiceConfiguration) throws {
        var input: InputKind?
        var spec = RenderSpec()
        var callbackUrl: String?
        for (name, value) in query {
            if name == "callbackUrl" {
                callbackUrl = try Self.callback(value, configuration: configuration)
            } else if name == "input" {
                guard let kind = InputKind(rawValue: value) else {
                    throw Problem.badRequest("input=\(value): expected one of \(InputKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                input = kind
            } else if name == "mapping", value.drop(while: \.isWhitespace).first != "{" {
                throw Problem.badRequest(
                    "mapping: give the mapping's JSON itself, such as {\"text\":\"/payload/chunk\"} (this server reads no files of yours)")
            } else if Self.serverOptions.contains(name.lowercased()) {
                throw Problem.badRequest("\(name): set by the server, not by a request")
            } else {
                do {
                    try spec.set(name, to: value, in: Self.requestDescriptors)
                } catch let error as InputError {
                    throw Problem.badRequest(error.message)
                }
            }
        }
        try Self.cap(&spec, configuration: configuration)
        self.input = input ?? InputKind.detect(body)
        try Self.validate(spec, reading: self.input)
        self.spec = spec
        self.callbackUrl = callbackUrl
    }

    /// The options as a render of this kind of input takes them: ranges, reader actions that
    /// read, and a mapping beside a client trace (which is read as one) refused.
    /// - Throws: `Problem` 400 naming the option and what is wrong.
    static func validate(_ spec: RenderSpec, reading kind: InputKind) throws {
        do {
            var settings = try RenderSettings(spec: spec)
            if kind == .trace { settings.clientTrace = true }
            _ = try settings.renderOptions()
        } catch let error as InputError {
            throw Problem.badRequest(
                kind == .trace
                    ? error.message.replacingOccurrences(of: "--format client-trace", with: "input=trace")
                    : error.message)
        }
    }

    /// - Throws: `Problem` 400 for a URL that is not http(s) with a host and a port from 1 to
    ///   65535, or a server without a secret to sign callbacks with.
    private static func callback(_ value: String, configuration: ServiceConfiguration) throws -> String {
        guard configuration.callbackSecret != nil else {
            throw Problem.badRequest("callbackUrl: this server sends no callbacks (it was started without --callback-secret-file)")
        }
        if let problem = CallbackURL.problem(value, allowing: configuration.callbackAllowed) {
            throw Problem.badRequest("callbackUrl=\(value.prefix(200)): \(problem)")
        }
        return value
    }

    /// The server's frame and duration limits: refused when asked past, given when not asked.
    private static func cap(_ spec: inout RenderSpec, configuration: ServiceConfiguration) throws {
        let settings: RenderSettings
        do {
            settings = try RenderSettings(spec: spec)
        } catch let error as InputError {
            throw Problem.badRequest(error.message)
        }
        if spec["max-frames"] != nil {
            guard settings.maxFrames <= configuration.maxFrames else {
                throw Problem.badRequest("max-frames=\(settings.maxFrames): this server renders at most \(configuration.maxFrames) frames a job")
            }
        } else {
            try spec.set("max-frames", to: .integer(configuration.maxFrames), in: RenderSettings.descriptors)
        }
        if spec["max-duration"] != nil {
            guard settings.maxDuration <= configuration.maxDurationSeconds else {
                throw Problem.badRequest(
                    "max-duration=\(SettingRange.text(settings.maxDuration)): this server replays at most "
                        + "\(SettingRange.text(configuration.maxDurationSeconds)) seconds of stream")
            }
        } else {
            try spec.set("max-duration", to: .number(configuration.maxDurationSeconds), in: RenderSettings.descriptors)
        }
    }
}
