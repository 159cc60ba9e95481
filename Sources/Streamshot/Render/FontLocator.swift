import Foundation

/// Finds the project's `Fonts/` folder when none is given.
public enum FontLocator {
    static let marker = "NotoNaskhArabic-Regular.ttf"

    /// `STREAMSHOT_FONTS`, else `./Fonts`, else a `Fonts/` beside one of the executable's ancestors.
    public static func defaultDirectory() -> String? {
        let manager = FileManager.default
        func holdsFonts(_ path: String) -> Bool {
            manager.fileExists(atPath: (path as NSString).appendingPathComponent(marker))
        }
        if let env = ProcessInfo.processInfo.environment["STREAMSHOT_FONTS"], holdsFonts(env) { return env }
        let local = (manager.currentDirectoryPath as NSString).appendingPathComponent("Fonts")
        if holdsFonts(local) { return local }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<8 {
            let candidate = directory.appendingPathComponent("Fonts").path
            if holdsFonts(candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
