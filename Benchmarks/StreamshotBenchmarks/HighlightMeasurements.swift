import Foundation
import Streamshot

/// Issue 48: a frame of highlighted code against the same frame in one colour. An answer of
/// code blocks in six languages streams at a fixed rate and is rendered in memory (layout, paint
/// and encode, every frame), with the client's `primer` highlighting and with `none`, five runs
/// each, alternating; the median per frame, highlighted over plain.
enum HighlightMeasurements {
    static let answer: String = {
        let blocks = [
            "```python\ndef pro_rata(rent: int, days: int, month_days: int = 30) -> float:\n    \"\"\"Rent for part of a month.\"\"\"\n"
                + "    # الإيجار اليومي × عدد الأيام\n    return round(rent * days / month_days, 2)\n```",
            "```json\n{\"contract_id\": \"1010456789\", \"notice_days\": 60, \"renewal\": true, \"note\": null}\n```",
            "```swift\nstruct Lease: Codable {\n    let tenant: String  // \"سارة\"\n    var days = 12\n"
                + "    func rent(per month: Double) -> Double { month * Double(days) / 30 }\n}\n```",
            "```ts\nexport interface Notice { days: number; sent?: Date }\nconst late = (n: Notice): boolean => n.days > 60;\n```",
            "```bash\nfor f in contracts/*.md; do grep -c \"المادة\" \"$f\"; done\n```",
            "```sql\nSELECT tenant, SUM(rent) FROM leases WHERE days > 30 GROUP BY tenant; -- monthly\n```",
        ]
        return (0..<4).map { "## Step \($0 + 1)\n\n" + blocks.joined(separator: "\n\nThen:\n\n") }.joined(separator: "\n\n") + "\n"
    }()

    static func run() throws -> [Ratio] {
        let transcript = Workloads.fixedRate(answer)
        var plain = Workloads.phoneOptions()
        plain.client.codeHighlighting = .none
        var coloured = plain
        coloured.client.codeHighlighting = .primer
        var times: [[Double]] = [[], []]
        var frames = 0
        for _ in 0..<5 {
            for (index, options) in [plain, coloured].enumerated() {
                let start = now()
                let manifest = try Renderer(fontsDirectory: Workloads.fonts).render(transcript, options: options) { _, _ in }
                times[index].append(now() - start)
                frames = manifest.frames.count
            }
        }
        let (plainMs, colouredMs) = (median(times[0]), median(times[1]))
        let ratio = colouredMs / plainMs
        return [
            Ratio(
                name: "highlight: a frame of highlighted code / the same frame in one colour", value: ratio, target: "<= 1.2",
                met: ratio <= 1.2,
                detail: String(format: "%d frames: %.2f ms/frame against %.2f", frames, colouredMs / Double(frames), plainMs / Double(frames)))
        ]
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
