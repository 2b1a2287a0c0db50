"""A whole HTML page for screens, as every HTML file the studio writes begins and ends.

The kit's index, the web edition and the print-on-demand guides are each one file with its style
inside (nothing to fetch), sized for a phone as for a desktop; only their titles, head lines and
bodies differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

PALETTE = """
:root { color-scheme: light dark; --ink: #141414; --page: #ffffff; --quiet: #4f4f4f; --link: #0b4f9c;
  --rule: #dcdcdc; --panel: #f4f4f4; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #e8e8e8; --page: #15171a; --quiet: #b3b7bd; --link: #8db8ff; --rule: #3b3f45; --panel: #22262b; }
}
body { margin: 0; background: var(--page); color: var(--ink);
  font: 1rem/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; }
"""
"""The pages' colours, light and dark as the reader's system prefers, and their body text: what
the kit's index and the print guides share (each adds its own rules)."""

NO_ICON = "data:,"
"""An empty icon: a browser then asks the folder for no favicon.ico."""


def html_page(title: str, style: str, body: Sequence[str], head: Sequence[str] = (), icon: str = NO_ICON) -> str:
    """The page: ``title`` (escaped here), ``head``'s lines after it (already HTML), ``style`` inside
    its element as given, and ``body``'s lines inside ``<main>``."""
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        *head,
        f'<link rel="icon" href="{icon}">',
        f"<style>{style}</style>",
        "</head>",
        "<body>",
        "<main>",
        *body,
        "</main>",
        "</body>",
        "</html>",
    ]) + "\n"  # fmt: skip
