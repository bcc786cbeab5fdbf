#!/usr/bin/env python3
"""svg-browser.py: opens each SVG picture in a headless Chromium and checks that it is drawn.

usage: svg-browser.py FILE.svg...
Each file must load as an SVG document without a parse error, draw at the
width and height it declares, and set every text it holds in a box of some
width (its font found and used) inside the picture.  Prints "svg-browser: N pictures drawn" and
exits 0 when all hold, 1 with the first picture that does not.
"""
import os
import sys

from browser import chromium

CHECK = """
var root = document.documentElement, bad = [];
if (root.localName !== 'svg' || root.namespaceURI !== 'http://www.w3.org/2000/svg')
	return 'the document is not SVG: ' + root.localName;
if (document.getElementsByTagName('parsererror').length)
	return 'a parse error: ' + document.getElementsByTagName('parsererror')[0].textContent;
var r = root.getBoundingClientRect();
if (Math.round(r.width) !== parseInt(root.getAttribute('width')) ||
    Math.round(r.height) !== parseInt(root.getAttribute('height')))
	return 'drawn at ' + r.width + ' x ' + r.height;
var texts = root.getElementsByTagName('text'), out = [];
for (var i = 0; i < texts.length; i++) {
	if (!texts[i].textContent.trim())
		continue;
	if (texts[i].getBBox().width <= 0)
		bad.push(texts[i].textContent);
	var t = texts[i].getBoundingClientRect();
	if (t.left < r.left - 1 || t.right > r.right + 1 || t.top < r.top - 1 || t.bottom > r.bottom + 1)
		out.push(texts[i].textContent);
}
if (bad.length)
	return 'texts not drawn: ' + bad.slice(0, 5).join(', ');
return out.length ? 'texts past the edge: ' + out.slice(0, 5).join(', ') : '';
"""


def main(files):
    driver = chromium(1400, 1000)
    try:
        for f in files:
            driver.get("file://" + os.path.abspath(f))
            err = driver.execute_script(CHECK)
            if err:
                print("svg-browser: %s: %s" % (f, err))
                return 1
    finally:
        driver.quit()
    print("svg-browser: %d pictures drawn" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
