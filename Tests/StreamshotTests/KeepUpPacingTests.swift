import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// The reference's display buffer (issue 45): it keeps up with the network and never dumps its
/// backlog. Under `smooth`, the README's own example over 3g put 349 of its 866 characters on
/// screen in one frame when `done` came.
@Suite struct KeepUpPacingTests {
    /// The characters each frame of a render revealed beyond the frame before, with its index.
    static func reveals(_ manifest: Manifest) -> [(frame: Int, characters: Int)] {
        zip(manifest.frames.dropFirst(), manifest.frames).map { ($0.index, $0.revealedChars - $1.revealedChars) }
    }

    static func render(_ example: String, network: NetworkProfile, seed: UInt64, arguments: String = "") throws -> Manifest {
        var settings = try RenderSettings(arguments: arguments + " --fps 60")
        settings.fonts = TestSupport.fontsDirectory
        var job = try settings.job(input: .file(TestSupport.examples.appendingPathComponent(example).path))
        job.network = network
        job.seed = seed
        job.options.encodesFrames = false
        return try job.render { _, _ in }
    }

    /// Over 3g and 2g, no frame of the bundled examples shows more than two lines' worth at once
    /// (two of an iPhone's ~45-character lines), and the backlog at the end is gone within a second.
    @Test(arguments: ["ar-lease.md", "en-answer.md", "ar-nda-draft.md"], [NetworkProfile.threeG, .twoG])
    func noFrameDumpsTheBacklog(_ example: String, _ network: NetworkProfile) throws {
        for seed in UInt64(1)...3 {
            let manifest = try Self.render(example, network: network, seed: seed)
            let largest = try #require(Self.reveals(manifest).max { $0.characters < $1.characters })
            #expect(largest.characters <= 90, "\(example) over \(network.name), seed \(seed): frame \(largest.frame) reveals \(largest.characters)")
            let ended = try #require(manifest.frames.first { $0.ended })
            let whole = try #require(manifest.frames.first { $0.revealedChars == manifest.text.unicodeScalars.count })
            #expect(whole.timeMs - ended.timeMs <= 1000, "\(example) seed \(seed): the end took \(whole.timeMs - ended.timeMs) ms")
        }
    }

    /// Everything at once and ended (a cached answer): shown over about half a second, word by
    /// word, at a steady pace — not in the first frame.
    @Test func anAnswerThatArrivesWholeIsShownOverHalfASecond() {
        var text = ArrivedText()
        text.append(String(repeating: "word ", count: 120) + "end")
        text.ended = true
        var state = PacingState()
        var revealed = 0
        var steps: [Int] = []
        for frame in 0..<60 where revealed < text.count {
            let next = PacingPolicy.keepUp.step(
                &state, PacingInput(text: text, revealed: revealed, timeMs: Double(frame) * 1000 / 60, frameMs: 1000 / 60))
            steps.append(next - revealed)
            revealed = next
            #expect(revealed == text.count || text.scalars[revealed - 1] == " ", "cut inside a word at \(revealed)")
        }
        #expect(revealed == text.count)
        #expect((25...32).contains(steps.count), "\(steps.count) frames")
        #expect(steps.max()! <= 30, "\(steps)")
    }

    /// While the answer streams, what is shown stays about a second behind what arrived as long
    /// as the network is slower than a reveal a reader can follow: 1,000 characters a second for
    /// three seconds, never more than ~700 waiting.
    @Test func itKeepsUpWithAFastNetwork() {
        let (worst, steps) = Self.follow(charactersPerFrame: 17)
        // A steady state: backlog b where 300 + (b - 100) / 0.75 = 1,020, about 640.
        #expect(worst < 700, "\(worst) characters behind")
        #expect(steps.max()! <= 20, "\(steps.max()!)")
        #expect(PacingPolicy.keepUpRate(backlog: 100) == 300 && PacingPolicy.keepUpRate(backlog: 850) == 1_300)
    }

    /// Faster than that (2,160 a second), it reveals at 1,200 a second — 20 characters a frame,
    /// never a burst — and lets the rest wait.
    @Test func itNeverRevealsFasterThanAReaderCanFollow() {
        let (worst, steps) = Self.follow(charactersPerFrame: 36)
        #expect(steps.max()! <= 20, "\(steps.max()!)")
        #expect(steps.suffix(60).reduce(0, +) >= 1_000, "a second at the cap, whole words: \(steps.suffix(60).reduce(0, +))")
        #expect(worst > 2_000)
    }

    /// Appends `charactersPerFrame` (whole six-character words) every frame for three seconds;
    /// the largest backlog and each frame's reveal.
    static func follow(charactersPerFrame: Int) -> (worst: Int, steps: [Int]) {
        var text = ArrivedText()
        var state = PacingState()
        var revealed = 0
        var worst = 0
        var steps: [Int] = []
        for frame in 0..<180 {
            text.append(String(String(repeating: "abcde ", count: 7).prefix(charactersPerFrame)))
            let next = PacingPolicy.keepUp.step(
                &state, PacingInput(text: text, revealed: revealed, timeMs: Double(frame) * 1000 / 60, frameMs: 1000 / 60))
            steps.append(next - revealed)
            revealed = next
            worst = max(worst, text.count - revealed)
        }
        return (worst, steps)
    }
}
