import ArgumentParser
import Foundation
import Streamshot

/// Number options are checked where they enter: finite and within a range, or an error that
/// names the option, the value given and the range allowed (argument-parser accepts `inf`,
/// `nan` and `1e300` for a Double, and conversions further in would trap on them).
enum OptionRange {
    /// - Throws: `ValidationError` "--fps 0: expected a number from 1 to 240".
    static func require<Value: Comparable>(
        _ value: Value, in range: ClosedRange<Value>, option: String,
        unit: String = ""
    ) throws {
        try validated { try SettingRange.require(value, in: range, option: option, unit: unit) }
    }

    /// Runs a library check, its `InputError` becoming the `ValidationError` argument-parser prints.
    static func validated<Result>(_ check: () throws -> Result) throws -> Result {
        do {
            return try check()
        } catch let error as InputError {
            throw ValidationError(error.message)
        }
    }

    /// How many timed pictures `--every` asks for over `durationMs`, at most `limit`.
    /// - Throws: `ValidationError` naming the smallest interval that fits.
    static func requireSteps(everySeconds: Double, durationMs: Double, limit: Int, option: String = "--every") throws {
        let steps = durationMs / (everySeconds * 1000)
        guard steps <= Double(limit) else {
            let smallest = (durationMs / 1000 / Double(limit) * 100).rounded(.up) / 100
            throw ValidationError(
                "\(option) \(text(everySeconds)): asks for \(Int(steps)) pictures of this \(text(durationMs / 1000))-second render; at "
                    + "most \(limit) (use \(option) \(text(smallest)) or more)")
        }
    }

    /// A number as people write it: 4, not 4.0.
    static func text<Value>(_ value: Value) -> String { SettingRange.text(value) }
}
