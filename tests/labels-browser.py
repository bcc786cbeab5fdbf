#!/usr/bin/env python3
"""labels-browser.py: opens each picture of the Dice Game Extra in a headless Chromium and checks
that its names can be read: each set clear of the others, of every road and of every drawing
but its own.

usage: labels-browser.py FILE.svg...
The names are the texts of the group "names"; the roads the lines of class "road ID" (their
width as drawn); the drawings the shapes of class "KIND ID" in the group "sites" (a knight's
name stands in its own disc).  Prints "labels-browser: N names clear in M pictures" and exits 0,
or 1 with the first picture and the names that touch something.
"""
import os
import sys

from browser import chromium

CHECK = """
function clear(a, b) { return a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 ||
	a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5; }
function segbox(x1, y1, x2, y2, b) {
	var d = Infinity, n = 64;
	for (var i = 0; i <= n; i++) {
		var x = x1 + (x2 - x1) * i / n, y = y1 + (y2 - y1) * i / n;
		var dx = Math.max(b.x - x, 0, x - b.x - b.width), dy = Math.max(b.y - y, 0, y - b.y - b.height);
		d = Math.min(d, Math.hypot(dx, dy));
	}
	return d;
}
var names = document.querySelectorAll('#names text'), bad = [], boxes = [];
for (var i = 0; i < names.length; i++)
	boxes.push(names[i].getBBox());
for (var i = 0; i < names.length; i++)
	for (var j = i + 1; j < names.length; j++)
		if (!clear(boxes[i], boxes[j]))
			bad.push(names[i].textContent + ' over ' + names[j].textContent);
var roads = document.querySelectorAll('#roads line[class^="road "]');
for (var r = 0; r < roads.length; r++) {
	var a = function (k) { return parseFloat(roads[r].getAttribute(k)); };
	var half = a('stroke-width') / 2;
	for (var i = 0; i < names.length; i++)
		if (segbox(a('x1'), a('y1'), a('x2'), a('y2'), boxes[i]) < half - 0.5)
			bad.push(names[i].textContent + ' on road ' + roads[r].getAttribute('class').split(' ')[1]);
}
var shapes = document.querySelectorAll('#sites [class]');
for (var s = 0; s < shapes.length; s++) {
	var id = shapes[s].getAttribute('class').split(' ')[1], sb = shapes[s].getBBox();
	for (var i = 0; i < names.length; i++)
		if (names[i].textContent !== id && !clear(boxes[i], sb))
			bad.push(names[i].textContent + ' on ' + shapes[s].getAttribute('class'));
}
return bad.length ? bad.slice(0, 8).join('; ') : String(names.length);
"""


def main(files):
    driver = chromium(1400, 1000)
    total = 0
    try:
        for f in files:
            driver.get("file://" + os.path.abspath(f))
            said = driver.execute_script(CHECK)
            if not said.isdigit():
                print("labels-browser: %s: %s" % (f, said))
                return 1
            total += int(said)
    finally:
        driver.quit()
    print("labels-browser: %d names clear in %d pictures" % (total, len(files)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
