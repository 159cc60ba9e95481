import Foundation
import StreamshotGraphics
import Testing

/// Cairo 1.16 keeps at most ten FreeType faces it opened itself, and closes one another thread
/// may be about to draw with (`_cairo_ft_unscaled_font_lock_face` picks a face whose lock count
/// it reads without that face's lock). Two font folders — the bundled one and a folder of links
/// to it, as a test or a team with its own fonts makes — hold twenty faces, so drawing with them
/// on several threads makes cairo close faces all the time. Every drawing must still be what one
/// thread alone draws, and the process must live.
@Suite struct OpenFaceLimitTests {
    private static let texts = [
        ("تُفسَّر أحكام هذا العقد", "Noto Naskh Arabic"), ("Governing law and venue", "Noto Sans"),
        ("שלום עולם", "Noto Sans Hebrew"), ("let x = 3 * 2", "Noto Sans Mono"), ("Files 📄 signed ✅", "Noto Sans")
    ]

    /// A new folder of links to every bundled font: the same files under other names, which cairo
    /// counts as faces of their own, with nothing cached for them yet.
    private static func linkedFolder(_ pass: Int) throws -> String {
        let folder = NSTemporaryDirectory() + "streamshot-linked-fonts-\(getpid())-\(pass)"
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: GraphicsTests.fontsDirectory) where name.hasSuffix(".ttf") {
            try manager.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: GraphicsTests.fontsDirectory + "/" + name)
        }
        return folder
    }

    private static func draw(_ index: Int, with fonts: FontLibrary) throws -> [UInt8] {
        let (text, family) = texts[index % texts.count]
        let font = FontSpec(families: family, sizePx: 11 + Double(index / texts.count) / 4, bold: index % 3 == 0)
        let layout = try TextLayout(
            library: fonts, text: text, font: font, width: 300,
            direction: index % 2 == 0 ? .rtl : .ltr, alignment: .left)
        let canvas = try Canvas(width: 320, height: 40)
        canvas.draw(layout, line: 0, layoutX: 10, baseline: 30, color: Color(hex: 0x000000))
        return canvas.rgbBytes()
    }

    @Test func facesBeyondCairosLimitDrawnOnSixThreadsDrawWhatOneThreadDraws() throws {
        let count = Self.texts.count * 24
        let alone = try FontLibrary(directory: GraphicsTests.fontsDirectory)
        let expected = try (0..<count).map { try Self.draw($0, with: alone) }
        let threads = 6
        let mismatches = LockedCount()
        for pass in 0..<4 {
            // Each thread draws every text at every size with a folder nothing has drawn with yet,
            // so cairo opens its faces, and closes others, while the other threads draw.
            let folders = try (0..<threads).map { try Self.linkedFolder(pass * threads + $0) }
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                guard let fonts = try? FontLibrary(directory: folders[thread]) else { return mismatches.add() }
                for step in 0..<count {
                    let index = (thread * 7 + step) % count
                    if (try? Self.draw(index, with: fonts)) != expected[index] { mismatches.add() }
                }
            }
            for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        }
        #expect(mismatches.value == 0, "\(mismatches.value) of \(4 * threads * count) drawings differ from one thread's")
    }
}
