import Foundation
import Streamshot

/// Issue 48: a frame with formulas against a frame of the same text without them. A Persian
/// pro-rata answer with inline and display formulas streams at a fixed rate and is rendered in
/// memory (layout, paint and encode, every frame); the same answer with each formula's TeX as
/// plain words is the text without them. Five runs each,
/// alternating; the median per frame, typeset over plain.
enum MathMeasurements {
    static let formulas: [(tex: String, display: Bool)] = [
        ("R = 45{,}000{,}000", false), ("n = 30", false), ("d = 12", false),
        ("A = R \\times \\frac{d}{n} = 45{,}000{,}000 \\times \\frac{12}{30}", true), ("0.5\\%", false), ("\\le 10\\%", false),
        ("P(t) = \\min\\left(0.005\\,t,\\; 0.1\\right) \\times A", true), ("t = 8", false), ("\\tfrac{R}{30}", false),
        ("D_i = \\frac{w_i}{\\sum_{j=1}^{k} w_j} \\cdot D", true)
    ]

    /// The answer, with each formula written by `write` (its TeX, whether it is a display one).
    static func answer(_ write: (String, Bool) -> String) -> String {
        let paragraphs = formulas.enumerated().map { index, formula in
            let words = "بند \(index + 1) قرارداد اجاره: سهم هر روز از اجارهٔ ماهانه به نسبت روزهای سکونت محاسبه می‌شود"
            return formula.display ? words + ":\n\n" + write(formula.tex, true) : words + " و " + write(formula.tex, false) + " است."
        }
        return (0..<3).map { "## بخش \($0 + 1)\n\n" + paragraphs.joined(separator: "\n\n") }.joined(separator: "\n\n") + "\n"
    }

    static func run() throws -> [Ratio] {
        let typeset = Workloads.fixedRate(answer { $1 ? "$$\n\($0)\n$$" : "$\($0)$" })
        // The same text without formulas: each formula's TeX as words (a display one as its own paragraph).
        let plain = Workloads.fixedRate(answer { tex, _ in tex })
        let options = Workloads.phoneOptions()
        var times: [[Double]] = [[], []]
        var frames = [0, 0]
        for _ in 0..<5 {
            for (index, transcript) in [plain, typeset].enumerated() {
                let start = now()
                let manifest = try Renderer(fontsDirectory: Workloads.fonts).render(transcript, options: options) { _, _ in }
                times[index].append(now() - start)
                frames[index] = manifest.frames.count
            }
        }
        let (plainMs, typesetMs) = (median(times[0]) / Double(frames[0]), median(times[1]) / Double(frames[1]))
        let ratio = typesetMs / plainMs
        return [
            Ratio(
                name: "math: a frame with formulas / the same text without them", value: ratio, target: "<= 1.2", met: ratio <= 1.2,
                detail: String(format: "%d and %d frames: %.2f ms/frame against %.2f", frames[1], frames[0], typesetMs, plainMs))
        ]
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
