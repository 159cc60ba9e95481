// `import StreamshotTesting` is all a test needs: the render options (`RenderSettings`), the
// inputs (`Transcript`, `StreamEvent`), the clients and the detectors' thresholds come with it.
@_exported public import Streamshot
@_exported public import StreamshotAnalysis
