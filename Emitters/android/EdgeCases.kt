// The calls whose bytes the emitters could most easily disagree on — numbers JSON prints in
// exponent form or with many digits, control characters, quotes, non-ASCII text — recorded to
// the path given; the emitters' test compares this with the Swift and TypeScript recordings of
// the same calls (typescript/edge-cases.ts). Not a trace to render: a test of the encoding.
package example

import java.io.File
import streamshot.trace.Platform
import streamshot.trace.StreamshotTrace

fun main(args: Array<String>) {
    var now = 0.0004
    val trace = StreamshotTrace(platform = Platform.FLUTTER, layoutDirection = "ltr", fontSize = 16.5, rendersMarkdown = false,
                                clock = { now }, readsFootnotes = false, detailsAlwaysOpen = true)
    now = 1234.5678
    trace.style(textAlign = "start", lineHeight = 1.0 / 3, block = 2)
    for (offset in doubleArrayOf(0.1 + 0.2, 1e-7, 0.000015, 2.5e15, 4e15 + 0.5, 1e21, 1.7976931348623157e308, -0.5, -0.0, 5e-324)) {
        trace.scroll(offset)
        now += 0.0005
    }
    trace.overlay("error", true, "\b\u000C\u0001\u001F\u007F\u2028 \"quoted\" \\ é 😀 مرحبا\r\n\t")
    trace.showAll("## عنوان\n\n**1** — <b>&amp;</b>")
    trace.end("error")
    File(args[0]).writeText(trace.toJSONLines(), Charsets.UTF_8)
}
