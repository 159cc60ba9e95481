// Records a React Native client that follows shared/seeds/000 (direction and a 1.8x line height
// before the first token, whole words) and writes the trace to the path given: the emitter's
// end-to-end test renders and checks it. Run: tsc, then node example.js OUT.jsonl
import { StreamshotTrace } from "./streamshot-trace";

declare const require: (name: string) => { writeFileSync(path: string, text: string): void };
declare const process: { argv: string[] };

let now = 0;
const trace = new StreamshotTrace({
  platform: "react-native", layoutDirection: "rtl", viewport: { width: 390, height: 600, scale: 1 }, fontSize: 17,
  clock: () => now,
});
trace.overlay("typing-indicator", true);
trace.style({ direction: "rtl", textAlign: "auto", lineHeight: process.argv[3] ? Number(process.argv[3]) : 1.8 });
now = 400;
trace.overlay("typing-indicator", false);
for (const word of "مدة هذا العقد سنة ميلادية واحدة تبدأ في 1 مارس 2026 وتنتهي في 28 فبراير 2027.\n\nويتجدد \"تلقائيًا\".".split(" ")) {
  trace.show(word + " ");
  now += 60;
}
trace.end("done");
require("fs").writeFileSync(process.argv[2], trace.toJSONLines());
