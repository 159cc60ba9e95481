// A live session fed as an app would feed it: open it, record with an upload as the hook, and
// finish. Usage: LiveExampleKt http://127.0.0.1:8080  (prints the session's id).
package example

import java.net.HttpURLConnection
import java.net.URL
import streamshot.trace.LiveTraceUpload
import streamshot.trace.Platform
import streamshot.trace.StreamshotTrace
import streamshot.trace.Viewport

fun main(args: Array<String>) {
    val server = args[0]
    val opened = URL("$server/v1/sessions?input=trace").openConnection() as HttpURLConnection
    opened.requestMethod = "POST"
    check(opened.responseCode == 201) { "the server answered ${opened.responseCode} to POST /v1/sessions" }
    // The session's own URL: its Location, e.g. /v1/sessions/8d0c…
    val location = opened.getHeaderField("Location")
    opened.disconnect()
    val upload = LiveTraceUpload(URL(URL(server), location).toString())
    val trace = StreamshotTrace(
        platform = Platform.REACT_NATIVE, layoutDirection = "rtl", viewport = Viewport(390.0, 300.0, 1.0), fontSize = 17.0,
        onRecord = upload::send
    )
    trace.style(direction = "rtl", textAlign = "auto", lineHeight = 1.8)
    for (word in "يلتزم المستأجر بدفع الإيجار في موعده المحدد".split(" ")) {
        trace.show("$word ")
        Thread.sleep(60)
    }
    trace.end("done")
    upload.finish()
    println(location.substringAfterLast('/'))
}
