import Foundation
import Streamshot

/// The reference's display buffer over slow networks (issue 45): the largest single-frame reveal
/// and how long the backlog at the end takes to show, on the bundled examples over 3g and 2g
/// (seeds 1-5), beside `smooth`, which flushes on `done` as the notes' clients do. Counts, not
/// times: the same in a debug or release build, on any machine.
enum RevealMeasurements {
    static let examples = ["ar-lease.md", "en-answer.md", "ar-answer.md", "ar-nda-draft.md", "en-ar-mixed.md"]
    static let networks = ["3g", "2g"]

    struct Worst {
        var reveal = 0
        var revealAt = ""
        var endMs = 0.0
        var backlog = 0
    }

    static func run() throws -> [Ratio] {
        let keepUp = try worst(pacing: "keep-up")
        let smooth = try worst(pacing: "smooth")
        let renders = examples.count * networks.count * 5
        return [
            Ratio(name: "reveal: largest single-frame reveal, keep-up (characters)", value: Double(keepUp.reveal), target: "<= 90",
                  met: keepUp.reveal <= 90, detail: "worst of \(renders) renders (\(keepUp.revealAt)); smooth: \(smooth.reveal) (\(smooth.revealAt))"),
            Ratio(name: "reveal: the end's backlog shown within (ms), keep-up", value: keepUp.endMs, target: "<= 1000",
                  met: keepUp.endMs <= 1000, detail: "worst backlog at the end \(keepUp.backlog) characters; smooth shows it in 0 ms, in one frame"),
        ]
    }

    /// The worst of every example, network and seed under `pacing`.
    static func worst(pacing: String) throws -> Worst {
        var worst = Worst()
        for example in examples {
            for network in networks {
                for seed in 1...5 {
                    var settings = try RenderSettings(arguments: "--network \(network) --seed \(seed) --pacing \(pacing) --fps 60")
                    settings.fonts = Workloads.fonts
                    var job = try settings.job(input: .file(Workloads.root + "/Examples/" + example))
                    job.options.encodesFrames = false
                    let frames = try job.render { _, _ in }.frames
                    for (before, frame) in zip(frames, frames.dropFirst()) where frame.revealedChars - before.revealedChars > worst.reveal {
                        worst.reveal = frame.revealedChars - before.revealedChars
                        worst.revealAt = "\(example) \(network) seed \(seed), frame \(frame.index)"
                    }
                    guard let ended = frames.first(where: \.ended),
                          let whole = frames.first(where: { $0.ended && $0.bufferedChars == 0 }) else { continue }
                    worst.endMs = max(worst.endMs, whole.timeMs - ended.timeMs)
                    worst.backlog = max(worst.backlog, ended.bufferedChars)
                }
            }
        }
        return worst
    }
}
