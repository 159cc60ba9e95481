#!/usr/bin/env python3
"""Measures every formula of a corpus as KaTeX lays it out in headless Chromium, the reference our
own TeX engine is compared against: width, height above the baseline and depth below it, in CSS px
at one math em = --size px. A formula KaTeX rejects is kept, with its error message.

usage: python3 scripts/katex_reference.py CORPUS.tsv OUT.json [--size 20] [--shots DIR]

CORPUS.tsv holds one formula a line, `inline<TAB>source` or `display<TAB>source`. With --shots, each
formula is also saved as DIR/0001.png … at device scale 1, clipped to its box padded by 4 px (rounded
outward to whole pixels), so it can sit beside our rendering at the same scale.

KaTeX comes from Debian's libjs-katex (/usr/share/javascript/katex) and Chromium is driven through
scripts/devtools.py: one browser, one page for the whole corpus."""
import argparse, base64, json, math, os, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Chromium, evaluate, open_page  # noqa: E402

KATEX = "/usr/share/javascript/katex"
REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# KaTeX's fonts have no Arabic letters; left alone, \text{اجاره} would fall back to whatever system
# font Chromium picks. Lending KaTeX_Main the font our engine uses for Arabic (for those code points
# only) keeps the two renderings comparable.
ARABIC_FACES = {400: "NotoNaskhArabic-Regular.ttf", 700: "NotoNaskhArabic-Bold.ttf"}
ARABIC_RANGE = "U+0600-06FF, U+0750-077F, U+08A0-08FF, U+200C-200F, U+FB50-FDFF, U+FE70-FEFF"
PADDING = 4
TILE_HEIGHT = 1200  # px of page per screenshot

# Measuring, in the page. KaTeX closes every `.base` (a run of the formula between allowed line
# breaks) with a `.strut` whose style carries KaTeX's own box for that run, in em of the formula:
# height = box height + depth, vertical-align = -depth. Those are exact, where bounding rectangles
# of the inline-blocks also take in the line-height strut of the font (a lone `x` would come out
# 0.9 em high and 0.35 em deep instead of 0.431 and 0). KaTeX computes no width, so that comes from
# layout: the span of the `.base` boxes (the `.katex-html` of a display formula is a full-width
# block). A zero-size inline-block at the end of `.katex-html` sits on the baseline; it places the box.
PAGE_SCRIPT = r"""
function renderAll(formulas) {
  const list = document.getElementById("formulas");
  return formulas.map(([display, source]) => {
    const row = document.createElement("div");
    row.className = "row";
    list.appendChild(row);
    try {
      katex.render(source, row, {displayMode: display, throwOnError: true});
    } catch (error) {
      row.textContent = "";
      return String(error.message || error);
    }
    const marker = document.createElement("span");
    marker.className = "baseline-marker";
    row.querySelector(".katex-html").appendChild(marker);
    return null;
  });
}

function strutBox(base) {
  const strut = base.querySelector(":scope > .strut");
  const em = parseFloat(getComputedStyle(base).fontSize);
  const total = parseFloat(strut.style.height || "0") * em;
  const depth = -parseFloat(strut.style.verticalAlign || "0") * em;
  return {height: total - depth, depth: depth};
}

function measure(row) {
  const html = row.querySelector(".katex-html");
  const bases = [...html.children].filter(child => child.classList.contains("base"));
  const rects = bases.map(base => base.getBoundingClientRect());
  const boxes = bases.map(strutBox);
  const left = Math.min(...rects.map(r => r.left)), right = Math.max(...rects.map(r => r.right));
  const baseline = html.querySelector(":scope > .baseline-marker").getBoundingClientRect().bottom;
  return {width: right - left, height: Math.max(...boxes.map(b => b.height)),
          depth: Math.max(...boxes.map(b => b.depth)),
          left: left + scrollX, baseline: baseline + scrollY};
}

// Cuts [x, y, width, height] rectangles out of a screenshot, as base64 PNGs.
async function cropAll(url, rects) {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement("canvas"), context = canvas.getContext("2d");
  return rects.map(([x, y, width, height]) => {
    canvas.width = width;
    canvas.height = height;
    context.drawImage(image, x, y, width, height, 0, 0, width, height);
    return canvas.toDataURL("image/png").split(",")[1];
  });
}

async function measureAll() {
  document.body.offsetHeight;  // layout first, so every face the formulas use is requested
  await document.fonts.ready;
  const failed = [...document.fonts].filter(face => face.status === "error").map(face => face.family);
  const rows = [...document.querySelectorAll("#formulas > .row")];
  return {failedFonts: failed, boxes: rows.map(row => row.querySelector(".katex-html") ? measure(row) : null)};
}
"""


def read_corpus(path):
    """[(display, source)] in file order; blank lines are skipped, anything else malformed stops the run."""
    formulas = []
    with open(path, encoding="utf-8") as corpus:
        for number, line in enumerate(corpus, 1):
            line = line.rstrip("\r\n")
            if not line.strip():
                continue
            mode, tab, source = line.partition("\t")
            if not tab or mode not in ("inline", "display") or not source.strip():
                sys.exit(f"{path}:{number}: expected `inline<TAB>source` or `display<TAB>source`")
            formulas.append((mode == "display", source))
    return formulas


def page_html(size):
    """The page: KaTeX's own files by file:// address, with the sizes overridden so 1 em = size px."""
    return f"""<!DOCTYPE html>
<html><head><meta charset="utf-8">
<link rel="stylesheet" href="file://{KATEX}/katex.min.css">
<style>
  {arabic_faces()}
  body {{ margin: 0; background: white; }}
  /* max-content: no formula wraps or overflows the page, whatever its width. */
  #formulas {{ width: max-content; padding: 16px; }}
  .row {{ white-space: nowrap; margin-bottom: 24px; }}
  /* KaTeX's 1.21em would make 1 math em = 24.2 px; we want exactly the requested size. */
  .katex {{ font-size: {size}px !important; }}
  /* The display margins (1em above and below) are page layout, not part of the formula's box. */
  .katex-display {{ margin: 0 !important; }}
  .baseline-marker {{ display: inline-block; width: 0; height: 0; vertical-align: baseline; }}
</style>
<script src="file://{KATEX}/katex.min.js"></script>
<script>{PAGE_SCRIPT}</script>
</head><body><div id="formulas"></div></body></html>
"""


def arabic_faces():
    """@font-face rules adding our Arabic font to the KaTeX_Main family, for Arabic code points only."""
    rules = []
    for weight, name in ARABIC_FACES.items():
        path = os.path.join(REPOSITORY, "Fonts", name)
        if os.path.exists(path):
            rules.append(f'@font-face {{ font-family: KaTeX_Main; src: url("file://{path}"); font-weight: {weight}; '
                         f'font-style: normal; unicode-range: {ARABIC_RANGE}; }}')
    return "\n  ".join(rules)


def check_installation():
    missing = [name for name in ("katex.min.js", "katex.min.css", "fonts/KaTeX_Main-Regular.woff2")
               if not os.path.exists(os.path.join(KATEX, name))]
    if missing:
        sys.exit(f"KaTeX files missing under {KATEX}: {', '.join(missing)} (apt-get install libjs-katex)")


def render_and_measure(tools, page, formulas):
    """KaTeX's version, one error (or None) per formula, and one box (or None) per formula."""
    open_page(tools, "file://" + page, "document.readyState === 'complete' && typeof katex === 'object'")
    errors = evaluate(tools, f"renderAll({json.dumps([[d, s] for d, s in formulas])})")
    measured = evaluate(tools, "measureAll()")
    if measured["failedFonts"]:
        sys.exit(f"fonts failed to load: {', '.join(sorted(set(measured['failedFonts'])))}")
    return evaluate(tools, "katex.version"), errors, measured["boxes"]


def padded_rect(box):
    """The formula's box padded by PADDING px, rounded outward to whole pixels: (x, y, width, height)."""
    left, top = math.floor(box["left"] - PADDING), math.floor(box["baseline"] - box["height"] - PADDING)
    right = math.ceil(box["left"] + box["width"] + PADDING)
    bottom = math.ceil(box["baseline"] + box["depth"] + PADDING)
    return left, top, right - left, bottom - top


def tiles(rects):
    """Groups consecutive rects (the rows run down the page) into page strips at most TILE_HEIGHT tall."""
    group = []
    for number, rect in rects:
        if group and rect[1] + rect[3] > group[0][1][1] + TILE_HEIGHT:
            yield group
            group = []
        group.append((number, rect))
    if group:
        yield group


def save_shots(tools, boxes, directory):
    """One PNG per formula (none for a rejected one). Each screenshot costs Chromium a couple of frames
    (40-70 ms), so the page is shot in strips and the page itself cuts the strips up on a canvas,
    pixel for pixel."""
    os.makedirs(directory, exist_ok=True)
    rects = [(number, padded_rect(box)) for number, box in enumerate(boxes, 1) if box]
    for group in tiles(rects):
        top = group[0][1][1]
        width = max(x + w for _, (x, _, w, _) in group)
        height = max(y + h for _, (_, y, _, h) in group) - top
        strip = tools.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                           clip={"x": 0, "y": top, "width": width, "height": height, "scale": 1})["data"]
        crops = [[x, y - top, w, h] for _, (x, y, w, h) in group]
        pngs = evaluate(tools, f"cropAll('data:image/png;base64,{strip}', {json.dumps(crops)})")
        for (number, _), png in zip(group, pngs):
            with open(os.path.join(directory, f"{number:04d}.png"), "wb") as out:
                out.write(base64.b64decode(png))


def run_browser(work, formulas, args):
    """Renders and measures the corpus in one headless Chromium; shots too when asked for."""
    page = os.path.join(work, "formulas.html")
    with open(page, "w", encoding="utf-8") as out:
        out.write(page_html(args.size))
    try:
        with Chromium(work, width=1600, height=1200) as tools:
            version, errors, boxes = render_and_measure(tools, page, formulas)
            if args.shots:
                save_shots(tools, boxes, args.shots)
    except (FileNotFoundError, RuntimeError) as failure:  # no chromium binary, or it did not answer
        sys.exit(f"Chromium: {failure}")
    return version, errors, boxes


def entry(formula, error, box):
    display, source = formula
    # + 0.0: a zero depth comes back from the page as -0, written "-0.0".
    numbers = {key: (round(float(box[key]), 2) + 0.0 if box else None) for key in ("width", "height", "depth")}
    return {"source": source, "display": display, **numbers, "error": error}


def write_report(report, path):
    """JSON with one formula a line, so a change in KaTeX or the corpus reads as a small diff."""
    head = json.dumps({key: report[key] for key in ("katex", "size")})[:-1]
    rows = ",\n  ".join(json.dumps(formula, ensure_ascii=False) for formula in report["formulas"])
    with open(path, "w", encoding="utf-8") as out:
        out.write(f'{head}, "formulas": [\n  {rows}\n]}}\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus")
    parser.add_argument("output")
    parser.add_argument("--size", type=float, default=20, help="px per math em (default 20)")
    parser.add_argument("--shots", metavar="DIR", help="also write DIR/0001.png … one per formula")
    args = parser.parse_args()
    check_installation()
    formulas = read_corpus(args.corpus)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="streamshot-katex-", ignore_cleanup_errors=True) as work:
        version, errors, boxes = run_browser(work, formulas, args)
    size = int(args.size) if args.size == int(args.size) else args.size
    report = {"katex": version, "size": size,
              "formulas": [entry(f, e, b) for f, e, b in zip(formulas, errors, boxes)]}
    write_report(report, args.output)
    # A rejected formula is data (it is in the JSON with its message), not a failure of this script.
    for number, ((_, source), error) in enumerate(zip(formulas, errors), 1):
        if error:
            print(f"KaTeX rejects formula {number} `{source}`: {error}", file=sys.stderr)
    rejected = sum(error is not None for error in errors)
    seconds = time.monotonic() - started
    print(f"KaTeX {version}: {len(formulas)} formulas, {rejected} rejected, {seconds:.1f} s -> {args.output}")


if __name__ == "__main__":
    main()
