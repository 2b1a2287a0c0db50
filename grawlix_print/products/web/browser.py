"""A real headless browser (Chromium via selenium), for screenshots of the web edition.

Found where Debian puts it (``chromium`` and ``chromium-driver``) or on the
PATH; nothing is downloaded. The machine's network may be closed and the
user may be root, so Chromium runs without its sandbox, without background
traffic and with a new, empty profile every time.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
    "--disable-dev-shm-usage", "--force-device-scale-factor=1",
)  # fmt: skip


def find_browser() -> tuple[str, str] | None:
    """(browser, driver) executables, or None when either is missing (or selenium is)."""
    import importlib.util

    if importlib.util.find_spec("selenium") is None:  # found without importing it: a build plans with this
        return None
    browser = next((path for name in BROWSERS if (path := shutil.which(name))), None)
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


def why_no_browser() -> str:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed"
    return "no headless Chromium found (install the Debian packages chromium and chromium-driver)"


@contextmanager
def headless_chromium(width: int = 1280, height: int = 900) -> Iterator:
    """A selenium WebDriver on a fresh headless Chromium; quit (and its profile removed) afterwards."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    found = find_browser()
    if found is None:
        raise RuntimeError(why_no_browser())
    browser, driver_path = found
    with tempfile.TemporaryDirectory(prefix="grawlix-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = browser
        for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
        try:
            yield driver
        finally:
            driver.quit()


def page_url(path: Path) -> str:
    return path.resolve().as_uri()
