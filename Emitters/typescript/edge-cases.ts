// The calls whose bytes the emitters could most easily disagree on — numbers JSON prints in
// exponent form or with many digits, control characters, quotes, non-ASCII text — recorded to
// the path given; the emitters' test compares this with the Swift and Kotlin recordings of the
// same calls (android/EdgeCases.kt). Not a trace to render: a test of the encoding.
import { StreamshotTrace } from "./streamshot-trace";

declare const require: (name: string) => { writeFileSync(path: string, text: string): void };
declare const process: { argv: string[] };

let now = 0.0004;
const trace = new StreamshotTrace({
  platform: "flutter", layoutDirection: "ltr", fontSize: 16.5, rendersMarkdown: false, readsFootnotes: false, detailsAlwaysOpen: true,
  clock: () => now,
});
now = 1234.5678;
trace.style({ textAlign: "start", lineHeight: 1 / 3, block: 2 });
for (const offset of [0.1 + 0.2, 1e-7, 0.000015, 2.5e15, 4e15 + 0.5, 1e21, 1.7976931348623157e308, -0.5, -0, 5e-324]) {
  trace.scroll(offset);
  now += 0.0005;
}
trace.overlay("error", true, "\b\f\u0001\u001f\u007f\u2028 \"quoted\" \\ é 😀 مرحبا\r\n\t");
trace.showAll("## عنوان\n\n**1** — <b>&amp;</b>");
trace.end("error");
require("fs").writeFileSync(process.argv[2], trace.toJSONLines());
