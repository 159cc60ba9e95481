#!/usr/bin/env python3
"""The peer comparison: frames per second of Streamshot vs headless Chromium screenshotting the
same stream at the same size (1170x2532, dir=rtl, line-height 1.8, the same Noto Naskh font),
driven over the DevTools protocol on 127.0.0.1. Two streams: the bundled lease, which types on one
screen, and a 20 KB Arabic answer that scrolls through most of its frames. Issue 33's targets:
typing >= 80x, scrolling >= 100x. With --runs N both are measured N times, side by side each
time, and every run's ratio is printed with the range (the machine is shared and noisy).
Standard library only (a minimal WebSocket client).

usage: python3 Benchmarks/chromium_peer.py [--frames N] [--runs N] [--baseline PATH]"""
import base64, json, os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
from devtools import Chromium, open_page  # noqa: E402
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from arabic_document import arabic_document  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STREAMSHOT = os.path.join(ROOT, ".build", "release", "streamshot")
# --baseline PATH: another build (a copy of the one before a change) renders the same streams in
# each run, against the same Chromium measurements, so before and after share their conditions.
BASELINE = sys.argv[sys.argv.index("--baseline") + 1] if "--baseline" in sys.argv else None
FRAMES = int(sys.argv[sys.argv.index("--frames") + 1]) if "--frames" in sys.argv else 150
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 1
TARGETS = {"typing": 80, "scrolling": 100}


def render(work, name, stream, binary=STREAMSHOT):
    """Streamshot renders the whole stream, frames written, timed end to end (process start included)."""
    out = os.path.join(work, name)
    start = time.monotonic()
    subprocess.run([binary, "render", stream, "--out", out, "--fonts", os.path.join(ROOT, "Fonts")], check=True, stdout=subprocess.DEVNULL)
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


def report(label, kind, ratios, streamshot_fps, frames, chromium_fps, samples):
    """The last run's numbers, every run's ratio and the range; met when the worst run meets the target."""
    target = TARGETS[kind]
    ratio = ratios[-1]
    runs = f"  runs {', '.join(f'{r:.1f}' for r in ratios)} (range {min(ratios):.1f}-{max(ratios):.1f})" if len(ratios) > 1 else ""
    print(f"{'ok  ' if min(ratios) >= target else 'MISS'} peer, {kind}, {label}: Streamshot frames/s / headless Chromium{ratio:12.2f}  "
          f"(target >= {target}x)  {streamshot_fps:.1f} frames/s ({frames} frames written) vs {chromium_fps:.1f} frames/s "
          f"({samples} screenshots, {1000 / chromium_fps:.0f} ms each), 1170x2532{runs}")


def main():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("skip peer: Chromium is not installed (apt-get install chromium)")
        return 0
    work = tempfile.mkdtemp(prefix="streamshot-peer-")
    document = os.path.join(work, "ar-20kb.md")
    with open(document, "w", encoding="utf-8") as f:
        f.write(arabic_document(20 * 1024))
    ratios = {"typing": [], "scrolling": []}
    baseline = {"typing": [], "scrolling": []}
    for _ in range(RUNS):
        lease, lease_fps = render(work, "lease", os.path.join(ROOT, "Examples", "ar-lease.sse"))
        long, long_fps = render(work, "20kb", document)
        if BASELINE:
            base_fps = (render(work, "lease", os.path.join(ROOT, "Examples", "ar-lease.sse"), BASELINE)[1],
                        render(work, "20kb", document, BASELINE)[1])
        # The lease from its start, as before; the long answer sampled evenly, so most samples scroll.
        long_frames = long["frames"]
        long_sample = long_frames[::max(1, len(long_frames) // FRAMES)][:FRAMES]
        with Chromium(work) as tools:
            lease_chromium = screenshots(work, tools, "lease", lease, lease["frames"][:FRAMES])
            long_chromium = screenshots(work, tools, "20kb", long, long_sample)
        ratios["typing"].append(lease_fps / lease_chromium)
        ratios["scrolling"].append(long_fps / long_chromium)
        if BASELINE:
            baseline["typing"].append(base_fps[0] / lease_chromium)
            baseline["scrolling"].append(base_fps[1] / long_chromium)
    report("the lease", "typing", ratios["typing"], lease_fps, len(lease["frames"]), lease_chromium, min(FRAMES, len(lease["frames"])))
    report("a 20 KB answer", "scrolling", ratios["scrolling"], long_fps, len(long_frames), long_chromium, len(long_sample))
    if BASELINE:
        for kind in ("typing", "scrolling"):
            values = baseline[kind]
            print(f"     baseline {BASELINE}, {kind}: runs {', '.join(f'{r:.1f}' for r in values)} (range {min(values):.1f}-{max(values):.1f})")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
