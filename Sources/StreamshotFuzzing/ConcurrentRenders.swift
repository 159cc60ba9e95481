public import Foundation
import Streamshot

/// The concurrency stress (issue 50): many different renders at once in one process, more jobs
/// than cores, for as long as asked, each frame's PNG and the manifest compared with the same
/// render made alone. Cairo, Pango and fontconfig keep process-wide state (font faces, caches,
/// type registries); a render that paints beside another must neither crash nor paint one byte
/// differently. Run it under ThreadSanitizer (`scripts/stress.sh tsan`) to find races that do not
/// yet show as a wrong byte.
public struct ConcurrentRenders: Sendable {
    /// One render: an input under the project root and CLI-style options.
    public struct Workload: Sendable {
        public var input: String
        public var arguments: String

        public var name: String { "\(input) \(arguments)" }
    }

    /// Every script, every kind of block and every device: Arabic and English prose, mixed
    /// direction, code, tables, emoji, provider streams and a client trace, on phones and a
    /// tablet, light and dark, at 1x to 3x. Kept short (few frames each) so that minutes hold
    /// hundreds of renders.
    public static let workloads: [Workload] = [
        Workload(input: "Examples/ar-lease.md", arguments: "--device iphone-se --theme dark --fps 12"),
        Workload(input: "Examples/en-answer.md", arguments: "--device iphone-14 --fps 12"),
        Workload(input: "Examples/fa-github-extras.md", arguments: "--device ipad-11 --fps 8"),
        Workload(input: "Examples/ar-code.md", arguments: "--device pixel-7 --theme dark --fps 12"),
        Workload(input: "Examples/en-ar-mixed.sse", arguments: "--device android-compact --fps 12"),
        Workload(input: "Examples/ar-vocalized.md", arguments: "--size 320x568 --scale 1 --fps 15 --text-size AX3"),
        Workload(input: "Examples/providers/anthropic-thinking-ar.sse", arguments: "--device iphone-pro-max --fps 10"),
        Workload(input: "Examples/traces/good-client.jsonl", arguments: "--fps 12"),
        Workload(input: "Tests/Fuzz/stress/emoji-table.md", arguments: "--device iphone-14 --theme dark --fps 12")
    ]

    /// What a render made: each frame's PNG digest, and its manifest.
    struct Digest: Equatable, Sendable {
        var frames: [UInt64]
        var manifest: Manifest
    }

    public struct Figures: Sendable, CustomStringConvertible {
        public var jobs = 0
        public var renders = 0
        public var frames = 0
        public var seconds = 0.0
        /// Renders whose bytes differed from the render made alone: workload and first differing frame.
        public var mismatches: [String] = []
        public var errors: [String] = []

        public var description: String {
            "stress: \(renders) renders (\(frames) frames) on \(jobs) threads in \(String(format: "%.1f", seconds)) s, "
                + "\(mismatches.count) differing from the render made alone, \(errors.count) error(s)"
                + (mismatches + errors).prefix(10).map { "\n  \($0)" }.joined()
        }
    }

    let root: URL
    /// `Fonts/`, and a folder of links to its files: the same fonts under other paths, which cairo
    /// counts as faces of their own, so renders side by side use more faces than cairo 1.16 keeps
    /// open (ten) — the crash `OwnedFaces` closed needed that. Turns alternate between them.
    let fontFolders: [String]
    let workloads: [Workload]

    /// - Parameter workloadCount: how many of `workloads` to render (the first ones): a run under
    ///   valgrind, fifty times slower, takes two or three.
    public init(root: URL, workloadCount: Int = Self.workloads.count) {
        self.root = root
        let fonts = root.appendingPathComponent("Fonts").path
        fontFolders = [fonts, Self.linkedFolder(to: fonts)]
        workloads = Array(Self.workloads.prefix(max(1, workloadCount)))
    }

    /// Renders each workload alone, then `jobs` threads render them all, each from a different
    /// place in the list, until `seconds` pass; every concurrent render is compared with its
    /// render made alone.
    public func run(jobs: Int, seconds: Double, progress: (String) -> Void = { _ in }) throws -> Figures {
        var made: [Digest] = []
        for workload in workloads {
            made.append(try render(workload, fonts: fontFolders[0]))
            progress("alone: \(workload.name): \(made.last!.frames.count) frames")
        }
        let references = made
        let figures = Locked(Figures(jobs: jobs))
        let deadline = Date().addingTimeInterval(seconds)
        let start = Date()
        let done = DispatchGroup()
        for job in 0..<jobs {
            done.enter()
            // Each thread starts at a different workload, so different renders always paint side by side.
            let thread = Thread {
                var turn = job
                while Date() < deadline {
                    let position = turn % workloads.count
                    turn += 1
                    compare(
                        workloads[position], fonts: fontFolders[turn % fontFolders.count], with: references[position],
                        into: figures)
                }
                done.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        done.wait()
        return figures.update {
            $0.seconds = Date().timeIntervalSince(start)
            return $0
        }
    }

    private func compare(_ workload: Workload, fonts: String, with reference: Digest, into figures: Locked<Figures>) {
        do {
            let digest = try render(workload, fonts: fonts)
            figures.update { figures in
                figures.renders += 1
                figures.frames += digest.frames.count
                if digest != reference { figures.mismatches.append("\(workload.name): \(Self.difference(digest, reference))") }
            }
        } catch {
            figures.update { $0.errors.append("\(workload.name): \(error)") }
        }
    }

    private func render(_ workload: Workload, fonts: String) throws -> Digest {
        var settings = try RenderSettings(arguments: workload.arguments)
        settings.fonts = fonts
        let job = try settings.job(input: .file(root.appendingPathComponent(workload.input).path))
        var frames: [UInt64] = []
        let manifest = try job.render { _, png in frames.append(Self.fnv1a64(png)) }
        return Digest(frames: frames, manifest: manifest)
    }

    /// A folder (made once per process) of links to every font file in `fonts`; `fonts` itself
    /// when the links cannot be made.
    private static func linkedFolder(to fonts: String) -> String {
        let folder = NSTemporaryDirectory() + "streamshot-stress-fonts-\(getpid())"
        let manager = FileManager.default
        guard (try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
            let names = try? manager.contentsOfDirectory(atPath: fonts)
        else { return fonts }
        for name in names where !manager.fileExists(atPath: folder + "/" + name) {
            guard (try? manager.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: fonts + "/" + name)) != nil else {
                return fonts
            }
        }
        return folder
    }

    static func difference(_ digest: Digest, _ reference: Digest) -> String {
        if let frame = zip(digest.frames, reference.frames).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return "frame \(frame)'s PNG differs"
        }
        if digest.frames.count != reference.frames.count { return "\(digest.frames.count) frames, alone \(reference.frames.count)" }
        return "the manifest differs"
    }

    static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}

/// A value shared by threads, read and changed under a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    @discardableResult
    func update<Result>(_ change: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return change(&value)
    }
}
