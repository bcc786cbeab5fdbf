#!/usr/bin/env python3
"""chart-browser.py: opens catan-score's points chart in a headless Chromium and checks that
lines that run together can all be seen.

usage: chart-browser.py CHART.svg
Finds the longest stretch where every player's line has the same points (drawn at the same
height: the lines stand at their exact values), and looks across it at its middle, half a pixel
at a time: each player's line must be the one drawn on top somewhere (a stripe of it shows).
Prints "chart-browser: N lines seen together" and exits 0, or 1 with what fails.
"""
import os
import sys

from browser import chromium

CHECK = """
var lines = document.querySelectorAll('polyline[class^="line "]');
var pts = [], names = [];
for (var i = 0; i < lines.length; i++) {
	names.push(lines[i].getAttribute('class').split(' ')[1]);
	pts.push(lines[i].getAttribute('points').split(' ').map(function (p) {
		return p.split(',').map(Number); }));
}
var best = -1, bestLen = 0, run = 0;
for (var k = 0; k + 1 < pts[0].length; k++) {
	var same = true;
	for (var i = 1; i < pts.length; i++)
		same = same && pts[i][k][1] === pts[0][k][1] && pts[i][k + 1][1] === pts[0][k + 1][1];
	var len = pts[0][k + 1][0] - pts[0][k][0];
	if (same && len > bestLen) { best = k; bestLen = len; }
}
if (best < 0)
	return 'no stretch where the lines run together';
var x = (pts[0][best][0] + pts[0][best + 1][0]) / 2, y = pts[0][best][1];
var r = document.documentElement.getBoundingClientRect(), seen = {};
for (var dy = -12; dy <= 12; dy += 0.5) {
	var el = document.elementFromPoint(r.left + x, r.top + y + dy);
	var cls = el && el.getAttribute('class');
	if (cls && cls.indexOf('line ') === 0)
		seen[cls.split(' ')[1]] = true;
}
var missing = names.filter(function (n) { return !seen[n]; });
if (missing.length)
	return 'hidden where the lines run together: ' + missing.join(', ');
return names.length + ' lines seen together';
"""


def main(chart):
    driver = chromium(1000, 700)
    try:
        driver.get("file://" + os.path.abspath(chart))
        said = driver.execute_script(CHECK)
    finally:
        driver.quit()
    print("chart-browser: " + said)
    return 0 if said.endswith("seen together") else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
