public import Foundation
public import Streamshot

/// `streamshot matrix`: every input rendered in every cell of a matrix, each cell checked, and
/// `matrix.json` and `matrix.html` written over them. Cells run side by side, `jobs` at a time;
/// a cell's frames are the bytes a single `render` with its options writes.
public struct MatrixRun: Sendable {
    public var inputs: [String]
    public var matrix: RenderMatrix
    /// Every option the cells share (network, client rules, …).
    public var base: RenderSettings
    /// The shared options as the CLI took them, for `matrix.json`.
    public var sharedArguments: [String]
    public var fontsDirectory: String
    /// Cells rendered at once (each with its share of the encoder threads).
    public var jobs: Int

    public init(
        inputs: [String], matrix: RenderMatrix, base: RenderSettings, sharedArguments: [String] = [],
        fontsDirectory: String, jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.inputs = inputs
        self.matrix = matrix
        self.base = base
        self.sharedArguments = sharedArguments
        self.fontsDirectory = fontsDirectory
        self.jobs = max(1, jobs)
    }

    /// What a run wrote.
    public struct Output: Sendable {
        public var rows: [MatrixRow]
        public var json: String
        public var html: String
        public var failing: [MatrixRow] { rows.filter { !$0.passed } }
    }

    /// Renders every cell into `directory/<input name>/<cell>/`, then writes the matrix's files.
    /// - Parameter cellDone: told of each cell as it finishes (from any thread).
    /// - Throws: when the folder or the matrix's own files cannot be written; a cell that fails
    ///   is recorded in its row instead.
    public func write(to directory: String, cellDone: @escaping @Sendable (MatrixRow) -> Void = { _ in }) throws -> Output {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var shared = base
        shared.encoderThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / jobs)
        let cells = matrix.cells(base: shared)
        let folders = Self.inputFolders(inputs)
        let runs = inputs.indices.flatMap { input in
            cells.map { cell in
                MatrixCellRun(
                    input: inputs[input], cell: cell, folder: folders[input] + "/" + cell.name, matrixDirectory: directory,
                    fontsDirectory: fontsDirectory, sharedArguments: sharedArguments)
            }
        }
        let rows = Self.parallelMap(runs, width: jobs) { run in
            let row = run.run()
            cellDone(row)
            return row
        }
        let json = (directory as NSString).appendingPathComponent("matrix.json")
        let html = (directory as NSString).appendingPathComponent("matrix.html")
        try MatrixDocument(inputs: inputs, matrix: matrix, rows: rows).encoded().write(to: URL(fileURLWithPath: json))
        try Data(MatrixPage.html(rows, inputs: inputs, folders: folders).utf8).write(to: URL(fileURLWithPath: html))
        return Output(rows: rows, json: json, html: html)
    }

    /// Each input's folder name: its file name without the extension, numbered when two inputs share one.
    static func inputFolders(_ inputs: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return inputs.map { path in
            let stem = RenderMatrix.pathSafe(((path as NSString).lastPathComponent as NSString).deletingPathExtension)
            let count = seen[stem, default: 0] + 1
            seen[stem] = count
            return count == 1 ? stem : "\(stem)-\(count)"
        }
    }

    /// `transform` over `items` on `width` threads; results in the items' order.
    static func parallelMap<Item: Sendable, Result: Sendable>(_ items: [Item], width: Int, _ transform: @Sendable @escaping (Item) -> Result)
        -> [Result]
    {
        let results = ResultSlots<Result>(count: items.count)
        let group = DispatchGroup()
        for _ in 0..<min(width, items.count) {
            group.enter()
            Thread.detachNewThread {
                while let index = results.takeIndex() { results.set(index, transform(items[index])) }
                group.leave()
            }
        }
        group.wait()
        return results.values
    }
}

/// Results filled from several threads under a lock, and the next index to work on, handed out once each.
final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]
    private var nextIndex = 0

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.withLock { slots[index] = value }
    }

    func takeIndex() -> Int? {
        lock.withLock {
            guard nextIndex < slots.count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }

    var values: [Value] { lock.withLock { slots.map { $0! } } }
}
