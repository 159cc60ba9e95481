// A live session fed as an app would feed it: open it, record with an upload as the hook, and
// finish. Usage: node live-example.js http://127.0.0.1:8080  (prints the session's id).
import { LiveTraceUpload, StreamshotTrace } from "./streamshot-trace";

declare const process: { argv: string[] };
const server = process.argv[2];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const fetch = (globalThis as unknown as { fetch: (url: string, init: { method: string }) => Promise<{ json(): Promise<{ id: string }> }> }).fetch;
  const { id } = await (await fetch(server + "/v1/sessions?input=trace", { method: "POST" })).json();
  const upload = new LiveTraceUpload(server + "/v1/sessions/" + id);
  const trace = new StreamshotTrace({
    platform: "react-native", layoutDirection: "rtl", viewport: { width: 390, height: 300, scale: 1 }, fontSize: 17,
    onRecord: upload.send,
  });
  trace.style({ direction: "rtl", textAlign: "auto", lineHeight: 1.8 });
  for (const word of "يلتزم المستأجر بدفع الإيجار في موعده المحدد".split(" ")) {
    trace.show(word + " ");
    await sleep(60);
  }
  trace.end("done");
  await upload.finish();
  console.log(id);
}

main().catch((error) => {
  console.error(String(error));
  throw error;
});
