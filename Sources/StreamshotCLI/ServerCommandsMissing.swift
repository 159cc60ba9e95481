// Stands in for `serve` and `record` in a tool built without the `Server` trait.
#if !Server
    import ArgumentParser

    /// `serve` and `record` in a tool built without the `Server` trait (`scripts/setup.sh` builds it
    /// so: rendering and checking need none of the server stack, whose build takes most of a quarter
    /// of an hour). Each is still listed, and says how to get it instead of "unknown command".
    extension StreamshotCommand {
        struct Serve: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: ServerTrait.missing("the HTTP service"))
            @Argument(parsing: .allUnrecognized) var arguments: [String] = []
            func run() throws { throw ServerTrait.error("serve") }
        }

        struct Record: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: ServerTrait.missing("the live recorder"))
            @Argument(parsing: .allUnrecognized) var arguments: [String] = []
            func run() throws { throw ServerTrait.error("record") }
        }
    }

    enum ServerTrait {
        static let build = "swift build -c release --product streamshot"

        static func missing(_ what: String) -> String {
            "Not in this build: \(what) needs the Server trait (\(build), default traits)."
        }

        static func error(_ command: String) -> ValidationError {
            ValidationError(
                "`streamshot \(command)` is not in this build: it was built without the Server trait. Build it with `\(build)` "
                    + "(the default traits include Server), or `\(build) --traits Server`.")
        }
    }
#endif
