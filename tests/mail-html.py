#!/usr/bin/env python3
"""mail-html.py: opens the HTML part of a referee's reply in a headless Chromium, as a mail
program shows it.

usage: mail-html.py [--width PX] [--board FILE] [--svg FILE] MAIL [FOLDER]
The mail must be multipart/alternative, its text/plain part first; its HTML part must need
nothing from outside the mail (no http, https or data address: only cid: pictures, which a
mail program takes from the mail itself, as this script does).  In Chromium, with a window
PX wide (1000 by default; below 500, a phone's screen is emulated), every picture must be
drawn, no larger than its own size, and the page must not scroll sideways; every line of
the text part above its board (what was played, the refusal, the legal moves, whose turn it
is) must be shown, in order (a line wrapped in the text may be part of a longer one on the
page).  With --board FILE, the board drawing that the text part holds (its lines, in a row):
every line of the text part but those is shown, the panel under the board included.  With
--svg FILE, the SVG the picture was drawn from: the picture must have its proportions, and
its smallest text, as the picture is shown, must be at least 9 CSS pixels high.  With
FOLDER, the page (page.html), its pictures and a screenshot (screenshot.png) are left there.
Exits 0 with one line saying what was seen, 1 with the first failure.
"""
import atexit
import email
import email.policy
import os
import re
import shutil
import sys
import tempfile

from browser import chromium

MIN_TEXT = 9  # CSS pixels: the smallest text of the picture, as shown


def fail(msg):
    print("mail-html: " + msg, file=sys.stderr)
    sys.exit(1)


def usage():
    print("usage: mail-html.py [--width PX] [--board FILE] [--svg FILE] MAIL [FOLDER]",
          file=sys.stderr)
    sys.exit(2)


def words(s):
    return " ".join(s.split())


def svg_sizes(path):
    """The SVG's width and height, and its smallest font size."""
    with open(path, encoding="utf-8") as f:
        svg = f.read()
    m = re.search(r'<svg [^>]*width="([0-9.]+)" height="([0-9.]+)"', svg)
    sizes = [float(v) for v in re.findall(r'font-size="([0-9.]+)"', svg)]
    if not m or not sizes:
        fail("%s: no width, height or font size" % path)
    return float(m.group(1)), float(m.group(2)), min(sizes)


def main():
    args = sys.argv[1:]
    width, board, svg = 1000, None, None
    while args and args[0].startswith("--"):
        if len(args) < 2 or args[0] not in ("--width", "--board", "--svg"):
            usage()
        if args[0] == "--width":
            width = int(args[1])
        elif args[0] == "--board":
            board = args[1]
        else:
            svg = args[1]
        args = args[2:]
    if len(args) not in (1, 2):
        usage()
    with open(args[0], "rb") as f:
        msg = email.message_from_binary_file(f, policy=email.policy.default)
    if msg.get_content_type() != "multipart/alternative":
        fail("the mail is %s, not multipart/alternative" % msg.get_content_type())
    parts = msg.get_payload()
    if parts[0].get_content_type() != "text/plain":
        fail("the first part is %s, not text/plain" % parts[0].get_content_type())
    text = parts[0].get_content()
    html_part = msg.get_body(preferencelist=("html",))
    page = html_part.get_content()
    for ref in re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', page):
        if not ref.startswith("cid:"):
            fail("the page asks for %s, outside the mail" % ref)
    if len(args) == 2:
        folder = args[1]
    else:
        folder = tempfile.mkdtemp(prefix="mail-html.")
        atexit.register(shutil.rmtree, folder, True)
    images = 0
    for i, part in enumerate(msg.walk()):
        cid = part.get("Content-ID")
        if cid and part.get_content_maintype() == "image":
            name = "image-%d.%s" % (i, part.get_content_subtype())
            with open(os.path.join(folder, name), "wb") as f:
                f.write(part.get_content())
            page = page.replace("cid:" + cid.strip("<>"), name)
            images += 1
    if "cid:" in page:
        fail("a cid: picture is not in the mail")
    with open(os.path.join(folder, "page.html"), "w", encoding="utf-8") as f:
        f.write(page)

    # Headless Chromium's window is at least 500 wide: a narrower screen is a phone's,
    # emulated (its scroll bars take no room; the page's viewport is honoured).
    driver = chromium(max(width, 500), 1400)
    try:
        if width < 500:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": 1400, "deviceScaleFactor": 1, "mobile": True})
        driver.get("file://" + os.path.join(folder, "page.html"))
        drawn = driver.execute_script(
            "return Array.prototype.map.call(document.images, function (i) {"
            " return [i.complete, i.naturalWidth, i.naturalHeight, i.getBoundingClientRect().width]; });")
        shown = driver.execute_script("return document.body.innerText;")
        window, scroll = driver.execute_script(
            "return [window.innerWidth, document.documentElement.scrollWidth];")
        if len(args) == 2:
            driver.save_screenshot(os.path.join(folder, "screenshot.png"))
    finally:
        driver.quit()
    if window != width:
        fail("the page is laid out %d wide on a screen %d wide (a phone's needs a viewport)"
             % (window, width))
    if scroll > window:
        fail("the page scrolls sideways: %d wide in a window of %d" % (scroll, window))
    if len(drawn) != images:
        fail("the page shows %d pictures; the mail holds %d" % (len(drawn), images))
    for complete, w, h, shown_w in drawn:
        if not complete or w == 0 or h == 0 or shown_w == 0:
            fail("a picture is not drawn")
        if shown_w > w + 0.5:
            fail("a picture %d wide is blown up to %.0f" % (w, shown_w))
    smallest = ""
    if svg:
        sw, sh, font = svg_sizes(svg)
        if not drawn:
            fail("no picture to measure")
        w, h, shown_w = drawn[0][1], drawn[0][2], drawn[0][3]
        if abs(h / w - sh / sw) > 0.01:
            fail("the picture, %dx%d, is not that of %s (%gx%g)" % (w, h, svg, sw, sh))
        px = font * shown_w / sw
        if px < MIN_TEXT:
            fail("the picture's smallest text is %.1f px high, shown %.0f px wide" % (px, shown_w))
        smallest = ", its smallest text %.1f px" % px

    # The text's lines, in order, on the page: those above the board, or with the board's
    # drawing given, every line but the board's.
    lines = text.split("\n")
    if board:
        with open(board, encoding="utf-8") as f:
            drawing = f.read().rstrip("\n").split("\n")
        at = next((i for i in range(len(lines)) if lines[i:i + len(drawing)] == drawing), None)
        if at is None:
            fail("the text part does not hold the board's drawing")
        lines = lines[:at] + lines[at + len(drawing):]
    else:
        # The lines above the board, whose first line starts with six blanks.
        at = next((i for i, l in enumerate(lines) if l.startswith("      ")), len(lines))
        if not any(l.startswith("Now: ") for l in lines[:at]):
            fail("the text part has no line 'Now: ...' above the board")
        lines = lines[:at]
    lines = [words(l) for l in lines if l.strip()]
    page_text = words(shown)
    pos = 0
    for line in lines:
        found = page_text.find(line, pos)
        if found < 0:
            fail("the page does not show the line '%s'%s" % (
                line, " in its place" if line in page_text else ""))
        pos = found + len(line)
    print("mail-html: %d picture(s) drawn, %dx%d, shown %.0f px wide%s; %d lines of the text "
          "shown; no sideways scroll at %d px"
          % (len(drawn), drawn[0][1] if drawn else 0, drawn[0][2] if drawn else 0,
             drawn[0][3] if drawn else 0, smallest, len(lines), window))


if __name__ == "__main__":
    main()
