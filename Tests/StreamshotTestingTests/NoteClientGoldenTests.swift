import Streamshot
import StreamshotTesting
import Testing

/// The notes' clients at the moments their notes describe, on a phone, a small phone and a
/// tablet, light and dark (issue 35: the notes' clients as the notes describe them).
@Suite struct NoteClientGoldenTests {
    static let cells = [
        "phone": "--device iphone-14 --scale 1", "phone-dark": "--device iphone-14 --scale 1 --theme dark",
        "small-phone": "--device iphone-se --scale 1", "small-phone-dark": "--device iphone-se --scale 1 --theme dark",
        "tablet": "--device ipad-11 --scale 1", "tablet-dark": "--device ipad-11 --scale 1 --theme dark"
    ]

    /// 003 as written: at 1 s the raw Markdown streams monospaced in its grey bubble with "Claude
    /// is typing…" and its spinner under it; at 1.6 s a closed ``` region is shaded; at the end the
    /// finished MessageBubbleView — proportional, unshaded, its time under it.
    @Test(arguments: ["phone", "phone-dark", "small-phone", "small-phone-dark", "tablet", "tablet-dark"])
    func theSwiftUIClient(_ cell: String) throws {
        let arguments = try #require(Self.cells[cell])
        assertStreamSnapshot(
            of: .file("Examples/en-answer.md"), arguments: "--client swiftui --network 4g --fps 10 " + arguments,
            frames: .times([1000, 1600]))
    }

    /// 002 as built (no fade, no cursor) and as planned (the 0.1 s ease-in fade, the cursor), at
    /// the same moment of the Arabic draft.
    @Test(arguments: ["cloude", "cloude-plan"])
    func theDisplayBufferClient(_ client: String) {
        assertStreamSnapshot(
            of: .file("Examples/ar-nda-draft.md"), arguments: "--client \(client) --network 4g --fps 30 --device iphone-14 --scale 1",
            frames: .times([3000, 3033]))
    }

    /// 001: the reader left at 3 s and came back at 6 s: the partial answer as it stood, frozen,
    /// still streaming.
    @Test func thePollingClientAfterLeaving() {
        assertStreamSnapshot(
            of: .file("Examples/ar-nda-draft.md"),
            arguments:
                "--client lume-polling --network polling --fps 10 --device iphone-14 --scale 1 --interaction switch-away@3s --interaction switch-back@6s",
            frames: .final)
    }

    /// 000's composer band: mid-answer "Stop generating" with its words beside the token-budget pill
    /// in its warning colour (2,000 of 12,000 left, under 20%); at the end the pill alone. In an
    /// English app (light) and an Arabic one (dark), whose band reads from the right.
    @Test(arguments: ["phone", "phone-dark", "small-phone", "small-phone-dark", "tablet", "tablet-dark"])
    func theMobileClientsBand(_ cell: String) throws {
        let arguments = try #require(Self.cells[cell]) + (cell.hasSuffix("dark") ? " --app-language ar" : "")
        assertStreamSnapshot(
            of: .file("Examples/ar-answer.md"),
            arguments: "--client haqq-mobile --network 4g --fps 10 --token-budget 2000/12000 " + arguments, frames: .times([2000]))
    }

    /// 000 under 0.5 Mbps (2g): "Summary mode" suggested by the composer once the answer is in.
    @Test func theMobileClientSuggestsSummaryMode() {
        assertStreamSnapshot(
            of: .file("Examples/ar-answer.md"),
            arguments: "--client haqq-mobile --app-language ar --network 2g --seed 2 --fps 10 --device iphone-14 --scale 1",
            frames: .final)
    }
}
