public import Foundation
public import Streamshot

/// `matrix.json`: the matrix's dimensions and one row per cell, inputs in the order given and
/// cells in the matrix's order under each. Written with sorted keys, so two runs differ only in
/// their timings.
public struct MatrixDocument: Codable, Sendable, Equatable {
    public var inputs: [String]
    /// Each dimension's values, by the option's name: `{"device": ["iphone-se", "ipad-11"]}`.
    public var dimensions: MatrixAxes<[String]>
    public var passed: Bool
    public var cells: [MatrixRow]

    public init(inputs: [String], matrix: RenderMatrix, rows: [MatrixRow]) {
        self.inputs = inputs
        dimensions = matrix.axes
        passed = rows.allSatisfy(\.passed)
        cells = rows
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    public static func read(from path: String) throws -> MatrixDocument {
        guard let data = FileManager.default.contents(atPath: path) else { throw InputError("\(path): cannot read the file") }
        do {
            return try JSONDecoder().decode(MatrixDocument.self, from: data)
        } catch {
            throw InputError("\(path): not a matrix.json (\(error))")
        }
    }
}
