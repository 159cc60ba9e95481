import Testing

@testable import StreamshotService

/// What a running render and its worker share. Found by a loaded run of the suite: a job the
/// shutdown stopped at once (a worker claimed it an instant after a live session put it back)
/// counted the frame it stopped on, kept its attempt, and was rendered a third time at the restart.
@Suite struct RenderControlTests {
    @Test func aFrameMadeAfterTheStopIsNotCounted() {
        let control = RenderControl(timeLimitSeconds: 60)
        control.requestStop(.shutdown)
        #expect(throws: RenderControl.Stop.shutdown) { try control.frameDone(1) }
        #expect(control.framesDone == 0, "stopped before its first frame: the attempt is given back")
    }

    @Test func framesBeforeTheStopAreCounted() throws {
        let control = RenderControl(timeLimitSeconds: 60)
        try control.frameDone(1)
        try control.frameDone(2)
        control.requestStop(.shutdown)
        #expect(throws: RenderControl.Stop.shutdown) { try control.frameDone(3) }
        #expect(control.framesDone == 2)
    }
}
