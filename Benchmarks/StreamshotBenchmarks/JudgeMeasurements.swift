import Foundation
import Streamshot
import StreamshotAnalysis
import StreamshotCalibration

/// The judge's precision (issue 44): `check` over a clean matrix — every bundled example and
/// provider capture, every client, device, text size, theme, ending and reader action, each pair
/// of values in at least one render — must name nothing but what each client's note implies,
/// and every finding a note implies must still appear somewhere. Counts, the same on any
/// machine. `STREAMSHOT_JUDGE_PIXELS=1` writes each render's frames so contrast is judged too
/// (slower); `STREAMSHOT_JUDGE_VERBOSE=1` lists every false alarm; `STREAMSHOT_JUDGE_KEEP=DIR`
/// renders each cell with one again into DIR, frames and all; `STREAMSHOT_JUDGE_CLIENTS=a,b`
/// takes only those clients.
enum JudgeMeasurements {
    static func run() throws -> [Ratio] {
        var matrix = CleanMatrix(inputs: inputs())
        if let clients = ProcessInfo.processInfo.environment["STREAMSHOT_JUDGE_CLIENTS"] { matrix.clients = clients.split(separator: ",").map(String.init) }
        let cells = matrix.cells()
        let pixels = ProcessInfo.processInfo.environment["STREAMSHOT_JUDGE_PIXELS"] == "1"
        let outcomes = try judgeAll(cells, matrix: matrix, pixels: pixels)
        let alarms = outcomes.flatMap { outcome in outcome.falseAlarms.map { (outcome.cell, $0) } }
        printGrouped(alarms, verbose: ProcessInfo.processInfo.environment["STREAMSHOT_JUDGE_VERBOSE"] == "1")
        if let keep = ProcessInfo.processInfo.environment["STREAMSHOT_JUDGE_KEEP"] { try keepRenders(of: alarms, matrix: matrix, in: keep) }
        let missing = missingExpectations(outcomes)
        for line in missing { print("     expected, not seen: \(line)") }
        let findings = outcomes.reduce(0) { $0 + $1.findings.count }
        let alarmed = Set(alarms.map { "\($0.0)" }).count
        return try recall() + [
            Ratio(name: "judge: false alarms on the clean matrix (findings no note implies)", value: Double(alarms.count), target: "== 0",
                  met: alarms.isEmpty,
                  detail: "\(cells.count) renders, \(findings) findings, \(alarmed) renders with a false alarm\(pixels ? "" : "; contrast not judged")"),
            Ratio(name: "judge: findings the notes imply, not seen anywhere in the matrix", value: Double(missing.count), target: "== 0",
                  met: missing.isEmpty, detail: "of \(NoteExpectations.byClient.values.reduce(0) { $0 + $1.count }) listed"),
        ]
    }

    /// Answers the faults are planted in: Arabic, Persian, Hebrew, English, mixed; two with a 10- and a 15-row table; devices small to large.
    static let recallBases = ["ar-lease.md", "ar-obligations.md", "en-obligations.md", "fa-github-extras.md", "he-answer.md", "en-answer.md", "en-ar-mixed.md", "ar-nda-draft.md"]
    static let recallDevices = ["iphone-se", "iphone-14", "ipad-11"]

    /// The judge's recall: each fault class planted in a clean trace of every base answer, on
    /// every device; found when the class's detector names it from the planted moment on.
    static func recall() throws -> [Ratio] {
        var planted: [FaultClass: Int] = [:]
        var found: [FaultClass: Int] = [:]
        for base in recallBases {
            let trace = try CleanTrace(input: Workloads.root + "/Examples/" + base, fontsDirectory: Workloads.fonts)
            for device in recallDevices {
                for fault in FaultClass.allCases {
                    guard let outcome = try FaultRecall.judge(fault, in: trace, base: base, device: device, fontsDirectory: Workloads.fonts) else { continue }
                    planted[fault, default: 0] += 1
                    if outcome.found { found[fault, default: 0] += 1 } else { print("     missed: \(fault.rawValue) in \(base) on \(device)") }
                }
            }
        }
        return FaultClass.allCases.compactMap { fault in
            guard let count = planted[fault] else { return nil }
            let share = Double(found[fault] ?? 0) / Double(count)
            let target = fault.isNamedByTheNotes ? 1.0 : 0.95
            let through = fault == .duplicated ? "the stream" : "a client trace"
            return Ratio(name: "judge: recall, \(fault.rawValue) planted in \(through)", value: share,
                         target: fault.isNamedByTheNotes ? "== 1 (the notes name it)" : ">= 0.95", met: share >= target,
                         detail: "\(found[fault] ?? 0) of \(count) named by \(fault.expected.map(\.detector).sorted().first ?? "")")
        }
    }

    /// Every bundled example answer and provider capture.
    static func inputs() -> [String] {
        let root = Workloads.root + "/Examples"
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasSuffix(".md") && $0 != "CORPUS.md" }
        let providers = (try? FileManager.default.contentsOfDirectory(atPath: root + "/providers")) ?? []
        return examples.sorted().map { root + "/" + $0 } + providers.sorted().map { root + "/providers/" + $0 }
    }

    /// Each cell judged, two at a time.
    static func judgeAll(_ cells: [CleanMatrix.Cell], matrix: CleanMatrix, pixels: Bool) throws -> [CleanMatrix.Outcome] {
        let results = Results(count: cells.count)
        let scratch = NSTemporaryDirectory() + "streamshot-judge-\(getpid())"
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for index in stride(from: lane, to: cells.count, by: 2) {
                results.set(index, Result { try matrix.judge(cells[index], fontsDirectory: Workloads.fonts,
                                                               framesDirectory: pixels ? scratch + "/\(lane)" : nil) })
            }
        }
        try? FileManager.default.removeItem(atPath: scratch)
        return try results.all.map { try $0!.get() }
    }

    /// The false alarms by client and kind: how many renders, and the first one's finding (every
    /// one when `verbose`).
    static func printGrouped(_ alarms: [(CleanMatrix.Cell, Finding)], verbose: Bool) {
        var groups: [String: [(CleanMatrix.Cell, Finding)]] = [:]
        for alarm in alarms { groups["\(alarm.0.client) \(alarm.1.kind.rawValue)", default: []].append(alarm) }
        for key in groups.keys.sorted() {
            let group = groups[key]!
            let renders = Set(group.map { "\($0.0)" }).count
            for (cell, finding) in group.prefix(verbose ? .max : 1) {
                print("     false alarm: \(key) (\(renders) renders): \(cell): frame \(finding.frameIndex): \(finding.message.prefix(150))")
            }
        }
    }

    /// Renders each cell with a false alarm again, frames and all, into `directory`/NNN (its
    /// cell named in `cell.txt`), for a person to look at.
    static func keepRenders(of alarms: [(CleanMatrix.Cell, Finding)], matrix: CleanMatrix, in directory: String) throws {
        var seen: Set<String> = []
        for (cell, _) in alarms where seen.insert("\(cell)").inserted {
            let folder = directory + String(format: "/%03d", seen.count)
            _ = try matrix.judge(cell, fontsDirectory: Workloads.fonts, framesDirectory: folder)
            try "\(cell)\n".write(toFile: folder + "/cell.txt", atomically: true, encoding: .utf8)
        }
        print("     kept \(seen.count) renders with a false alarm in \(directory)")
    }

    /// "client: kind" for each expectation no render of that client showed.
    static func missingExpectations(_ outcomes: [CleanMatrix.Outcome]) -> [String] {
        NoteExpectations.byClient.keys.sorted().flatMap { client in
            let seen = Set(outcomes.filter { $0.cell.client == client }.flatMap(\.findings).map(\.kind))
            return NoteExpectations.expected(forClient: client).filter { !seen.contains($0.kind) }.map { "\(client): \($0.kind.rawValue)" }
        }
    }

    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Result<CleanMatrix.Outcome, any Error>?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<CleanMatrix.Outcome, any Error>) { lock.withLock { values[index] = value } }
        var all: [Result<CleanMatrix.Outcome, any Error>?] { lock.withLock { values } }
    }
}
