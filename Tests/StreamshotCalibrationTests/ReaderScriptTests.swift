import Streamshot
import Testing

@testable import StreamshotCalibration

@Suite struct ReaderScriptTests {
    /// Every script is in the stream's span, in time order, and a drag up is always followed by
    /// the reader's own way back (a drag down or a tap on the pill).
    @Test(arguments: ReaderScript.allCases)
    func aScriptActsWhileTheAnswerStreams(_ script: ReaderScript) {
        let actions = script.actions(firstMs: 1000, lastMs: 9000)
        #expect(actions.map(\.timeMs) == actions.map(\.timeMs).sorted())
        #expect(actions.allSatisfy { $0.timeMs >= 1000 && $0.timeMs <= 9000 + 2000 })
        #expect(script == .none ? actions.isEmpty : !actions.isEmpty)
        if case .scroll(let by) = actions.first?.kind, by < 0 {
            #expect(actions.count == 2)
        }
    }
}
