import Streamshot

extension Manifest {
    /// Whose decisions the frames show, for titles: "reference, smooth pacing", or for a client
    /// trace "react-native client trace".
    var clientSummary: String {
        if options["client"] == "trace" { return "\(options["platform"] ?? "a") client trace" }
        return [options["client"], options["pacing"].map { "\($0) pacing" }].compactMap { $0 }.joined(separator: ", ")
    }
}
