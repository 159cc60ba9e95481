import StreamshotTesting
import Testing

// Two suites in one file, each with a test of the same name: their references stay apart.
@Suite struct Phone {
    @Test func streams() {
        assertStreamSnapshot(of: .file("Streams/answer.jsonl"))
        assertStreamChecks(of: .file("Streams/answer.jsonl"), skipping: ["reveal-cadence": "three events make bursts by design"])
    }
}

@Suite struct Tablet {
    @Test func streams() {
        var options = RenderSettings.snapshot
        options.size = ViewportSize(width: 820, height: 640)
        options.client = .haqqMobile
        assertStreamSnapshot(of: .file("Streams/answer.jsonl"), options: options, frames: .final)
    }
}

// A parameterised test without `named:`: each case has its own folder.
@Suite struct Themes {
    @Test(arguments: ["light", "dark"])
    func final(theme: String) {
        assertStreamSnapshot(of: .file("Streams/answer.jsonl"), arguments: "--theme \(theme)", frames: .final)
    }
}
