import Foundation
public import Streamshot
public import StreamshotAnalysis

/// Renders a reader would call clean, across everything a clean render varies in — inputs,
/// clients, devices, text sizes, themes, endings and the reader's actions — and what `check`
/// says of each: any finding outside the client's `NoteExpectations` is a false alarm.
/// `cells(…)` covers every pair of values of the seven axes (`PairwiseCover`).
public struct CleanMatrix: Sendable {
    public var inputs: [String]
    public var clients: [String]
    public var devices: [String]
    public var textSizes: [String]
    public var themes: [String]
    public var endings: [EndingPlan]
    public var readers: [ReaderScript]
    /// Options every cell renders with (`--network 3g --seed 4`: plain text arrives in bursts).
    public var baseArguments: [String]

    public init(
        inputs: [String], clients: [String] = ClientProfile.builtin.map(\.name), devices: [String] = DevicePreset.all.map(\.name),
        textSizes: [String] = ["large", "AX3", "AX5"], themes: [String] = ["light", "dark"],
        endings: [EndingPlan] = EndingPlan.allCases, readers: [ReaderScript] = ReaderScript.allCases,
        baseArguments: [String] = ["--network", "3g", "--seed", "4"]
    ) {
        self.inputs = inputs
        self.clients = clients
        self.devices = devices
        self.textSizes = textSizes
        self.themes = themes
        self.endings = endings
        self.readers = readers
        self.baseArguments = baseArguments
    }

    /// One clean render: an input and one value of each axis.
    public struct Cell: Sendable, CustomStringConvertible {
        public var input: String
        public var client: String
        public var device: String
        public var textSize: String
        public var theme: String
        public var ending: EndingPlan
        public var reader: ReaderScript

        public var description: String {
            "\((input as NSString).lastPathComponent) \(client) \(device) \(textSize) \(theme) ending=\(ending.rawValue) reader=\(reader.rawValue)"
        }
    }

    /// A pairwise-covering set of cells, in a fixed order.
    public func cells() -> [Cell] {
        PairwiseCover.rows([inputs.count, clients.count, devices.count, textSizes.count, themes.count, endings.count, readers.count]).map { row in
            Cell(
                input: inputs[row[0]], client: clients[row[1]], device: devices[row[2]], textSize: textSizes[row[3]], theme: themes[row[4]],
                ending: endings[row[5]], reader: readers[row[6]])
        }
    }

    /// What `check` said of a cell.
    public struct Outcome: Sendable {
        public var cell: Cell
        public var findings: [Finding]
        /// Findings the client's note does not imply: false alarms.
        public var falseAlarms: [Finding] {
            let expected = Set(NoteExpectations.expected(forClient: cell.client).map(\.kind))
            return findings.filter { !expected.contains($0.kind) }
        }
        /// Detectors that could not judge (contrast without pixels).
        public var notJudged: [String]
    }

    /// Renders `cell` and checks it.
    /// - Parameters:
    ///   - fontsDirectory: the only fonts the render may use.
    ///   - framesDirectory: where to write the frames so contrast is judged from their pixels
    ///     (emptied first); nil renders the manifest alone and contrast is not judged.
    /// - Throws: `InputError` for an input that does not read.
    public func judge(_ cell: Cell, fontsDirectory: String?, framesDirectory: String? = nil) throws -> Outcome {
        var arguments = baseArguments + ["--client", cell.client, "--device", cell.device, "--text-size", cell.textSize, "--theme", cell.theme]
        // A client with a timeout of its own times out sooner; one without (the 003 note's) shows its silence.
        if cell.ending == .timeout, ClientProfile.named(cell.client)?.ending.timeoutMs != nil {
            arguments += ["--timeout-ms", "\(EndingPlan.timeoutMs)"]
        }
        var settings = try RenderSettings(arguments: arguments)
        settings.fonts = fontsDirectory
        var job = try settings.job(input: .file(cell.input))
        let transcript = cell.ending.apply(to: try job.transcript())
        let texts = transcript.events.filter {
            if case .delta = $0.kind { return true }
            if case .snapshot = $0.kind { return true }
            return false
        }
        job.input = .transcript(transcript)
        job.options.interactions = cell.reader.actions(firstMs: texts.first?.timeMs ?? 0, lastMs: texts.last?.timeMs ?? 0)
        let report: CheckReport
        if let framesDirectory {
            try? FileManager.default.removeItem(atPath: framesDirectory)
            let result = try job.render(to: framesDirectory)
            report = try Detector.check(ManifestFile(path: result.manifestPath), pixels: .directory(framesDirectory))
        } else {
            job.options.encodesFrames = false
            report = Detector.check(try job.render { _, _ in })
        }
        return Outcome(cell: cell, findings: report.findings, notJudged: report.detectors.filter { $0.notJudged != nil }.map(\.name))
    }
}
