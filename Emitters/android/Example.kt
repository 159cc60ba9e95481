// Records a client that follows shared/seeds/000 (direction and a 1.8x line height before the
// first token, whole words) and writes the trace to the path given: the emitter's end-to-end
// test renders and checks it, and compares it byte for byte with the Swift and TypeScript
// emitters' recording of the same calls. Run: kotlinc, then ExampleKt OUT.jsonl [lineHeight]
package example

import java.io.File
import streamshot.trace.Platform
import streamshot.trace.StreamshotTrace
import streamshot.trace.Viewport

fun main(args: Array<String>) {
    var now = 0.0
    val trace = StreamshotTrace(
        platform = Platform.REACT_NATIVE, layoutDirection = "rtl", viewport = Viewport(390.0, 600.0, 1.0), fontSize = 17.0,
        clock = { now }
    )
    trace.overlay("typing-indicator", true)
    trace.style(direction = "rtl", textAlign = "auto", lineHeight = if (args.size > 1) args[1].toDouble() else 1.8)
    now = 400.0
    trace.overlay("typing-indicator", false)
    for (word in "مدة هذا العقد سنة ميلادية واحدة تبدأ في 1 مارس 2026 وتنتهي في 28 فبراير 2027.\n\nويتجدد \"تلقائيًا\".".split(" ")) {
        trace.show("$word ")
        now += 60
    }
    trace.end("done")
    File(args[0]).writeText(trace.toJSONLines(), Charsets.UTF_8)
}
