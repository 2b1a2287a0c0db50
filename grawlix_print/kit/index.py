"""The kit's own index: ``index.html`` at its root, written by ``grawlix-print all`` last.

It lists every file the kit holds (from the same records as ``manifest.json``),
grouped by product: what each file is, what to print it on and how (card
weight, which edge to flip, actual size), with the previews beside it. One
self-contained page, light or dark as the reader's system asks, with
relative links, so it works from a folder, a zip or a repository.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path, PurePosixPath

from ..files import Written, write_text
from ..products import products
from ..products.base import ACTUAL_SIZE
from ..html_page import PALETTE, html_page

INDEX = "index.html"


STYLE = PALETTE + """main { max-width: 60rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
h1 { font-size: 2rem; line-height: 1.2; }
h2 { margin-top: 2.2rem; border-bottom: 2px solid var(--rule); padding-bottom: .2rem; }
a { color: var(--link); }
.file { display: flex; gap: 1rem; align-items: flex-start; padding: .8rem 0; border-bottom: 1px solid var(--rule); }
.file h3 { margin: 0 0 .2rem; font-size: 1.05rem; overflow-wrap: anywhere; }
.file p { margin: 0 0 .3rem; }
.how { color: var(--quiet); }
.thumbs { display: flex; gap: .4rem; flex: none; }
.thumbs img { height: 6.5rem; width: auto; max-width: 9rem; background: #fff; border: 1px solid var(--rule); }
@media (max-width: 36rem) { .file { flex-direction: column; } }
.panel { background: var(--panel); padding: .6rem 1rem; border-radius: .4rem; }
"""


def index_step(out: Path, templates: Path, title: str, files: list[dict]) -> list[Written]:
    """Write ``out/index.html`` for the kit's ``files`` (the other steps' records)."""
    path = write_text(out / INDEX, index_html(title, files))
    return [Written(path, "kit index", {"files": len(files)})]


def index_html(title: str, files: Sequence[dict]) -> str:
    """The page: a section per product folder, an entry per file (previews are shown, not listed)."""
    previews = [f for f in files if f["kind"] in ("preview", "web-preview")]
    listed = [f for f in files if f not in previews]
    folders = sorted({_folder(f["path"]) for f in listed}, key=_section_order)
    body = [
        f"<h1>{escape(title)}: the print-and-play kit</h1>",
        '<p class="panel">Every file of this kit: what it is, what to print it on and how. '
        f"{ACTUAL_SIZE} Each sheet carries a calibration square to check it with a ruler.</p>",
    ]
    headings = {p.name: p.heading for p in products()}
    for folder in folders:
        heading = headings.get(folder, f"{folder}/" if folder else "Other files")
        body.append(f'<h2 id="{escape(folder or "other")}">{escape(heading)}</h2>')
        for entry in sorted((f for f in listed if _folder(f["path"]) == folder), key=lambda f: f["path"]):
            body.append(_entry(entry, _thumbnails(entry, previews)))
    return html_page(f"{title}: the print-and-play kit", STYLE.strip(), body)


def _folder(path: str) -> str:
    parts = PurePosixPath(path).parts
    return parts[0] if len(parts) > 1 else ""


def _section_order(folder: str) -> tuple[int, str]:
    """The products' folders in the order a player needs them (each product's ``order``); others follow."""
    orders = {p.name: p.order for p in products()}
    return (orders.get(folder, 1000), folder)


def _thumbnails(entry: dict, previews: Sequence[dict]) -> list[str]:
    """The previews of a file: its pages (PDF), its plate (3D), its screenshots (the web page)."""
    name = PurePosixPath(entry["path"]).name
    if name.endswith(".png"):  # an image shows itself
        return [entry["path"]]
    found = [p for p in previews if p["params"].get("of") == name]
    if entry["kind"] == "web-html":
        found += [p for p in previews if p["kind"] == "web-preview"]
    return [p["path"] for p in sorted(found, key=lambda p: (p["params"].get("page", 0), p["path"]))][:2]


def _entry(entry: dict, thumbnails: list[str]) -> str:
    path = entry["path"]
    what, how = describe(entry)
    images = "".join(f'<img src="{escape(src)}" alt="" loading="lazy">' for src in thumbnails)
    return (
        '<article class="file">'
        + (f'<div class="thumbs">{images}</div>' if images else "")
        + f'<div><h3><a href="{escape(path)}">{escape(path)}</a></h3>'
        + f"<p>{escape(what)}</p>"
        + (f'<p class="how">{escape(how)}</p>' if how else "")
        + "</div></article>"
    )


def describe(entry: dict) -> tuple[str, str]:
    """What the file is, and how to print or use it: as the product that wrote it says
    (``Product.describe``), else its kind."""
    folder = _folder(entry["path"])
    for candidate in products():
        if candidate.name == folder:
            said = candidate.describe(entry)
            if said is not None:
                return said.title, said.how
    return entry["kind"], ""
