#!/usr/bin/env python3
"""Writes the bundled client traces in Examples/traces/: a good React Native client and buggy
ones (docs/clients-and-traces.md, "Bundled traces", says what each fails), showing the same Arabic answer word by word,
as their display buffers did.
Run from the repository root: python3 scripts/make-example-traces.py"""
import json

ANSWER = (
    "## البند الأول: الأطراف\n\n"
    "أُبرم هذا العقد بين **شركة الأفق للاستشارات** (المؤجر) و**مؤسسة النخيل التجارية** (المستأجر)، "
    "ويُشار إليهما معًا بالطرفين.\n\n"
    "## البند الثاني: مدة العقد\n\n"
    "مدة هذا العقد سنة ميلادية واحدة تبدأ في 1 مارس 2026 وتنتهي في 28 فبراير 2027، وتتجدد تلقائيًا "
    "ما لم يُخطر أحد الطرفين الآخر كتابةً قبل انتهائها بستين (60) يومًا."
)
PREAMBLE = "Here is the clause you asked for:\n\n"


def words(text):
    """The text cut after each space or newline: what a display buffer that never splits a word releases."""
    pieces, current = [], ""
    for char in text:
        current += char
        if char in " \n":
            pieces.append(current)
            current = ""
    if current:
        pieces.append(current)
    return pieces


def trace(name, platform, layout, style, text=ANSWER, restyle=None, height=844, reader=None):
    records = [{"t": 0, "type": "start", "version": 1, "platform": platform, "layoutDirection": layout,
                "viewport": {"width": 390, "height": height, "scale": 1}, "fontSize": 17},
               {"t": 0, "type": "overlay", "kind": "typing-indicator", "visible": True}]
    if style:
        records.append(dict({"t": 0, "type": "style"}, **style))
    t = 350
    for index, piece in enumerate(words(text)):
        if index == 0:
            records.append({"t": t, "type": "overlay", "kind": "typing-indicator", "visible": False})
        if restyle and t >= restyle[0] and not restyle[2]:
            records.append(dict({"t": restyle[0], "type": "style"}, **restyle[1]))
            restyle = (restyle[0], restyle[1], True)
        records.append({"t": t, "type": "show", "append": piece})
        if reader:
            records += reader(t)
        t += 60
    records.append({"t": t, "type": "end", "kind": "done"})
    with open(f"Examples/traces/{name}.jsonl", "w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")


# The rules of shared/seeds/000: direction before the first token, textAlign left to the
# direction, a 1.8x line height for Arabic.
trace("good-client", "react-native", "rtl", {"direction": "rtl", "textAlign": "auto", "lineHeight": 1.8})
# Direction guessed from English first tokens, switched to RTL at 400 ms.
trace("direction-switched", "react-native", "rtl", {"direction": "ltr", "lineHeight": 1.8}, text=PREAMBLE + ANSWER,
      restyle=(400, {"direction": "rtl"}, False))
# textAlign right with writingDirection rtl in an RTL app: React Native mirrors it to the left.
trace("align-mirrored", "react-native", "rtl", {"direction": "rtl", "textAlign": "right", "lineHeight": 1.8})
# Arabic at 1.5x the font size.
trace("arabic-1.5x", "react-native", "rtl", {"direction": "rtl", "textAlign": "auto", "lineHeight": 1.5})


def follow_then_yank(t):
    """A client pinned to the bottom (an offset past the end is the bottom) that keeps scrolling
    there after the reader scrolls up at 3.5 s: the scroll hijack of shared/seeds/002 and 003."""
    if t == 3470:
        return [{"t": t, "type": "reader", "action": "scroll", "by": -400}, {"t": t, "type": "scroll", "offset": 0}]
    if t > 1000:
        return [{"t": t, "type": "scroll", "offset": 100000}]
    return []


# Scrolls to the bottom on every change, whatever the reader did.
trace("yanks-reader", "swiftui", "rtl", {"direction": "rtl", "textAlign": "auto", "lineHeight": 1.8}, height=300,
      reader=follow_then_yank)


# A Flutter client whose Text widgets get no TextDirection: ambient Directionality is the app's
# ltr, so the Arabic answer is set left to right from the first token to the last (list markers
# and the quote's bar on the left, full stops at the wrong end). Fails content-direction.
LIST_AND_QUOTE = (
    "\n\n- يلتزم المستأجر بدفع الأجرة في موعدها المحدد.\n"
    "- يلتزم المؤجر بصيانة الوحدة وإصلاح ما يلزم.\n\n"
    "> تسري أحكام القانون المدني فيما لم يرد بشأنه نص في هذا العقد."
)
trace("flutter-ltr", "flutter", "ltr", {"direction": "ltr", "lineHeight": 1.8}, text=ANSWER + LIST_AND_QUOTE)


def snap_at(when, offset):
    """A client that follows the answer by setting its scroll offset at once: one jump of `offset` points."""
    return lambda t: [{"t": t, "type": "scroll", "offset": offset}] if t == when else []


# Scrolls 320 pt in one frame, with no reader record: the view snaps under the reader. Fails scroll-jump.
# At the last word, when the answer is long enough for the view to move the whole 320 pt.
SNAPPED = ANSWER + "\n\n" + ANSWER
trace("snaps-320", "react-native", "rtl", {"direction": "rtl", "textAlign": "auto", "lineHeight": 1.8},
      text=SNAPPED, height=300, reader=snap_at(350 + 60 * (len(words(SNAPPED)) - 1), 320))
