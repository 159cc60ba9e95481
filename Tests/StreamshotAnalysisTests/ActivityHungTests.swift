import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// Reasoning and tool events are the model at work (issue 32): a thinking phase longer than the
/// client's 60 s idle timeout neither ends the stream nor reads as hung; the same frames without
/// the manifest's `activity` would.
@Suite struct ActivityHungTests {
    /// Anthropic extended thinking: a thinking delta every 5 s for 70 s, then the answer.
    static func longThought() -> String {
        var text = ": t=100\nevent: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"content\":[]}}\n\n"
        text +=
            ": t=150\nevent: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"thinking\",\"thinking\":\"\"}}\n\n"
        for t in stride(from: 200, through: 70_200, by: 5000) {
            text +=
                ": t=\(t)\nevent: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"thinking_delta\",\"thinking\":\"Weighing it. \"}}\n\n"
        }
        text +=
            ": t=70300\nevent: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n"
        text +=
            ": t=70400\nevent: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"text_delta\",\"text\":\"The clause holds.\"}}\n\n"
        text += ": t=70500\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
        return text
    }

    static func render() throws -> Manifest {
        let directory = Fixtures.temporaryDirectory("long-thought")
        let path = directory + "/capture.sse"
        try longThought().write(toFile: path, atomically: true, encoding: .utf8)
        return try RenderJob(input: .file(path), options: ClientMomentDetectorTests.options(.reference), fontsDirectory: Fixtures.fontsDirectory)
            .render { _, _ in }
    }

    @Test func aLongThoughtIsNeitherTimedOutNorHung() throws {
        var manifest = try Self.render()
        #expect(manifest.options.timeout == ManifestOptions.Timeout(ms: 60000, resets: true))
        #expect(manifest.ending?.kind == .done)
        let thinking = manifest.frames.filter { $0.overlays?.contains { $0.kind == .thinking } == true }
        #expect(thinking.last.map { $0.timeMs > 70_000 } == true)
        #expect(thinking.last?.overlays?.first { $0.kind == .thinking }?.text == "Thinking… 1m 10s")
        #expect(manifest.frames.last?.overlays?.contains { $0.kind == .thought && $0.text == "Thought for 1m 10s" } == true)
        #expect(ClientMomentDetectorTests.result(manifest, .hung).passed)
        // The judge counts the activity: without it, "Thinking…" up for 70 s with no text is a hang.
        for index in manifest.frames.indices { manifest.frames[index].activity = nil }
        let hung = ClientMomentDetectorTests.result(manifest, .hung)
        #expect(!hung.passed)
        #expect(hung.findings.first?.message.contains("thinking") == true)
    }
}
