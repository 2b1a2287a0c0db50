"""Screenshots of the HTML edition as a phone (360 px) and a desktop (1280 px) show it, whole pages.

Taken by a real headless Chromium (``web.browser``), so they show what
readers see. A screenshot records the hash of the page it shows (a PNG text
chunk); while the page is unchanged it is kept and no browser starts, so a
rebuild stays fast. Without a browser the editions are still built and the
caller is told why there are no screenshots.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import struct
from pathlib import Path

from ...files import Written, write_bytes
from .browser import find_browser, headless_chromium, page_url, why_no_browser

WIDTHS = (360, 1280)
SOURCE_KEY = "grawlix-page-sha256"
SWITCH = "GRAWLIX_PRINT_SCREENSHOTS"
"""Set to ``off`` to never start a browser (a slow machine, or a test suite that takes its own)."""


def screenshots_wanted() -> bool:
    return os.environ.get(SWITCH, "").strip().lower() not in ("0", "off", "no", "false")


def browser_found() -> str:
    """Which browser the screenshots would be taken with ("" for none, or none wanted): a kit built
    before one was installed is rebuilt with its screenshots once there is one."""
    found = find_browser() if screenshots_wanted() else None
    return " ".join(found) if found else ""


MAX_SHOT_HEIGHT = 16_000
"""A preview shows at most the page's top 16,000 pixels (a gallery of thousands of cards is taller):
what a browser draws in one texture, and within the pictures' bounds (``drawing.bitmaps``)."""


def preview_name(page: Path, width: int) -> str:
    return f"{page.stem}-{width}px.png"


def _recorded_source(path: Path) -> str | None:
    """The page hash a screenshot recorded: its PNG text chunk, read without an image library."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    position = 8  # after the PNG signature
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        if kind == b"tEXt":
            key, _, value = data[position + 8:position + 8 + length].partition(b"\0")
            if key == SOURCE_KEY.encode():
                return value.decode("latin-1")
        if kind == b"IDAT":
            return None
        position += 12 + length
    return None


def page_screenshots(page: Path, folder: Path, driver=None) -> tuple[list[Written], str]:
    """Screenshots of ``page`` at every width in ``folder``, and a note when none could be made.

    Screenshots that already show this exact page are kept as they are.
    ``driver`` may lend a running browser (selenium WebDriver) instead of starting one.
    """
    if not screenshots_wanted():
        return [], ""
    digest = hashlib.sha256(page.read_bytes()).hexdigest()
    targets = {width: folder / preview_name(page, width) for width in WIDTHS}
    todo = [w for w, path in targets.items() if _recorded_source(path) != digest]
    if todo and driver is None and find_browser() is None:
        return [], f"screenshots skipped: {why_no_browser()}"
    if todo:
        try:
            if driver is not None:
                shots = _screenshots(driver, page, todo)
            else:
                with headless_chromium() as started:
                    shots = _screenshots(started, page, todo)
        except Exception as error:  # the browser is outside our control: report it, keep the editions
            return [], f"screenshots skipped: the browser failed ({type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''})"
        for width, png in shots.items():
            write_bytes(targets[width], _with_source(png, digest))
    return [Written(path, "web-preview", {"width": width}) for width, path in targets.items()], ""


def _with_source(png: bytes, digest: str) -> bytes:
    from PIL.PngImagePlugin import PngInfo

    from ...drawing.bitmaps import decoded

    info = PngInfo()
    info.add_text(SOURCE_KEY, digest)
    out = io.BytesIO()
    decoded(png, "RGB").save(out, "PNG", pnginfo=info)
    return out.getvalue()


def _screenshots(driver, page: Path, widths: list[int]) -> dict[int, bytes]:
    shots = {}
    for width in widths:
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        driver.get(page_url(page))
        driver.execute_async_script("document.fonts.ready.then(arguments[arguments.length - 1])")
        height = min(int(driver.execute_script("return document.documentElement.scrollHeight")), MAX_SHOT_HEIGHT)
        shot = driver.execute_cdp_cmd(
            "Page.captureScreenshot",
            {"format": "png", "captureBeyondViewport": True,
             "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}},
        )  # fmt: skip
        shots[width] = base64.b64decode(shot["data"])
    return shots
