#!/usr/bin/env python3
"""The peer comparison: frames per second of Streamshot vs headless Chromium screenshotting the
same stream at the same size (1170x2532, dir=rtl, line-height 1.8, the same Noto Naskh font),
driven over the DevTools protocol on 127.0.0.1. Standard library only (a minimal WebSocket client).

usage: python3 Benchmarks/chromium_peer.py [--frames N]"""
import base64, json, os, shutil, socket, struct, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STREAMSHOT = os.path.join(ROOT, ".build", "release", "streamshot")
FRAMES = int(sys.argv[sys.argv.index("--frames") + 1]) if "--frames" in sys.argv else 150


class DevTools:
    """Just enough WebSocket (RFC 6455) for Chrome DevTools: masked text frames out, frames in."""

    def __init__(self, url):
        host, rest = url[len("ws://"):].split("/", 1)
        name, port = host.split(":")
        self.sock = socket.create_connection((name, int(port)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{rest} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            response += self.sock.recv(4096)
        if b" 101 " not in response.split(b"\r\n")[0]:
            raise RuntimeError(f"DevTools handshake failed: {response[:200]!r}")
        self.buffer = response.split(b"\r\n\r\n", 1)[1]
        self.next_id = 0

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise RuntimeError("DevTools connection closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _receive(self):
        message = b""
        while True:
            head = self._read(2)
            final, length = head[0] & 0x80, head[1] & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            message += self._read(length)
            if final:
                return json.loads(message)

    def call(self, method, **params):
        self.next_id += 1
        payload = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        while True:
            message = self._receive()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})


def main():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("skip peer: Chromium is not installed (apt-get install chromium)")
        return 0
    work = tempfile.mkdtemp(prefix="streamshot-peer-")
    # Streamshot: the whole stream, frames written, timed end to end.
    start = time.monotonic()
    subprocess.run([STREAMSHOT, "render", os.path.join(ROOT, "Examples", "ar-lease.sse"), "--out", os.path.join(work, "streamshot"),
                    "--fonts", os.path.join(ROOT, "Fonts")], check=True, stdout=subprocess.DEVNULL)
    streamshot_seconds = time.monotonic() - start
    manifest = json.load(open(os.path.join(work, "streamshot", "manifest.json"), encoding="utf-8"))
    frames = manifest["frames"]
    streamshot_fps = len(frames) / streamshot_seconds

    # Chromium: the same reveal sequence, the same size and typography.
    page = os.path.join(work, "page.html")
    font = "file://" + os.path.join(ROOT, "Fonts", "NotoNaskhArabic-Regular.ttf")
    latin = "file://" + os.path.join(ROOT, "Fonts", "NotoSans-Regular.ttf")
    with open(page, "w", encoding="utf-8") as f:
        f.write(f"""<!doctype html><html dir="rtl"><head><meta charset="utf-8"><style>
@font-face {{ font-family: Naskh; src: url("{font}"); }}
@font-face {{ font-family: LatinSans; src: url("{latin}"); }}
html, body {{ margin: 0; background: #fff; }}
#text {{ font: 51px/1.8 Naskh, LatinSans; color: #1c1c1e; padding: 48px; white-space: pre-wrap; text-align: start; }}
</style></head><body><div id="text"></div><script>
const TEXT = {json.dumps(manifest["text"])};
function show(n) {{ const t = document.getElementById("text"); t.textContent = Array.from(TEXT).slice(0, n).join("");
  const r = t.getBoundingClientRect(); window.scrollTo(0, Math.max(0, r.bottom + window.scrollY - innerHeight + 48)); }}
</script></body></html>""")
    port = 9300 + os.getpid() % 500
    browser = subprocess.Popen([chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                f"--remote-debugging-port={port}", "--remote-debugging-address=127.0.0.1",
                                f"--user-data-dir={os.path.join(work, 'profile')}", "--window-size=1170,2532", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
                url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
                break
            except Exception:
                time.sleep(0.1)
        else:
            print("skip peer: Chromium's DevTools endpoint did not come up")
            return 0
        tools = DevTools(url)
        tools.call("Emulation.setDeviceMetricsOverride", width=1170, height=2532, deviceScaleFactor=1, mobile=False)
        tools.call("Page.enable")
        tools.call("Page.navigate", url="file://" + page)
        for _ in range(100):
            if tools.call("Runtime.evaluate", expression="document.readyState === 'complete' && document.fonts.status === 'loaded'",
                          returnByValue=True)["result"].get("value"):
                break
            time.sleep(0.05)
        sample = frames[:FRAMES]
        start = time.monotonic()
        for frame in sample:
            tools.call("Runtime.evaluate", expression=f"show({frame['revealedChars']})")
            shot = tools.call("Page.captureScreenshot", format="png")
            with open(os.path.join(work, f"chromium-{frame['index']:06d}.png"), "wb") as out:
                out.write(base64.b64decode(shot["data"]))
        chromium_seconds = time.monotonic() - start
    finally:
        browser.terminate()
        browser.wait()
    chromium_fps = len(sample) / chromium_seconds
    ratio = streamshot_fps / chromium_fps
    print(f"{'ok  ' if ratio >= 20 else 'MISS'} peer: Streamshot frames/s / headless Chromium frames/s{ratio:28.2f}  (target >= 20x)  "
          f"{streamshot_fps:.1f} frames/s ({len(frames)} frames written) vs {chromium_fps:.1f} frames/s "
          f"({len(sample)} screenshots, {1000 * chromium_seconds / len(sample):.0f} ms each), 1170x2532")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
