public import Foundation

/// Runs a target over mutants of its corpus until a deadline or a count: a trap ends the
/// process (that is the finding, with the input saved first); the figures say how much ran.
public struct FuzzRun {
    public struct Figures: Sendable, CustomStringConvertible {
        public var target: String
        public var executions = 0
        public var seconds = 0.0
        /// The slowest single input, in milliseconds: a hang shows here first.
        public var slowestMs = 0.0
        public var largestInput = 0

        public var description: String {
            "\(target): \(executions) inputs in \(String(format: "%.1f", seconds)) s (\(Int(Double(executions) / max(seconds, 0.001)))/s), "
                + "slowest \(String(format: "%.1f", slowestMs)) ms, largest \(largestInput) bytes, no crash"
        }
    }

    public let target: FuzzTarget
    public let corpus: [[UInt8]]
    /// Where the input being run is written before it runs, so a trap leaves it behind.
    public var crashFile: String?

    /// - Parameter root: the project root, where `Examples/` and `Tests/Fuzz/corpus/` are.
    public init(target: FuzzTarget, root: URL, crashFile: String? = nil) {
        self.target = target
        let items = target.corpus(root).compactMap { FileManager.default.contents(atPath: $0.path).map { [UInt8]($0) } }
        corpus = items.isEmpty ? [[]] : items
        self.crashFile = crashFile
    }

    /// Runs every corpus item once, then mutants until `seconds` pass or `maxInputs` have run.
    public func run(seed: UInt64, seconds: Double, maxInputs: Int = .max) -> Figures {
        var mutator = Mutator(seed: seed)
        var figures = Figures(target: target.name)
        let start = Date()
        var index = 0
        while figures.executions < maxInputs, Date().timeIntervalSince(start) < seconds {
            let base = corpus[index % corpus.count]
            let input = index < corpus.count ? base : mutator.mutate(base, other: corpus[(index * 7 + 3) % corpus.count])
            execute(input, figures: &figures)
            index += 1
        }
        figures.seconds = Date().timeIntervalSince(start)
        return figures
    }

    private func execute(_ input: [UInt8], figures: inout Figures) {
        if let crashFile { _ = FileManager.default.createFile(atPath: crashFile, contents: Data(input)) }
        let began = Date()
        target.run(input)
        figures.slowestMs = max(figures.slowestMs, Date().timeIntervalSince(began) * 1000)
        figures.largestInput = max(figures.largestInput, input.count)
        figures.executions += 1
    }
}
