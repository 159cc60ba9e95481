public import ArgumentParser
import Foundation
public import Streamshot

/// A profile known by name (devices, themes, clients), as `matrix` lists them (`--devices
/// iPhone-SE,pixel-7`): its name in any case, as the render options take it, listed by name in
/// the help. The render options themselves are read by `RenderSettings.options`, not here.
public protocol NamedArgument: ExpressibleByArgument {
    static var all: [Self] { get }
    var name: String { get }
}

extension NamedArgument {
    public init?(argument: String) {
        guard let value = Self.all.first(where: { $0.name.lowercased() == argument.lowercased() }) else { return nil }
        self = value
    }

    public static var allValueStrings: [String] { all.map(\.name) }
    public var defaultValueDescription: String { name }
}

extension Theme: NamedArgument {}
extension DevicePreset: NamedArgument {}

extension TextSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public var defaultValueDescription: String { name }
}

extension ClientProfile: NamedArgument {
    public static var all: [ClientProfile] { builtin }
}

extension RepeatedFrames: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public var defaultValueDescription: String { rawValue }
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
