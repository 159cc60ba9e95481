import ArgumentParser
import Streamshot

extension BlockDirectionMode: ExpressibleByArgument {}
extension TextAlign: ExpressibleByArgument {}
extension DirectionLock: ExpressibleByArgument {}
extension AlignmentResolution: ExpressibleByArgument {}
extension LinePitchMode: ExpressibleByArgument {}

/// `--writing-direction`: auto, or a forced direction.
enum WritingDirectionOption: String, ExpressibleByArgument, CaseIterable {
    case auto, ltr, rtl

    var forced: WritingDirection? {
        switch self {
        case .auto: return nil
        case .ltr: return .ltr
        case .rtl: return .rtl
        }
    }
}

/// A `WIDTHxHEIGHT` size in points.
struct Viewport {
    let width: Double
    let height: Double

    init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        self.width = width
        self.height = height
    }
}

/// The fonts folder: the one given, else `FontLocator`'s default.
func fontsDirectory(_ explicit: String?) throws -> String {
    guard let directory = explicit ?? FontLocator.defaultDirectory() else {
        throw ValidationError("cannot find the Fonts/ folder: pass --fonts DIR or set STREAMSHOT_FONTS")
    }
    return directory
}
