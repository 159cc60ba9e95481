#!/usr/bin/env python3
"""Opens a render's watch page (`/v1/renders/ID/watch` on a running service) in headless Chromium,
prints `opened` once the page follows the render's progress, then, once the page says the render
has ended (or SECONDS pass), prints what a watcher met, as JSON: the frames the page showed in
order, its status line, whether its newest frame's image loaded, every link on it with the status
a GET of it answers (made from the page), and errors the page raised.

usage: python3 scripts/check_watch_page.py URL [SECONDS]"""
import json, os, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Chromium, evaluate, open_page  # noqa: E402

CATCH_ERRORS = """window.__errors = [];
window.addEventListener("error", e => window.__errors.push(String(e.message || e.target && e.target.src)), true);"""

SHOWN = """(async () => {
  const image = document.getElementById("frame");
  const links = await Promise.all([...document.querySelectorAll("a[href]")].map(async a => {
    let status = null;
    try { status = (await fetch(a.href)).status; } catch (e) { status = String(e); }
    return {href: a.getAttribute("href"), url: a.href, status};
  }));
  return {seen: window.__seen, ended: window.__ended || null, status: document.getElementById("status").textContent,
          imageLoaded: image.complete && image.naturalWidth > 0, imageWidth: image.naturalWidth,
          timelinePoints: window.__seen.length, links, errors: window.__errors};
})()"""


def main():
    url, seconds = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 60
    with Chromium(tempfile.mkdtemp(prefix="streamshot-watch-"), width=1200, height=900) as tools:
        tools.call("Page.addScriptToEvaluateOnNewDocument", source=CATCH_ERRORS)
        open_page(tools, url)
        print("opened", flush=True)
        deadline = time.time() + seconds
        while time.time() < deadline and not evaluate(tools, "!!window.__ended"):
            time.sleep(0.1)
        # The last picture loads after the end is told.
        time.sleep(0.5)
        print(json.dumps(evaluate(tools, SHOWN), ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
