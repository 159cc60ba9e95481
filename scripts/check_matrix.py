#!/usr/bin/env python3
"""Opens a Streamshot matrix page (matrix.html) in headless Chromium and prints, as JSON, what a
reviewer would meet: how many cells and thumbnails it shows, which thumbnails did not load, which
report links do not lead to a report, and the summary line.

usage: python3 scripts/check_matrix.py MATRIX.html [SCREENSHOT.png]"""
import base64, json, os, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Chromium, evaluate, open_page  # noqa: E402


def main():
    page = os.path.abspath(sys.argv[1])
    with Chromium(tempfile.mkdtemp(prefix="streamshot-matrix-"), width=1600, height=1000) as tools:
        open_page(tools, "file://" + page)
        shown = evaluate(tools, """(async () => {
            const images = [...document.querySelectorAll("td img")];
            await Promise.all(images.map(img => img.decode().catch(() => null)));
            const broken = images.filter(img => !(img.complete && img.naturalWidth > 0)).map(img => img.getAttribute("src"));
            const links = [...document.querySelectorAll("td a")];
            const unresolved = [];
            for (const link of links) {
                const request = new XMLHttpRequest();
                try { request.open("GET", link.href, false); request.send(); } catch (error) { unresolved.push(link.getAttribute("href")); continue; }
                if (!request.responseText.includes("Streamshot review")) unresolved.push(link.getAttribute("href"));
            }
            return {cells: document.querySelectorAll("td").length, failingCells: document.querySelectorAll("td.fail").length,
                    images: images.length, broken: broken, links: links.length, unresolved: unresolved,
                    columns: [...document.querySelectorAll("thead th")].slice(1).map(th => th.textContent),
                    summary: document.getElementById("summary").textContent};
        })()""")
        if len(sys.argv) > 2:
            shot = tools.call("Page.captureScreenshot", format="png")
            open(sys.argv[2], "wb").write(base64.b64decode(shot["data"]))
    print(json.dumps(shown, ensure_ascii=False))


if __name__ == "__main__":
    main()
