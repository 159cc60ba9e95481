public import ArgumentParser
import Foundation
public import Streamshot

extension BlockDirectionMode: ExpressibleByArgument {}
extension TextAlign: ExpressibleByArgument {}
extension DirectionLock: ExpressibleByArgument {}
extension AlignmentResolution: ExpressibleByArgument {}
extension LinePitchMode: ExpressibleByArgument {}
extension BidiControlDisplay: ExpressibleByArgument {}

/// A strategy or profile known by name (pacing policies, direction rules, themes, networks):
/// given on the command line by its name, listed by name in the help.
public protocol NamedArgument: ExpressibleByArgument {
    static var all: [Self] { get }
    var name: String { get }
}

extension NamedArgument {
    public init?(argument: String) {
        guard let value = Self.all.first(where: { $0.name == argument }) else { return nil }
        self = value
    }

    public static var allValueStrings: [String] { all.map(\.name) }
    public var defaultValueDescription: String { name }
}

extension PacingPolicy: NamedArgument {}
extension DirectionRule: NamedArgument {}
extension Theme: NamedArgument {}
extension NetworkProfile: NamedArgument {}
extension DevicePreset: NamedArgument {}
extension Appearance.Contrast: ExpressibleByArgument {}

extension TextSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public var defaultValueDescription: String { name }
}

extension ClientProfile: NamedArgument {
    public static var all: [ClientProfile] { builtin }
}

/// `--format`: auto (detected from the first event), or a provider format by name.
struct FormatChoice: ExpressibleByArgument {
    let format: StreamFormat?
    /// `client-trace`: a team's client's own trace, not a stream of events.
    var clientTrace = false

    init(format: StreamFormat?) { self.format = format }

    init?(argument: String) {
        if argument == "auto" {
            format = nil
        } else if argument == "client-trace" {
            format = nil
            clientTrace = true
        } else if let format = StreamFormat.named(argument) {
            self.format = format
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { ["auto"] + StreamFormat.all.map(\.name) + ["client-trace"] }
    var defaultValueDescription: String { clientTrace ? "client-trace" : format?.name ?? "auto" }
}

/// `--writing-direction`: auto, or a forced direction.
enum WritingDirectionOption: String, ExpressibleByArgument, CaseIterable {
    case auto, ltr, rtl

    init(_ forced: WritingDirection?) { self = forced.map { $0 == .rtl ? .rtl : .ltr } ?? .auto }

    var forced: WritingDirection? {
        switch self {
        case .auto: return nil
        case .ltr: return .ltr
        case .rtl: return .rtl
        }
    }
}

/// `--layout-direction`: the app's layout direction.
enum LayoutDirectionOption: String, ExpressibleByArgument, CaseIterable {
    case ltr, rtl

    var direction: WritingDirection { self == .rtl ? .rtl : .ltr }
}

/// `--size WIDTHxHEIGHT`, in points.
extension ViewportSize: ExpressibleByArgument {
    public init?(argument text: String) { self.init(text) }
    public var defaultValueDescription: String { text }
}

/// The fonts folder: the one given, else `FontLocator`'s default.
func fontsDirectory(_ explicit: String?) throws -> String {
    guard let directory = explicit ?? FontLocator.defaultDirectory() else {
        throw ValidationError("cannot find the Fonts/ folder: pass --fonts DIR or set STREAMSHOT_FONTS")
    }
    return directory
}

/// `--out` must be a folder or not exist yet (a file there would fail deep inside with a Foundation error).
func requireOutputFolder(_ path: String, option: String = "--out") throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
        throw ValidationError("\(option) \(path): is a file; expected a folder (it is created when missing)")
    }
}
