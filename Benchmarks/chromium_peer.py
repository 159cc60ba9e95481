#!/usr/bin/env python3
"""The peer comparison: frames per second of Streamshot vs headless Chromium screenshotting the
same stream at the same size (1170x2532, dir=rtl, line-height 1.8, the same Noto Naskh font),
driven over the DevTools protocol on 127.0.0.1. Two streams: the bundled lease, and a 20 KB
Arabic answer that scrolls through most of its frames. Standard library only (a minimal
WebSocket client).

usage: python3 Benchmarks/chromium_peer.py [--frames N]"""
import base64, json, os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
from devtools import Chromium, open_page  # noqa: E402
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from arabic_document import arabic_document  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STREAMSHOT = os.path.join(ROOT, ".build", "release", "streamshot")
FRAMES = int(sys.argv[sys.argv.index("--frames") + 1]) if "--frames" in sys.argv else 150
TARGET = 30


def render(work, name, stream):
    """Streamshot renders the whole stream, frames written, timed end to end (process start included)."""
    out = os.path.join(work, name)
    start = time.monotonic()
    subprocess.run([STREAMSHOT, "render", stream, "--out", out, "--fonts", os.path.join(ROOT, "Fonts")], check=True, stdout=subprocess.DEVNULL)
    seconds = time.monotonic() - start
    manifest = json.load(open(os.path.join(out, "manifest.json"), encoding="utf-8"))
    shutil.rmtree(out, ignore_errors=True)
    return manifest, len(manifest["frames"]) / seconds


def page_html(text):
    font = "file://" + os.path.join(ROOT, "Fonts", "NotoNaskhArabic-Regular.ttf")
    latin = "file://" + os.path.join(ROOT, "Fonts", "NotoSans-Regular.ttf")
    return f"""<!doctype html><html dir="rtl"><head><meta charset="utf-8"><style>
@font-face {{ font-family: Naskh; src: url("{font}"); }}
@font-face {{ font-family: LatinSans; src: url("{latin}"); }}
html, body {{ margin: 0; background: #fff; }}
#text {{ font: 51px/1.8 Naskh, LatinSans; color: #1c1c1e; padding: 48px; white-space: pre-wrap; text-align: start; }}
</style></head><body><div id="text"></div><script>
const TEXT = {json.dumps(text)};
function show(n) {{ const t = document.getElementById("text"); t.textContent = Array.from(TEXT).slice(0, n).join("");
  const r = t.getBoundingClientRect(); window.scrollTo(0, Math.max(0, r.bottom + window.scrollY - innerHeight + 48)); }}
</script></body></html>"""


def screenshots(work, tools, name, manifest, sample):
    """Chromium shows the same reveal sequence at the same size and typography, one screenshot a frame."""
    page = os.path.join(work, name + ".html")
    with open(page, "w", encoding="utf-8") as f:
        f.write(page_html(manifest["text"]))
    open_page(tools, "file://" + page, "document.readyState === 'complete' && document.fonts.status === 'loaded'")
    start = time.monotonic()
    for frame in sample:
        tools.call("Runtime.evaluate", expression=f"show({frame['revealedChars']})")
        shot = tools.call("Page.captureScreenshot", format="png")
        with open(os.path.join(work, f"chromium-{name}-{frame['index']:06d}.png"), "wb") as out:
            out.write(base64.b64decode(shot["data"]))
    return len(sample) / (time.monotonic() - start)


def report(label, streamshot_fps, frames, chromium_fps, samples):
    ratio = streamshot_fps / chromium_fps
    print(f"{'ok  ' if ratio >= TARGET else 'MISS'} peer, {label}: Streamshot frames/s / headless Chromium{ratio:22.2f}  (target >= {TARGET}x)  "
          f"{streamshot_fps:.1f} frames/s ({frames} frames written) vs {chromium_fps:.1f} frames/s "
          f"({samples} screenshots, {1000 / chromium_fps:.0f} ms each), 1170x2532")


def main():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("skip peer: Chromium is not installed (apt-get install chromium)")
        return 0
    work = tempfile.mkdtemp(prefix="streamshot-peer-")
    document = os.path.join(work, "ar-20kb.md")
    with open(document, "w", encoding="utf-8") as f:
        f.write(arabic_document(20 * 1024))
    lease, lease_fps = render(work, "lease", os.path.join(ROOT, "Examples", "ar-lease.sse"))
    long, long_fps = render(work, "20kb", document)
    # The lease from its start, as before; the long answer sampled evenly, so most samples scroll.
    long_frames = long["frames"]
    long_sample = long_frames[::max(1, len(long_frames) // FRAMES)][:FRAMES]
    with Chromium(work) as tools:
        lease_chromium = screenshots(work, tools, "lease", lease, lease["frames"][:FRAMES])
        long_chromium = screenshots(work, tools, "20kb", long, long_sample)
    report("the lease", lease_fps, len(lease["frames"]), lease_chromium, min(FRAMES, len(lease["frames"])))
    report("a 20 KB answer", long_fps, len(long_frames), long_chromium, len(long_sample))
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
