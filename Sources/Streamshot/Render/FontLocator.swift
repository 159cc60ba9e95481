import Foundation

/// Finds the `Fonts/` folder a render uses when none is given: one rule for the CLI, the
/// testing library and a team's own package.
public enum FontLocator {
    /// A file every usable fonts folder holds.
    static let marker = "NotoNaskhArabic-Regular.ttf"

    /// The first folder that holds the fonts, of: `STREAMSHOT_FONTS`; `packageRoot/Fonts` (a
    /// team's own package, when given); `./Fonts`; a `Fonts/` beside one of the executable's
    /// ancestors; the `Fonts/` of the Streamshot checkout this library was built from (so a team's
    /// package needs no copy).
    public static func defaultDirectory(packageRoot: String? = nil) -> String? {
        candidates(packageRoot: packageRoot).first { FileManager.default.fileExists(atPath: $0 + "/" + marker) }
    }

    private static func candidates(packageRoot: String?) -> [String] {
        var list: [String] = []
        if let env = ProcessInfo.processInfo.environment["STREAMSHOT_FONTS"] { list.append(env) }
        if let packageRoot { list.append(packageRoot + "/Fonts") }
        list.append(FileManager.default.currentDirectoryPath + "/Fonts")
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<8 {
            list.append(directory.appendingPathComponent("Fonts").path)
            directory.deleteLastPathComponent()
        }
        // This file is Sources/Streamshot/Render/FontLocator.swift in the checkout.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        list.append(checkout.appendingPathComponent("Fonts").path)
        return list
    }
}
