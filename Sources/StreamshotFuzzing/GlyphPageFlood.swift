import Foundation
import StreamshotGraphics

/// Several threads lay out and draw text in many scripts at many sizes, each with fonts of its own,
/// so cairo's process-wide glyph cache (at most 512 pages of 32 glyphs in cairo 1.16) fills many
/// times over and evicts one font's pages while other threads draw with that font: what deadlocked
/// a loaded suite run before `GlyphWork` (issue 50). `parallel` turns that lock off, to show the
/// deadlock it prevents; a render never does.
public struct GlyphPageFlood: Sendable {
    public struct Figures: Sendable, CustomStringConvertible {
        public var threads = 0
        public var drawings = 0
        /// Glyph pages the drawings needed, at least: each font's distinct characters over 32,
        /// summed over every family, size and weight drawn (a different size is a different font).
        public var pagesAtLeast = 0
        public var seconds = 0.0
        /// No thread drew anything for `stallSeconds` while some had not finished: they are stuck
        /// in cairo for good (the threads are left there; end the process).
        public var deadlocked = false

        public var description: String {
            deadlocked
                ? "glyph pages: DEADLOCK: no drawing for \(Int(GlyphPageFlood.stallSeconds)) s after \(drawings) drawings on \(threads) threads"
                : "glyph pages: \(drawings) drawings on \(threads) threads in \(String(format: "%.1f", seconds)) s, "
                    + "at least \(pagesAtLeast) glyph pages (cairo keeps 512)"
        }
    }

    /// Texts whose characters reach far into each font's glyphs: each family's letters in all
    /// their forms, digits and punctuation.
    static let texts: [(family: String, text: String)] = [
        (
            "Noto Sans",
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ "
                + "àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿ αβγδεζηθικλμνξοπρστυφχψω ΑΒΓΔΘΛΞΠΣΦΨΩ АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЭЮЯ "
                + "абвгдежзийклмнопрстуфхцчшщэюя ĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģ"
        ),
        (
            "Noto Naskh Arabic",
            "ابتثجحخدذرزسشصضطظعغفقكلمنهوي بب تت ثث جج حح خخ سس شش صص ضض طط ظظ عع غغ فف قق كك لل مم نن هه يي "
                + "بجب تحت ثخث سعس شغش صفص ضقض طكط ظلظ عمع غنغ فهف قيق پچژگک پپ چچ گگ ٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ "
                + "ءآأؤإئة ًٌٍَُِّْ لا لأ لإ لآ ،؛؟"
        ),
        ("Noto Sans Hebrew", "אבגדהוזחטיכלמנסעפצקרשת ךםןףץ שָׁלוֹם עוֹלָם ׳״ בְּרֵאשִׁית"),
        ("Noto Sans Mono", "{}[]()<>=+-*/%&|^~!?@#$\\;:'\",.`_ ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789")
    ]

    /// How long no drawing at all means a deadlock rather than a slow machine: one drawing takes
    /// milliseconds, and every thread stopping for this long has only ever been cairo's locks.
    static let stallSeconds = 30.0

    /// Text sizes in pixels: every one a scaled font of its own per family and weight.
    static let sizes: [Double] = stride(from: 9.0, through: 39.75, by: 0.25).map { $0 }

    /// What one thread draws in a pass: every text at every size.
    public static var drawingsPerPass: Int { sizes.count * texts.count }

    let fonts: String
    let threads: Int

    /// - Parameters:
    ///   - fonts: the font folder (the project's `Fonts/`).
    ///   - threads: how many threads draw at once, each with a font library of its own.
    public init(fonts: String, threads: Int) {
        self.fonts = fonts
        self.threads = threads
    }

    /// Every thread draws every text at every size (in bold on odd passes), each starting at a
    /// different size, `passes` times over.
    /// - Parameters:
    ///   - passes: how many times each thread draws every text at every size.
    ///   - parallel: without the glyph lock (`GlyphWork`): cairo 1.16 may deadlock.
    public func run(passes: Int, parallel: Bool = false) throws -> Figures {
        // Written only to turn the lock off: a run with it (the suite's) touches no process-wide switch.
        if parallel { GlyphWork.isSerialized = false }
        defer { if parallel { GlyphWork.isSerialized = true } }
        let start = Date()
        let failures = Locked<[String]>([])
        let drawings = Locked(0)
        let done = DispatchGroup()
        for thread in 0..<threads {
            done.enter()
            let worker = Thread {
                defer { done.leave() }
                do { try draw(from: thread * Self.sizes.count / max(1, threads), passes: passes, counting: drawings) } catch {
                    failures.update { $0.append("thread \(thread): \(error)") }
                }
            }
            worker.stackSize = 8 << 20
            worker.start()
        }
        var figures = Figures(threads: threads, pagesAtLeast: pagesAtLeast(passes: passes))
        var seen = -1
        while done.wait(timeout: .now() + Self.stallSeconds) == .timedOut {
            let now = drawings.update { $0 }
            if now == seen {
                figures.deadlocked = true
                break
            }
            seen = now
        }
        if let failure = failures.update({ $0 }).first { throw GraphicsError("flood the glyph cache", failure) }
        figures.drawings = drawings.update { $0 }
        figures.seconds = Date().timeIntervalSince(start)
        return figures
    }

    private func draw(from first: Int, passes: Int, counting drawings: Locked<Int>) throws {
        let library = try FontLibrary(directory: fonts)
        let canvas = try Canvas(width: 900, height: 120)
        for pass in 0..<passes {
            for step in Self.sizes.indices {
                let size = Self.sizes[(first + step) % Self.sizes.count]
                for (family, text) in Self.texts {
                    let font = FontSpec(families: family, sizePx: size, bold: pass % 2 == 1)
                    let layout = try TextLayout(
                        library: library, text: text, font: font, width: 880,
                        direction: family.contains("Arabic") || family.contains("Hebrew") ? .rtl : .ltr,
                        alignment: .left)
                    for line in layout.lines.indices.prefix(3) {
                        canvas.draw(layout, line: line, layoutX: 10, baseline: 40 * Double(line + 1), color: Color(hex: 0x202020))
                    }
                    drawings.update { $0 += 1 }
                }
            }
        }
    }

    /// The glyph pages `passes` passes need at least (bold is another font; passes beyond two draw
    /// the same fonts again).
    private func pagesAtLeast(passes: Int) -> Int {
        let weights = min(passes, 2)
        let perSize = Self.texts.reduce(0) { total, entry in
            total + (Set(entry.text.unicodeScalars.filter { $0 != " " }).count + 31) / 32
        }
        return perSize * Self.sizes.count * weights
    }
}
