public import Foundation

/// Which part of a render one machine makes: shard `index` of `count` (1-based), as
/// `--shard 2/3` says, or as a batch scheduler's own variable says with `--shards 3`.
public struct ShardSpec: Sendable, Equatable, Codable {
    public var index: Int
    public var count: Int

    /// More shards than this buys nothing a render could use (frames are the unit).
    public static let maxCount = Manifest.ShardRecord.maxCount

    public init(index: Int, count: Int) throws {
        guard count >= 1, count <= Self.maxCount else {
            throw InputError("--shard \(index)/\(count): expected from 1 to \(Self.maxCount) shards")
        }
        guard (1...count).contains(index) else {
            throw InputError("--shard \(index)/\(count): expected a shard from 1 to \(count) (shards count from 1)")
        }
        self.index = index
        self.count = count
    }

    /// `2/3`.
    /// - Throws: `InputError` for anything else, or a shard out of range.
    public init(_ text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw InputError("--shard \(text): expected K/N, such as 2/3 (shard K of N, counting from 1)")
        }
        try self.init(index: index, count: count)
    }

    public var text: String { "\(index)/\(count)" }

    /// The variables batch schedulers set on each of N copies of a job, and how they count:
    /// a Kubernetes Indexed Job's and AWS Batch's array index from 0, Streamshot's own from 1
    /// (a CI matrix sets it).
    public static let environmentVariables: [(name: String, firstIndex: Int)] = [
        ("JOB_COMPLETION_INDEX", 0), ("AWS_BATCH_JOB_ARRAY_INDEX", 0), ("STREAMSHOT_SHARD", 1)
    ]

    /// Shard of `count` that the scheduler's variable names (the first one set, in the order above).
    /// - Throws: `InputError` when none is set, or it is not a shard of `count`.
    public static func fromEnvironment(count: Int, _ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ShardSpec {
        for (name, first) in environmentVariables {
            guard let value = environment[name] else { continue }
            guard let number = Int(value.trimmingCharacters(in: .whitespaces)) else {
                throw InputError("\(name)=\(value): expected a whole number (the shard's index)")
            }
            do {
                return try ShardSpec(index: number - first + 1, count: count)
            } catch {
                throw InputError("\(name)=\(value) with --shards \(count): expected \(first) to \(count - 1 + first)")
            }
        }
        throw InputError("--shards \(count): no shard index: set --shard K/N, or one of \(environmentVariables.map(\.name).joined(separator: ", "))")
    }
}
