#!/usr/bin/env python3
"""html-replay.py: steps through a catan-render --html page in a headless Chromium, move by move.

usage: html-replay.py PAGE MOVES SVGDIR
PAGE is the page, MOVES the log's moves one a line, SVGDIR holds K.svg, the
picture `catan-render --svg --at K` draws, for every K from 0 to the last
move.  The page opens at move 0; the right arrow key steps to the last move.
At every step the move number and text, the roads, settlements, cities and
robber drawn and every line of the panel must be those of K.svg, and the
cursor on the points chart must move right (or stay) at each step and stand
on the chart's last turn at the last move; the address's hash must name the
move (#move-K), the dice must be those of the last roll, the panel's line of
move K must be marked as the last move, and so must the piece a build move
built and the robber when it moved (and the robber only then).  Then the
End, Home, left arrow keys, the buttons and the slider are tried, each
updating the hash without adding to the history; the page opened at #move-5
must show move 5, and a new hash its move.  No request may leave the page.  Exits 0 when all hold, 1 with the first
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
	+document.querySelector('#chart polyline').getAttribute('points').split(' ').pop().split(',')[0],
	location.hash, document.getElementById('dice').textContent, document.getElementById('dice').title,
	Array.prototype.map.call(live.querySelectorAll('g.last'), function (g) { return g.getAttribute('class') + ' ' + g.id; }),
	Array.prototype.map.call(live.querySelectorAll('#panel tspan.last'), function (t) { return t.textContent; })];
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


def roll_before(moves, k):
    """The dice of the last roll among the first k moves, or None."""
    for m in reversed(moves[:k]):
        w = m.split()
        if len(w) == 4 and w[1] == "roll":
            return int(w[2]), int(w[3])
    return None


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
        robber_before = None
        for k in range(last + 1):
            if k:
                body.send_keys(Keys.ARROW_RIGHT)
            (num, move, roads, settlements, cities, robber, panel, slider, cursor,
             chart_end, hash_, dice, dice_title, marked, marked_line) = driver.execute_script(SHOWN)
            if hash_ != "#move-%d" % k:
                fail("move %d: the address's hash is '%s'" % (k, hash_))
            roll = roll_before(moves, k)
            want_title = "the last roll: %d and %d" % roll if roll else "no roll yet"
            if dice_title != want_title or (roll and not dice.endswith(" %d" % sum(roll))):
                fail("move %d: the dice show '%s' ('%s'), not %s" % (k, dice, dice_title, want_title))
            if k and [line.strip().split(" ", 1)[0] for line in marked_line] != ["%d." % k]:
                fail("move %d: the panel marks %r as the last move" % (k, marked_line))
            if k and moves[k - 1].split()[1:2] == ["build"]:
                piece = moves[k - 1].split()[2]
                if not any(m.split()[0] == piece for m in marked):
                    fail("move %d '%s': no %s is marked on the board, only %r" % (k, moves[k - 1], piece, marked))
            if k and robber != robber_before and not any(m.endswith(" robber") for m in marked):
                fail("move %d '%s': the robber moved and is not marked (%r)" % (k, moves[k - 1], marked))
            if k and robber == robber_before and any(m.endswith(" robber") for m in marked):
                fail("move %d '%s': the robber is marked and did not move" % (k, moves[k - 1]))
            robber_before = robber
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
            hash_ = driver.execute_script("return location.hash")
            if hash_ != "#move-%d" % k:
                fail("%s leaves the address's hash at '%s', not '#move-%d'" % (what, hash_, k))
        # Stepping replaced the address rather than adding to the history.
        if driver.execute_script("return history.length") > 2:
            fail("stepping added %d entries to the history" % driver.execute_script("return history.length"))
        # An address naming a move opens the page there, and so does a new hash.
        driver.get("about:blank")
        driver.get("file://" + os.path.abspath(page) + "#move-5")
        num = driver.find_element(By.ID, "num").text
        if num != "move 5 of %d" % last or driver.find_element(By.ID, "move").text != moves[4]:
            fail("#move-5 opens '%s', not 'move 5 of %d'" % (num, last))
        driver.execute_script("location.hash = '#move-%d'" % (last - 1))
        num = driver.find_element(By.ID, "num").text
        if num != "move %d of %d" % (last - 1, last):
            fail("the hash #move-%d shows '%s'" % (last - 1, num))
        # Nothing was fetched: no resource was loaded besides the page itself.
        fetched = driver.execute_script("return performance.getEntriesByType('resource').map(function (r) { return r.name; });")
        if fetched:
            fail("the page fetched %r" % fetched)
    finally:
        driver.quit()
    print("html-replay: %d moves stepped through" % last)


if __name__ == "__main__":
    main()
