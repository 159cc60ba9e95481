import Streamshot

extension Manifest {
    /// Whose decisions the frames show, for titles: "reference, smooth pacing", or for a client
    /// trace "react-native client trace".
    var clientSummary: String {
        if options.replaysTrace { return "\(options.platform?.rawValue ?? "a") client trace" }
        return [options.clientName, options.pacing.map { "\($0) pacing" }].compactMap { $0 }.joined(separator: ", ")
    }
}
