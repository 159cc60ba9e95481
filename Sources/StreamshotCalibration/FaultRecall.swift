import Foundation
public import Streamshot
public import StreamshotAnalysis

/// The judge's recall: each fault class planted in clean traces of several answers, rendered on
/// several devices, and whether `check` names it — the kind its class expects, from its
/// detector, at or after the moment the fault first shows.
public enum FaultRecall {
    /// One planted fault and what `check` said.
    public struct Outcome: Sendable {
        public var fault: FaultClass
        public var base: String
        public var device: String
        /// The findings that name the class (its kinds; a kind of raw syntax in its words), from the planted moment on.
        public var naming: [Finding]
        /// The clean trace of the same answer drew no finding (else the base is not clean).
        public var found: Bool { !naming.isEmpty }
    }

    /// Plants `fault` in `trace` (of the answer `base`), renders it on `device` and checks it;
    /// nil when the trace cannot carry the fault.
    /// - Throws: `InputError` when the planted trace does not read (a planter's bug).
    public static func judge(
        _ fault: FaultClass, in trace: CleanTrace, base: String, device: String,
        fontsDirectory: String?
    ) throws -> Outcome? {
        let report: CheckReport
        let fromMs: Double
        if fault == .duplicated {
            guard let (replayed, at) = FaultPlanter.replayAfterReconnect(trace.transcript) else { return nil }
            report = try check(replayed, device: device, fontsDirectory: fontsDirectory)
            fromMs = at
        } else {
            // A column jump needs a table that narrows on this device, a snap or a view that stops
            // following an answer taller than its screen, a broken word a line that wraps (on a
            // tablet any may fit whole).
            let base =
                [.columnsJump, .scrollSnap, .caretHidden, .brokenWords].contains(fault)
                ? try trace.onDevice(device, fontsDirectory: fontsDirectory) : trace
            guard let (planted, at) = FaultPlanter.plant(fault, in: base) else { return nil }
            report = try check(planted, device: device, fontsDirectory: fontsDirectory, pixels: fault.needsPixels)
            fromMs = at
        }
        let naming = report.findings.filter { fault.isNamed(by: $0) && $0.timeMs >= fromMs - 50 }
        return Outcome(fault: fault, base: base, device: device, naming: naming)
    }

    /// A stream rendered by the reference on `device` (manifest only) and checked.
    public static func check(_ transcript: Transcript, device: String, fontsDirectory: String?) throws -> CheckReport {
        var settings = try RenderSettings(arguments: ["--device", device])
        settings.fonts = fontsDirectory
        var job = try settings.job(input: .transcript(transcript))
        job.options.encodesFrames = false
        return Detector.check(try job.render { _, _ in })
    }

    /// `trace` rendered on `device` and checked: the manifest alone, or with its frames written
    /// to a temporary folder when `pixels` (contrast is judged only then).
    public static func check(_ trace: CleanTrace, device: String, fontsDirectory: String?, pixels: Bool = false) throws -> CheckReport {
        guard pixels else { return Detector.check(try render(trace, device: device, fontsDirectory: fontsDirectory)) }
        let folder = NSTemporaryDirectory() + "streamshot-planted-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try job(trace, device: device, fontsDirectory: fontsDirectory) { try $0.render(to: folder) }
        return try Detector.check(ManifestFile(path: result.manifestPath), pixels: .directory(folder))
    }

    /// `trace` rendered on `device`: its manifest.
    static func render(_ trace: CleanTrace, device: String, fontsDirectory: String?) throws -> Manifest {
        try job(trace, device: device, fontsDirectory: fontsDirectory) { job in
            var job = job
            job.options.encodesFrames = false
            return try job.render { _, _ in }
        }
    }

    /// `body` given the render job of `trace` on `device`, read from a temporary file.
    private static func job<Result>(
        _ trace: CleanTrace, device: String, fontsDirectory: String?,
        _ body: (RenderJob) throws -> Result
    ) throws -> Result {
        let path = NSTemporaryDirectory() + "streamshot-planted-\(UUID().uuidString).jsonl"
        try trace.jsonLines().write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var settings = try RenderSettings(arguments: ["--device", device])
        settings.fonts = fontsDirectory
        return try body(try settings.job(input: .file(path)))
    }
}
