// Only with the `Server` trait; without it `ServerCommandsMissing.swift` stands in.
#if Server
    import ArgumentParser
    import Foundation
    import StreamshotService

    extension StreamshotCommand {
        struct Serve: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Render jobs over HTTP: POST a stream to /v1/renders, follow it, fetch its frames, manifest and check.")

            @Option(help: "Address to listen on; anything but loopback needs --token-file or --allow-unauthenticated.")
            var host = "127.0.0.1"

            @Option(help: "Port (0: any free one).")
            var port = 8080

            @Option(help: "Folder for the job store (jobs.sqlite) and each job's files; created when missing.")
            var data = "streamshot-data"

            @Option(help: "Jobs rendered at once (default: one per core).")
            var workers = max(1, ProcessInfo.processInfo.activeProcessorCount)

            @Option(name: .customLong("max-body"), help: "Largest stream accepted: bytes, or with KB/MB (default 20MB).")
            var maxBody = "20MB"

            @Option(name: .customLong("max-frames"), help: "Frames a job may render at most (and gets when it does not ask).")
            var maxFrames = 20_000

            @Option(name: .customLong("max-duration"), help: "Seconds of stream a job may replay at most (and gets when it does not ask).")
            var maxDuration = 600.0

            @Option(name: .customLong("max-queue"), help: "Jobs waiting at most; one more is answered 429 with Retry-After.")
            var maxQueue = 100

            @Option(name: .customLong("job-time-limit"), help: "Seconds a job may render before it fails, saying so.")
            var jobTimeLimit = 600.0

            @Option(name: .customLong("max-sessions"), help: "Live sessions open at once; one more is answered 429.")
            var maxSessions = 8

            @Option(name: .customLong("session-idle"), help: "Seconds a live session may go without events before it ends with what arrived.")
            var sessionIdle = 60.0

            @Option(
                name: .customLong("header-timeout"), help: "Seconds a request's line and headers may take from their first byte; then 408 and closed."
            )
            var headerTimeout = 10.0

            @Option(
                name: .customLong("idle-timeout"),
                help: "Seconds a connection may send nothing (new, between requests, or mid-body) before it is closed.")
            var idleTimeout = 60.0

            @Option(name: .customLong("max-header"), help: "Largest request line and headers: bytes, or with KB/MB (default 32KB, then 431).")
            var maxHeader = "32KB"

            @Option(name: .customLong("token-file"), help: "A file of bearer tokens, one a line: every route but /healthz needs one.")
            var tokenFile: String?

            @Option(
                name: .customLong("callback-secret-file"),
                help: "A file whose bytes sign completion callbacks (HMAC-SHA256); without it, jobs may not ask for one.")
            var callbackSecretFile: String?

            @Option(
                name: .customLong("callback-allow"), parsing: .singleValue,
                help: "Let callbacks go to loopback or link-local addresses, refused by default (repeatable: loopback, link-local).")
            var callbackAllow: [String] = []

            @Option(
                help: ArgumentHelp(
                    "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE: keep jobs in PostgreSQL, shared by every instance on it (give them "
                        + "all one --data folder); default: SQLite in --data."))
            var database: String?

            @Option(
                name: .customLong("lease"),
                help: "Seconds a PostgreSQL job stays its worker's without a sign of life; a job whose instance died is taken again after it.")
            var leaseSeconds: Double = 30

            @Option(help: "This instance's name in PostgreSQL leases and the endings log (a pod or host name); default: a fresh UUID.")
            var instance: String?

            @Flag(name: .customLong("allow-unauthenticated"), help: "Listen beyond loopback without tokens.")
            var allowUnauthenticated = false

            @Option(help: "Fonts folder (default: STREAMSHOT_FONTS, ./Fonts, or the Fonts/ beside the executable's checkout).")
            var fonts: String?

            func run() async throws {
                let app = try await buildApplication(try serviceConfiguration())
                try await app.runService()
            }

            func serviceConfiguration() throws -> ServiceConfiguration {
                var configuration = ServiceConfiguration(dataDirectory: data)
                configuration.host = host
                configuration.port = port
                configuration.workers = workers
                configuration.maxBodyBytes = try Self.bytes(maxBody, option: "--max-body")
                configuration.maxFrames = maxFrames
                configuration.maxDurationSeconds = maxDuration
                configuration.maxQueue = maxQueue
                configuration.jobTimeLimitSeconds = jobTimeLimit
                configuration.maxSessions = maxSessions
                configuration.sessionIdleSeconds = sessionIdle
                configuration.headerTimeoutSeconds = headerTimeout
                configuration.idleTimeoutSeconds = idleTimeout
                configuration.maxHeaderBytes = try Self.bytes(maxHeader, option: "--max-header")
                configuration.allowUnauthenticated = allowUnauthenticated
                configuration.databaseURL = database
                configuration.leaseSeconds = leaseSeconds
                configuration.instance = instance
                configuration.fontsDirectory = try fontsDirectory(fonts)
                if let callbackSecretFile {
                    guard let secret = FileManager.default.contents(atPath: callbackSecretFile), !secret.isEmpty else {
                        throw ValidationError("--callback-secret-file \(callbackSecretFile): cannot read the file, or it is empty")
                    }
                    configuration.callbackSecret = Array(secret)
                }
                configuration.callbackAllowed = Set(
                    try callbackAllow.map { name in
                        guard let range = CallbackRange(rawValue: name.lowercased()) else {
                            throw ValidationError(
                                "--callback-allow \(name): expected one of \(CallbackRange.allCases.map(\.rawValue).joined(separator: ", "))")
                        }
                        return range
                    })
                if let tokenFile {
                    guard let text = try? String(contentsOfFile: tokenFile, encoding: .utf8) else {
                        throw ValidationError("--token-file \(tokenFile): cannot read the file")
                    }
                    configuration.tokens = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                        !$0.isEmpty
                    }
                    guard !configuration.tokens.isEmpty else { throw ValidationError("--token-file \(tokenFile): holds no token") }
                }
                do {
                    try configuration.validate()
                } catch let error as ServiceConfigurationError {
                    throw ValidationError(error.description)
                }
                return configuration
            }

            /// `20MB`, `512KB` or a number of bytes.
            static func bytes(_ text: String, option: String) throws -> Int {
                let upper = text.uppercased()
                let (digits, unit) =
                    upper.hasSuffix("MB") ? (upper.dropLast(2), 1 << 20) : upper.hasSuffix("KB") ? (upper.dropLast(2), 1 << 10) : (upper[...], 1)
                guard let value = Int(digits.trimmingCharacters(in: .whitespaces)), value >= 1, value <= (1 << 40) / unit else {
                    throw ValidationError("\(option) \(text): expected a size such as 20MB, 512KB or 1048576")
                }
                return value * unit
            }
        }
    }
#endif
