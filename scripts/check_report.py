#!/usr/bin/env python3
"""Opens a Streamshot HTML report in headless Chromium, scrubs to a frame as a person would (the
slider's input event), and prints what the page shows as JSON: the image it displays, whether it
loaded, the info panel, where a findings link leads, the address after scrubbing, the frame it
opens on, and the frame an address naming #frame=5 opens on.

usage: python3 scripts/check_report.py REPORT.html FRAME [SCREENSHOT.png]"""
import base64, json, os, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Chromium, evaluate, open_page  # noqa: E402


def main():
    report, frame = os.path.abspath(sys.argv[1]), int(sys.argv[2])
    with Chromium(tempfile.mkdtemp(prefix="streamshot-report-"), width=1400, height=1000) as tools:
        # Opened with a frame named in the address, then plainly: which frame each shows first.
        open_page(tools, "file://" + report + "#frame=5")
        deep = evaluate(tools, "document.getElementById('scrub').value")
        open_page(tools, "file://" + report)
        opened = evaluate(tools, "FRAMES[Number(document.getElementById('scrub').value)][0]")
        shown = evaluate(tools, f"""(async () => {{
            const scrub = document.getElementById("scrub");
            scrub.value = {frame};
            scrub.dispatchEvent(new Event("input"));
            const img = document.getElementById("frame");
            await img.decode().catch(() => null);
            const link = document.querySelector("#findings a, #warnings a");
            let linked = null;
            if (link) {{ link.click(); linked = {{target: Number(link.dataset.frame), shown: Number(scrub.value)}}; scrub.value = {frame};
                         scrub.dispatchEvent(new Event("input")); await img.decode().catch(() => null); }}
            return {{src: img.getAttribute("src"), loaded: img.complete && img.naturalWidth > 0, width: img.naturalWidth,
                     info: document.getElementById("info").textContent, time: document.getElementById("time").textContent,
                     frames: FRAMES.length, linked: linked, timelineLoaded: document.querySelector("img.timeline").naturalWidth > 0,
                     hash: location.hash}};
        }})()""")
        if len(sys.argv) > 3:
            shot = tools.call("Page.captureScreenshot", format="png")
            open(sys.argv[3], "wb").write(base64.b64decode(shot["data"]))
    shown["opened"], shown["deepLinked"] = opened, int(deep)
    print(json.dumps(shown, ensure_ascii=False))


if __name__ == "__main__":
    main()
