"""browser: the headless Chromium that the browser tests drive through Selenium, started the
same way for each: no network of its own, a new profile (removed when the test program
ends), the window's size given."""
import atexit
import os
import shutil
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def chromium(width, height):
    opts = webdriver.ChromeOptions()
    opts.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--window-size=%d,%d" % (width, height)):
        opts.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="chromium-profile.")
    atexit.register(shutil.rmtree, profile, True)
    opts.add_argument("--user-data-dir=" + profile)
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")),
                            options=opts)
