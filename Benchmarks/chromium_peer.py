#!/usr/bin/env python3
"""The peer comparison: frames per second of Streamshot vs headless Chromium screenshotting the
same stream at the same size (1170x2532, dir=rtl, line-height 1.8, the same Noto Naskh font),
driven over the DevTools protocol on 127.0.0.1. Standard library only (a minimal WebSocket client).

usage: python3 Benchmarks/chromium_peer.py [--frames N]"""
import base64, json, os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
from devtools import Chromium, open_page  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STREAMSHOT = os.path.join(ROOT, ".build", "release", "streamshot")
FRAMES = int(sys.argv[sys.argv.index("--frames") + 1]) if "--frames" in sys.argv else 150


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
    with Chromium(work) as tools:
        open_page(tools, "file://" + page, "document.readyState === 'complete' && document.fonts.status === 'loaded'")
        sample = frames[:FRAMES]
        start = time.monotonic()
        for frame in sample:
            tools.call("Runtime.evaluate", expression=f"show({frame['revealedChars']})")
            shot = tools.call("Page.captureScreenshot", format="png")
            with open(os.path.join(work, f"chromium-{frame['index']:06d}.png"), "wb") as out:
                out.write(base64.b64decode(shot["data"]))
        chromium_seconds = time.monotonic() - start
    chromium_fps = len(sample) / chromium_seconds
    ratio = streamshot_fps / chromium_fps
    print(f"{'ok  ' if ratio >= 20 else 'MISS'} peer: Streamshot frames/s / headless Chromium frames/s{ratio:28.2f}  (target >= 20x)  "
          f"{streamshot_fps:.1f} frames/s ({len(frames)} frames written) vs {chromium_fps:.1f} frames/s "
          f"({len(sample)} screenshots, {1000 * chromium_seconds / len(sample):.0f} ms each), 1170x2532")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
