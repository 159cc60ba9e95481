import Foundation
import StreamshotFuzzing

// Two builds of one file. Normally a command: `streamshot-fuzz TARGET [SECONDS] [SEED]` runs the
// seeded mutation fuzzer (what the test suite runs for a few seconds). Built by
// `scripts/fuzz.sh` with `-sanitize=fuzzer -D LIBFUZZER`, libFuzzer drives the same targets with
// coverage feedback; STREAMSHOT_FUZZ_TARGET names the target.
#if LIBFUZZER
    let libFuzzerTarget: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["STREAMSHOT_FUZZ_TARGET"] ?? "sse"
        guard let target = FuzzTarget.named(name) else { fatalError("unknown STREAMSHOT_FUZZ_TARGET \(name)") }
        return target
    }()

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        libFuzzerTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    func runLibFuzzer(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// SwiftPM links an executable's entry point under this name; libFuzzer's driver takes over here.
    @_cdecl("StreamshotFuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
        var count = argc
        var arguments = argv
        return runLibFuzzer(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }
#else
    @main
    struct StreamshotFuzz {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            if arguments.first == "stress" { stress(Array(arguments.dropFirst())) }
            if arguments.first == "glyph-pages" { glyphPages(Array(arguments.dropFirst())) }
            guard let name = arguments.first, let target = FuzzTarget.named(name) else {
                print(
                    "usage: streamshot-fuzz TARGET [SECONDS] [SEED] | stress [SECONDS] [JOBS] [WORKLOADS] | glyph-pages [PASSES] [THREADS] [parallel]"
                        + "   targets: \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
                exit(2)
            }
            let seconds = arguments.dropFirst().first.flatMap(Double.init) ?? 60
            let seed = arguments.dropFirst(2).first.flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
            let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let crashFile = NSTemporaryDirectory() + "streamshot-fuzz-\(name)-input"
            print("seed \(seed); the input being run is kept in \(crashFile) (after a crash, it is the one)")
            print(FuzzRun(target: target, root: root, crashFile: crashFile).run(seed: seed, seconds: seconds))
        }

        /// `streamshot-fuzz glyph-pages [PASSES] [THREADS] [parallel]`: threads fill cairo's glyph cache many
        /// times over while drawing (`GlyphPageFlood`); with `parallel`, without the lock that keeps
        /// cairo 1.16 from deadlocking there, which it then usually does (said, exit status 1).
        static func glyphPages(_ arguments: [String]) -> Never {
            let passes = arguments.first.flatMap(Int.init) ?? 4
            let threads = arguments.dropFirst().first.flatMap(Int.init) ?? 2 * ProcessInfo.processInfo.activeProcessorCount
            let fonts = FileManager.default.currentDirectoryPath + "/Fonts"
            do {
                let figures = try GlyphPageFlood(fonts: fonts, threads: threads).run(passes: passes, parallel: arguments.contains("parallel"))
                print(figures)
                exit(figures.deadlocked ? 1 : 0)
            } catch {
                print("glyph pages: \(error)")
                exit(1)
            }
        }

        /// `streamshot-fuzz stress [SECONDS] [JOBS] [WORKLOADS]`: the concurrency stress; exits 1 when a render
        /// made beside others differed from the same render made alone, or failed.
        static func stress(_ arguments: [String]) -> Never {
            let seconds = arguments.first.flatMap(Double.init) ?? 60
            let jobs = arguments.dropFirst().first.flatMap(Int.init) ?? 2 * ProcessInfo.processInfo.activeProcessorCount + 1
            let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let workloads = arguments.dropFirst(2).first.flatMap(Int.init) ?? ConcurrentRenders.workloads.count
            do {
                let figures = try ConcurrentRenders(root: root, workloadCount: workloads).run(jobs: jobs, seconds: seconds) { print($0) }
                print(figures)
                exit(figures.mismatches.isEmpty && figures.errors.isEmpty ? 0 : 1)
            } catch {
                print("stress: a render made alone failed: \(error)")
                exit(1)
            }
        }
    }
#endif
