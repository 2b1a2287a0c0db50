"""A whole HTML page for screens, as every HTML file the studio writes begins and ends.

The kit's index, the web edition and the print-on-demand guides are each one file with its style
inside (nothing to fetch), sized for a phone as for a desktop; only their titles, head lines and
bodies differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

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
