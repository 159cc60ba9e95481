#!/usr/bin/env python3
"""Opens a page of a running service in headless Chromium and prints, as JSON, every link and image
on it with the status a GET of it answers (fetched from the page, as a reader's click would),
whether each image loaded, and errors the page raised.

usage: python3 scripts/check_page_links.py URL"""
import json, os, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Chromium, evaluate, open_page  # noqa: E402

CATCH_ERRORS = """window.__errors = [];
window.addEventListener("error", e => window.__errors.push(String(e.message || e.target && e.target.src)), true);"""

SHOWN = """(async () => {
  const answer = async url => { try { return (await fetch(url)).status; } catch (e) { return String(e); } };
  const links = await Promise.all([...document.querySelectorAll("a[href]")].map(async a =>
    ({href: a.getAttribute("href"), status: await answer(a.href)})));
  const images = await Promise.all([...document.images].map(async i =>
    ({src: i.getAttribute("src"), loaded: i.complete && i.naturalWidth > 0, status: await answer(i.src)})));
  return {title: document.title, links, images, errors: window.__errors};
})()"""


def main():
    with Chromium(tempfile.mkdtemp(prefix="streamshot-links-"), width=1200, height=900) as tools:
        tools.call("Page.addScriptToEvaluateOnNewDocument", source=CATCH_ERRORS)
        open_page(tools, sys.argv[1])
        print(json.dumps(evaluate(tools, SHOWN), ensure_ascii=False))


if __name__ == "__main__":
    main()
