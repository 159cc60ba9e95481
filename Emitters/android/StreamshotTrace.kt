// Records what a chat client shows while an answer streams, as a Streamshot client trace (JSON
// Lines, format version 1 — Streamshot's docs/clients-and-traces.md, "The trace format"). One file, no
// dependencies beyond the JDK's java.base (what Android has too), Kotlin 1.3 syntax so any
// Kotlin since compiles it: drop it into an Android app's debug build or instrumented tests, call
// it where the client changes the screen, and hand `toJSONLines()` to `streamshot render` and
// `streamshot check`, which render exactly what the client displayed and judge it.
//
// It writes the same bytes as the TypeScript emitter (JSON.stringify) and the Swift one for the
// same calls: keys in a fixed order, numbers as ECMAScript prints them, text escaped as
// JSON.stringify escapes it. Times are milliseconds since the trace was made (the request).
package streamshot.trace

import java.io.ByteArrayOutputStream
import java.math.BigDecimal
import java.math.MathContext
import java.math.RoundingMode
import java.net.HttpURLConnection
import java.net.URL
import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock

/** The UI framework, as the trace names it: it decides how textAlign meets the direction. */
enum class Platform(val wire: String) { REACT_NATIVE("react-native"), FLUTTER("flutter"), SWIFTUI("swiftui"), CSS("css") }

/** The screen in points (dp) and its pixel ratio (Android: `displayMetrics.density`). */
data class Viewport(val width: Double, val height: Double, val scale: Double)

/**
 * A trace, started at the request. Thread-safe.
 *
 * @param platform the UI framework whose alignment rules the client follows.
 * @param layoutDirection the app's layout direction, "ltr" or "rtl"
 *   (Android: `resources.configuration.layoutDirection == View.LAYOUT_DIRECTION_RTL`).
 * @param viewport the screen, when known.
 * @param fontSize the body text's size in points (sp), when known.
 * @param rendersMarkdown false when the app shows the answer's text as it came (a plain
 *   TextView): the render then draws `**` and `## ` as the app does.
 * @param clock milliseconds since the request; by default a monotonic clock started now.
 * @param onRecord called with each record (one JSON line, no newline) as it is made, in order —
 *   e.g. a [LiveTraceUpload]'s `send`, so a Streamshot session renders what the app shows while it runs.
 * @param appLanguage the app's language ("en", "ar", "fa", "ur", "he"), when it is not the layout
 *   direction's: its alert titles are in it.
 * @param readsFootnotes false when the app's Markdown reads no footnotes (`[^1]` and its
 *   definition drawn as written).
 * @param detailsAlwaysOpen true when the app draws every `<details>` open (a sanitiser that drops
 *   `<details>` and `<summary>` and keeps their text).
 */
class StreamshotTrace @JvmOverloads constructor(
    platform: Platform = Platform.REACT_NATIVE,
    layoutDirection: String = "ltr",
    viewport: Viewport? = null,
    fontSize: Double? = null,
    rendersMarkdown: Boolean = true,
    clock: (() -> Double)? = null,
    private val onRecord: ((String) -> Unit)? = null,
    appLanguage: String? = null,
    readsFootnotes: Boolean = true,
    detailsAlwaysOpen: Boolean = false
) {
    private val lock = ReentrantLock()
    private val records = ArrayList<String>()
    private val now: () -> Double

    init {
        val origin = System.nanoTime()
        now = clock ?: { (System.nanoTime() - origin) / 1e6 }
        val fields = ArrayList<Pair<String, Any>>()
        fields.add("version" to 1)
        fields.add("platform" to platform.wire)
        fields.add("layoutDirection" to layoutDirection)
        if (viewport != null) {
            fields.add("viewport" to listOf("width" to viewport.width, "height" to viewport.height, "scale" to viewport.scale))
        }
        if (fontSize != null) fields.add("fontSize" to fontSize)
        if (!rendersMarkdown) fields.add("markdown" to "none")
        if (appLanguage != null) fields.add("appLanguage" to appLanguage)
        if (!readsFootnotes) fields.add("footnotes" to false)
        if (detailsAlwaysOpen) fields.add("detailsOpen" to true)
        record("start", fields)
    }

    /**
     * The display buffer released [text], appended to what was shown, holding [ready] characters
     * after it: received in whole words, not shown yet (leave it out if unknown).
     */
    @JvmOverloads
    fun show(text: String, ready: Int? = null) =
        record("show", listOf("append" to text) + (if (ready != null) listOf("ready" to ready) else emptyList()))

    /** The client now shows [text] in full (it replaced what was there). */
    fun showAll(text: String) = record("show", listOf("text" to text))

    /**
     * The text container's style as set or changed (null fields keep their value).
     *
     * @param direction "ltr", "rtl" or "auto".
     * @param textAlign "auto", "start", "end", "left", "right", "center" or "justify".
     * @param lineHeight a multiple of the font size (a TextView's lineHeight in px: divide by the text size in px).
     * @param block restyle only this block (its index in the answer, from 0).
     * @param tableColumns "auto" when tables' columns are measured again as each character arrives,
     *   "settled" when they hold still while a row is typed (after block, so positional calls keep their meaning).
     * @param codeOverflow "wrap" when a long code line wraps inside its block, "scroll" when it runs on
     *   under a fade and the block scrolls sideways (after those, for the same reason).
     * @param wordBreak "break-all" when lines break between any two characters (CSS word-break:
     *   break-all, a TextView's breakStrategy left to split words), "normal" when between words.
     * @param textColor the text's colour as "#RRGGBB" or "#RGB" when the client sets its own (last).
     */
    @JvmOverloads
    fun style(direction: String? = null, textAlign: String? = null, lineHeight: Double? = null, block: Int? = null,
              tableColumns: String? = null, codeOverflow: String? = null, wordBreak: String? = null,
              textColor: String? = null) {
        val fields = ArrayList<Pair<String, Any>>()
        if (direction != null) fields.add("direction" to direction)
        if (textAlign != null) fields.add("textAlign" to textAlign)
        if (lineHeight != null) fields.add("lineHeight" to lineHeight)
        if (tableColumns != null) fields.add("tableColumns" to tableColumns)
        if (codeOverflow != null) fields.add("codeOverflow" to codeOverflow)
        if (wordBreak != null) fields.add("wordBreak" to wordBreak)
        if (textColor != null) fields.add("textColor" to textColor)
        if (block != null) fields.add("block" to block)
        record("style", fields)
    }

    /**
     * The scroll position from the top, in points, and whether the view follows the answer's end
     * from there (the client's own auto-scroll state; leave it out if it keeps none).
     */
    fun scroll(offset: Double, pinned: Boolean? = null) =
        record("scroll", listOf("offset" to offset) + (if (pinned != null) listOf("pinned" to pinned) else emptyList()))

    /**
     * An overlay shown or hidden: "typing-indicator", "new-content-pill", "progress",
     * "reconnecting", "slow-connection", "stop-button", "error" or "retry".
     */
    @JvmOverloads
    fun overlay(kind: String, visible: Boolean, text: String? = null) =
        record("overlay", if (text == null) listOf("kind" to kind, "visible" to visible)
                          else listOf("kind" to kind, "visible" to visible, "text" to text))

    /** The answer ended: "done", "timeout", "error", "gave-up", "unauthorized", "stopped" or "incomplete". */
    @JvmOverloads
    fun end(kind: String = "done") = record("end", listOf("kind" to kind))

    /** The trace so far, one JSON object a line. */
    fun toJSONLines(): String = lock.withLock { records.joinToString("") { it + "\n" } }

    private fun record(type: String, fields: List<Pair<String, Any>>) {
        lock.withLock {
            val line = JsonLine.obj(listOf("t" to roundToThousandths(now()), "type" to type) + fields)
            records.add(line)
            // Under the lock: records reach the hook in the order of their times.
            onRecord?.invoke(line)
        }
    }

    /** Rounds half away from zero, as Swift's `rounded()` (and JavaScript's Math.round for t ≥ 0). */
    private fun roundToThousandths(ms: Double): Double {
        val scaled = Math.abs(ms * 1000)
        val whole = Math.floor(scaled)
        // scaled - whole is exact; floor(scaled + 0.5) is not (0.49999999999999994 + 0.5 == 1.0).
        val rounded = if (scaled - whole >= 0.5) whole + 1 else whole
        return (if (ms < 0) -rounded else rounded) / 1000
    }
}

/** JSON text as JavaScript's JSON.stringify writes it, with the keys in the order given. */
internal object JsonLine {
    fun obj(fields: List<Pair<String, Any>>): String =
        fields.joinToString(",", "{", "}") { string(it.first) + ":" + value(it.second) }

    @Suppress("UNCHECKED_CAST")
    private fun value(value: Any): String = when (value) {
        is String -> string(value)
        is Boolean -> if (value) "true" else "false"
        is Int -> value.toString()
        is Double -> number(value)
        is List<*> -> obj(value as List<Pair<String, Any>>)
        else -> "null"
    }

    /**
     * ECMAScript's Number::toString: the fewest digits that read back as [x] (the closest of
     * them), in positional notation from 1e-6 to 1e21 and exponential outside. Locale-free on
     * purpose: String.format would print Arabic-Indic digits on a phone set to Arabic.
     */
    fun number(x: Double): String {
        if (x.isNaN() || x.isInfinite()) return "null"
        if (x == 0.0) return "0"
        if (x < 0) return "-" + number(-x)
        if (x < 1e15 && x == Math.floor(x)) return x.toLong().toString()
        val decimal = shortest(x)
        val digits = decimal.unscaledValue().toString().trimEnd('0')
        val k = digits.length
        // x = 0.digits × 10^n
        val n = decimal.precision() - decimal.scale()
        return when {
            n in k..21 -> digits + "0".repeat(n - k)
            n in 1..21 -> digits.substring(0, n) + "." + digits.substring(n)
            n in -5..0 -> "0." + "0".repeat(-n) + digits
            else -> {
                val exponent = (if (n - 1 < 0) "-" else "+") + Math.abs(n - 1)
                if (k == 1) digits + "e" + exponent else digits[0] + "." + digits.substring(1) + "e" + exponent
            }
        }
    }

    /** The shortest decimal that reads back as [x]; of two at that length, the closer (then the even). */
    private fun shortest(x: Double): BigDecimal {
        val exact = BigDecimal(x)
        for (precision in 1..17) {
            val down = exact.round(MathContext(precision, RoundingMode.FLOOR))
            val up = exact.round(MathContext(precision, RoundingMode.CEILING))
            val downReads = down.toDouble() == x
            val upReads = up.toDouble() == x
            if (downReads && upReads) {
                val nearer = exact.subtract(down).compareTo(up.subtract(exact))
                if (nearer != 0) return if (nearer < 0) down else up
                return if (down.unscaledValue().testBit(0)) up else down
            }
            if (downReads) return down
            if (upReads) return up
        }
        return exact.round(MathContext(17, RoundingMode.HALF_EVEN))
    }

    /** Quoted as JSON.stringify quotes: short escapes, other controls and lone surrogates as \u00xx. */
    fun string(text: String): String {
        val out = StringBuilder(text.length + 2).append('"')
        var i = 0
        while (i < text.length) {
            val c = text[i]
            val paired = Character.isHighSurrogate(c) && i + 1 < text.length && Character.isLowSurrogate(text[i + 1])
            when {
                paired -> { out.append(c).append(text[i + 1]); i += 1 }
                c == '"' -> out.append("\\\"")
                c == '\\' -> out.append("\\\\")
                c == '\b' -> out.append("\\b")
                c == '\u000C' -> out.append("\\f")
                c == '\n' -> out.append("\\n")
                c == '\r' -> out.append("\\r")
                c == '\t' -> out.append("\\t")
                c < ' ' || Character.isSurrogate(c) -> out.append("\\u").append(hex4(text.codePointAt(i)))
                else -> out.append(c)
            }
            i += 1
        }
        return out.append('"').toString()
    }

    // Not Char.toInt() (deprecated since Kotlin 1.5) nor Char.code (not in 1.3): codePointAt
    // gives a lone surrogate's or a control's own value.
    private fun hex4(code: Int): String = Integer.toHexString(code or 0x10000).substring(1)
}

/**
 * Sends a trace's records to a Streamshot live session (`POST /v1/sessions` answered its URL)
 * on a thread of its own, one request at a time so they arrive in order (a batch of whatever
 * queued while the last was out); [finish] waits for them and closes the session, which then
 * renders to its end as an ordinary job. HttpURLConnection, not java.net.http: Android has only
 * the former. Call [finish] off the main thread (it blocks on the network).
 *
 *     val upload = LiveTraceUpload("http://10.0.2.2:8080/v1/sessions/$id")
 *     val trace = StreamshotTrace(layoutDirection = "rtl", onRecord = upload::send)
 *     ...
 *     upload.finish()
 *
 * @param session the session's URL, as `POST /v1/sessions` answered it (its `Location`).
 * @param token the server's bearer token, when it needs one.
 */
class LiveTraceUpload @JvmOverloads constructor(private val session: String, private val token: String? = null) {
    private val lock = ReentrantLock()
    private val changed = lock.newCondition()
    private var queued = ArrayList<String>()
    private var sending = false
    private var failure: Exception? = null

    /** A request the server answered with an error: its status and problem+json. */
    class Failure(val status: Int, val body: String) : Exception("the session answered $status: $body")

    /** Queues one record to send; returns at once. */
    fun send(line: String) {
        lock.withLock {
            queued.add(line)
            if (sending) return
            sending = true
        }
        val thread = Thread({ drain() }, "streamshot-trace-upload")
        thread.isDaemon = true
        thread.start()
    }

    /** Sends what is queued, then closes the session; throws the first failure. */
    fun finish() {
        lock.withLock {
            while (sending && failure == null) changed.await()
            val failed = failure
            if (failed != null) throw failed
        }
        post("/close", "")
    }

    private fun drain() {
        while (true) {
            val batch = lock.withLock {
                if (queued.isEmpty()) {
                    sending = false
                    changed.signalAll()
                    return
                }
                val taken = queued
                queued = ArrayList()
                taken
            }
            try {
                post("/events", batch.joinToString("") { it + "\n" })
            } catch (error: Exception) {
                lock.withLock {
                    if (failure == null) failure = error
                    queued.clear()
                    sending = false
                    changed.signalAll()
                }
                return
            }
        }
    }

    private fun post(path: String, body: String) {
        val bytes = body.toByteArray(Charsets.UTF_8)
        val connection = URL(session + path).openConnection() as HttpURLConnection
        try {
            connection.requestMethod = "POST"
            connection.doOutput = true
            connection.setFixedLengthStreamingMode(bytes.size)
            connection.setRequestProperty("Content-Type", "application/x-ndjson")
            if (token != null) connection.setRequestProperty("Authorization", "Bearer $token")
            connection.outputStream.use { it.write(bytes) }
            val status = connection.responseCode
            val answer = (if (status >= 400) connection.errorStream else connection.inputStream)?.use { stream ->
                val buffer = ByteArrayOutputStream()
                stream.copyTo(buffer)
                String(buffer.toByteArray(), Charsets.UTF_8)
            } ?: ""
            if (status !in 200..299) throw Failure(status, answer)
        } finally {
            connection.disconnect()
        }
    }
}
