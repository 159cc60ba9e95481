#!/usr/bin/env python3
"""Opens a Streamshot run report (`streamshot report`) in headless Chromium and prints what a
reviewer would meet, as JSON: every image and whether it loaded, every link and whether it
resolves (a file that exists, or an element of the page), resources from the network (there
should be none), errors the page raised, and what moving the first slider and pressing the first
Copy button do.

usage: python3 scripts/check_run_report.py REPORT.html [SCREENSHOT.png]"""
import base64, json, os, sys, tempfile, urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Chromium, evaluate, open_page  # noqa: E402

# Installed before the page's own script runs: the page's errors, kept where the check reads them.
CATCH_ERRORS = """window.__errors = [];
window.addEventListener("error", e => window.__errors.push(String(e.message || e.target && e.target.src)), true);
const __consoleError = console.error; console.error = (...a) => { window.__errors.push(a.join(" ")); __consoleError(...a); };"""

SHOWN = """(async () => {
  const images = [...document.images].map(i => ({src: i.getAttribute("src"), url: i.src, loaded: i.complete && i.naturalWidth > 0,
                                                width: i.naturalWidth}));
  const links = [...document.querySelectorAll("[href]")].map(a => {
    const href = a.getAttribute("href");
    return {href, url: a.href, fragment: href.startsWith("#"), target: href.startsWith("#") ? !!document.getElementById(href.slice(1)) : null};
  });
  const scripts = [...document.querySelectorAll("script[src]")].map(s => s.src);
  let slider = null;
  const compare = document.querySelector(".compare");
  if (compare) {
    const range = compare.querySelector(".reveal"), actual = compare.querySelector(".actual");
    const before = getComputedStyle(actual).clipPath;
    range.value = 20; range.dispatchEvent(new Event("input"));
    slider = {before, after: getComputedStyle(actual).clipPath};
  }
  let copy = null;
  const button = document.querySelector("button.copy");
  if (button) { button.click(); await new Promise(r => setTimeout(r, 200)); copy = button.textContent; }
  return {title: document.title, assertions: document.querySelectorAll("section.assertion").length,
          ticks: document.querySelectorAll(".tick").length, differingTicks: document.querySelectorAll(".tick.differs").length,
          divergences: document.querySelectorAll(".divergence").length, sliders: document.querySelectorAll(".compare").length,
          text: document.body.innerText, images, links, scripts, slider, copy, errors: window.__errors};
})()"""


def main():
    report = os.path.abspath(sys.argv[1])
    with Chromium(tempfile.mkdtemp(prefix="streamshot-run-report-"), width=1400, height=1000) as tools:
        tools.call("Page.addScriptToEvaluateOnNewDocument", source=CATCH_ERRORS)
        open_page(tools, "file://" + report)
        shown = evaluate(tools, SHOWN)
        if len(sys.argv) > 2:
            height = evaluate(tools, "document.documentElement.scrollHeight")
            tools.call("Emulation.setDeviceMetricsOverride", width=1400, height=min(int(height), 6000), deviceScaleFactor=1, mobile=False)
            shot = tools.call("Page.captureScreenshot", format="png")
            open(sys.argv[2], "wb").write(base64.b64decode(shot["data"]))
    for link in shown["links"]:
        if not link["fragment"]:
            url = urllib.parse.urlparse(link["url"])
            link["resolves"] = url.scheme == "file" and os.path.isfile(urllib.parse.unquote(url.path))
        else:
            link["resolves"] = link["target"]
    external = [i["url"] for i in shown["images"] if not i["url"].startswith("file:")] + \
        [l["url"] for l in shown["links"] if not l["fragment"] and not l["url"].startswith("file:")] + shown["scripts"]
    shown["external"] = external
    shown["brokenImages"] = [i["src"] for i in shown["images"] if not i["loaded"]]
    shown["brokenLinks"] = [l["href"] for l in shown["links"] if not l["resolves"]]
    print(json.dumps(shown, ensure_ascii=False))


if __name__ == "__main__":
    main()
