#!/usr/bin/env python3
"""html-replay.py: steps through a catan-render --html page in a headless Chromium, move by move.

usage: html-replay.py PAGE MOVES SVGDIR
PAGE is the page, MOVES the log's moves one a line, SVGDIR holds K.svg, the
picture `catan-render --svg --at K` draws, for every K from 0 to the last
move.  The page opens at move 0; the right arrow key steps to the last move.
At every step the move number and text, the roads, settlements, cities and
robber drawn and every line of the panel must be those of K.svg, and the
cursor on the points chart must move right (or stay) at each step and stand
on the chart's last turn at the last move.  Then the
End, Home, left arrow keys, the buttons and the slider are tried.  No
request may leave the page.  Exits 0 when all hold, 1 with the first
difference.
"""
import os
import sys
import xml.etree.ElementTree as ET

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import chromium

SVG = "{http://www.w3.org/2000/svg}"

# What a step shows: read from the page by one script.
SHOWN = """
var live = document.getElementById('live');
function count(c) { return live.querySelectorAll('g.' + c).length; }
var robber = live.querySelector('#robber title');
return [document.getElementById('num').textContent, document.getElementById('move').textContent,
	count('road'), count('settlement'), count('city'), robber ? robber.textContent : '',
	Array.prototype.map.call(live.querySelectorAll('#panel tspan'), function (t) { return t.textContent; }),
	document.getElementById('slider').value, +document.getElementById('cursor').getAttribute('x1'),
	+document.querySelector('#chart polyline').getAttribute('points').split(' ').pop().split(',')[0]];
"""


def expected(path):
    """What K.svg draws: the counts of pieces, the robber's title and the panel's lines."""
    root = ET.parse(path).getroot()
    count = {"road": 0, "settlement": 0, "city": 0}
    for g in root.iter(SVG + "g"):
        for c in (g.get("class") or "").split():
            if c in count:
                count[c] += 1
    robber = next(g for g in root.iter(SVG + "g") if g.get("id") == "robber")
    panel = next(g for g in root.iter(SVG + "g") if g.get("id") == "panel")
    lines = [t.text or "" for t in panel.iter(SVG + "text")]
    return count["road"], count["settlement"], count["city"], robber.find(SVG + "title").text, lines


def fail(msg):
    print("html-replay: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 4:
        print("usage: html-replay.py PAGE MOVES SVGDIR", file=sys.stderr)
        sys.exit(2)
    page, moves_file, svgdir = sys.argv[1:]
    with open(moves_file) as f:
        moves = f.read().splitlines()
    last = len(moves)

    driver = chromium(1400, 1000)
    try:
        driver.get("file://" + os.path.abspath(page))
        body = driver.find_element(By.TAG_NAME, "body")
        if driver.title == "" or driver.find_element(By.ID, "slider").get_attribute("max") != str(last):
            fail("the slider does not reach move %d" % last)
        cursor_before = 0
        for k in range(last + 1):
            if k:
                body.send_keys(Keys.ARROW_RIGHT)
            (num, move, roads, settlements, cities, robber, panel, slider, cursor,
             chart_end) = driver.execute_script(SHOWN)
            if cursor < cursor_before or (k == last and cursor != chart_end):
                fail("move %d: the chart's cursor stands at %s (before: %s; the chart ends at %s)"
                     % (k, cursor, cursor_before, chart_end))
            cursor_before = cursor
            want_move = moves[k - 1] if k else "(the start)"
            if num != "move %d of %d" % (k, last) or move != want_move or slider != str(k):
                fail("step %d shows '%s' '%s' (slider %s), not 'move %d of %d' '%s'"
                     % (k, num, move, slider, k, last, want_move))
            want = expected(os.path.join(svgdir, "%d.svg" % k))
            got = (roads, settlements, cities, robber, panel)
            if got != want:
                fail("move %d: the page shows %r, catan-render --svg --at %d draws %r" % (k, got, k, want))
        # One more step stays at the last move; the other keys, the buttons and the slider move.
        def key(k):
            return lambda: body.send_keys(k)

        def click(name):
            return lambda: driver.find_element(By.ID, name).click()

        def slide():
            driver.execute_script("var s = document.getElementById('slider'); s.value = arguments[0];"
                                  "s.dispatchEvent(new Event('input'));", last // 2)

        for what, act, k in (("the right arrow at the end", key(Keys.ARROW_RIGHT), last),
                             ("Home", key(Keys.HOME), 0),
                             ("the left arrow at the start", key(Keys.ARROW_LEFT), 0),
                             ("End", key(Keys.END), last),
                             ("the left arrow", key(Keys.ARROW_LEFT), last - 1),
                             ("the first button", click("first"), 0),
                             ("the next button", click("next"), 1),
                             ("the last button", click("last"), last),
                             ("the previous button", click("prev"), last - 1),
                             ("the slider", slide, last // 2)):
            act()
            num = driver.find_element(By.ID, "num").text
            if num != "move %d of %d" % (k, last):
                fail("%s shows '%s', not 'move %d of %d'" % (what, num, k, last))
        # Nothing was fetched: no resource was loaded besides the page itself.
        fetched = driver.execute_script("return performance.getEntriesByType('resource').map(function (r) { return r.name; });")
        if fetched:
            fail("the page fetched %r" % fetched)
    finally:
        driver.quit()
    print("html-replay: %d moves stepped through" % last)


if __name__ == "__main__":
    main()
