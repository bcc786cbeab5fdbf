#!/usr/bin/env python3
"""mail-html.py: opens the HTML part of a referee's reply in a headless Chromium, as a mail
program shows it.

usage: mail-html.py MAIL [FOLDER]
The mail must be multipart/alternative, its text/plain part first; its HTML part must need
nothing from outside the mail (no http, https or data address: only cid: pictures, which a
mail program takes from the mail itself, as this script does); in Chromium every picture must
be drawn, and every line of the text part above its board (what was played, the refusal, the
legal moves, whose turn it is) must be shown.  With FOLDER, the page (page.html), its
pictures and a screenshot (screenshot.png) are left there.  Exits 0 with one line saying
what was seen, 1 with the first failure.
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


def fail(msg):
    print("mail-html: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) not in (2, 3):
        print("usage: mail-html.py MAIL [FOLDER]", file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1], "rb") as f:
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
    if len(sys.argv) == 3:
        folder = sys.argv[2]
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

    driver = chromium(1000, 1400)
    try:
        driver.get("file://" + os.path.join(folder, "page.html"))
        drawn = driver.execute_script(
            "return Array.prototype.map.call(document.images, function (i) {"
            " return [i.complete, i.naturalWidth, i.naturalHeight, i.getBoundingClientRect().width]; });")
        shown = driver.execute_script("return document.body.innerText;")
        if len(sys.argv) == 3:
            driver.save_screenshot(os.path.join(folder, "screenshot.png"))
    finally:
        driver.quit()
    if len(drawn) != images:
        fail("the page shows %d pictures; the mail holds %d" % (len(drawn), images))
    for complete, w, h, width in drawn:
        if not complete or w == 0 or h == 0 or width == 0:
            fail("a picture is not drawn")
    # The text above the board (whose first line starts with six blanks), line by line, is on
    # the page.
    above = []
    for line in text.split("\n"):
        if line.startswith("      "):
            break
        above.append(line)
    lines = [l.strip() for l in above if l.strip()]
    shown_lines = {" ".join(l.split()) for l in shown.split("\n")}
    for line in lines:
        if " ".join(line.split()) not in shown_lines:
            fail("the page does not show the line '%s'" % line)
    print("mail-html: %d picture(s) drawn, %dx%d; %d lines of the text shown"
          % (len(drawn), drawn[0][1] if drawn else 0, drawn[0][2] if drawn else 0, len(lines)))


if __name__ == "__main__":
    main()
