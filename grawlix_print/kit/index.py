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
from ..papers import PAPERS

INDEX = "index.html"

SECTIONS = (
    ("leaflet", "The rules on paper"),
    ("sheets", "Sheets to print and cut"),
    ("web", "The rules on screen"),
    ("3d", "3D-printed tiles"),
    ("images", "Images, for print-on-demand services and Tabletop Simulator"),
)
"""The kit's folders in the order a player needs them, with their headings; others follow."""

ACTUAL_SIZE = "Print at actual size (100 %, never “fit to page”)."

STYLE = """
:root { color-scheme: light dark; --ink: #141414; --page: #ffffff; --quiet: #4f4f4f; --link: #0b4f9c;
  --rule: #dcdcdc; --panel: #f4f4f4; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #e8e8e8; --page: #15171a; --quiet: #b3b7bd; --link: #8db8ff; --rule: #3b3f45; --panel: #22262b; }
}
body { margin: 0; background: var(--page); color: var(--ink);
  font: 1rem/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
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
    for folder in folders:
        heading = dict(SECTIONS).get(folder, f"{folder}/" if folder else "Other files")
        body.append(f'<h2 id="{escape(folder or "other")}">{escape(heading)}</h2>')
        for entry in sorted((f for f in listed if _folder(f["path"]) == folder), key=lambda f: f["path"]):
            body.append(_entry(entry, _thumbnails(entry, previews)))
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}: the print-and-play kit</title>",
        '<link rel="icon" href="data:,">',
        f"<style>{STYLE.strip()}</style>",
        "</head>",
        "<body>",
        "<main>",
        *body,
        "</main>",
        "</body>",
        "</html>",
    ]) + "\n"  # fmt: skip


def _folder(path: str) -> str:
    parts = PurePosixPath(path).parts
    return parts[0] if len(parts) > 1 else ""


def _section_order(folder: str) -> tuple[int, str]:
    names = [name for name, _ in SECTIONS]
    return (names.index(folder) if folder in names else len(names), folder)


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


def _paper(params: dict) -> str:
    paper = params.get("paper")
    return PAPERS[paper].name if paper in PAPERS else ""


def describe(entry: dict) -> tuple[str, str]:
    """What the file is, and how to print or use it, from its kind and the options it was built with."""
    kind, params = entry["kind"], entry["params"]
    paper = _paper(params)
    if kind == "leaflet-tri-fold":
        return (f"The rules as a tri-fold leaflet, on one sheet of {paper} printed on both sides.",
                f"Paper of 80–120 g/m². Print two-sided, flipping on the short edge. {ACTUAL_SIZE}"
                " Fold in three on the marks at the top and bottom.")  # fmt: skip
    if kind == "leaflet-press":
        return (f"The same leaflet for a print shop: {paper} trim, 3 mm bleed, crop and fold marks"
                " outside the trim, and a printing note.", "Two-sided, flipped on the short edge, folded in three.")  # fmt: skip
    if kind == "leaflet-booklet":
        return (f"The rules as a booklet of A6 pages, four to a side of {paper}.",
                f"Paper of 80–120 g/m². Print two-sided, flipping on the long edge. {ACTUAL_SIZE} Cut each"
                " sheet across the middle, fold each half down the middle, and nest the folded halves in"
                " order: the first sheet's top half outside, then its bottom half, then the next sheet's.")  # fmt: skip
    if kind == "card sheets":
        width, height = params.get("card_mm", (0, 0))
        two_sided = "Print two-sided, flipping on the long edge. " if params.get("backs") == "duplex" else ""
        marking = _MARKS.get(str(params.get("markings")), "")
        return (f"{params.get('cards')} cards of {width:g} × {height:g} mm with {params.get('bleed_mm'):g} mm bleed"
                f"{marking}, on {paper}.", f"Card of 250–300 g/m². {two_sided}{ACTUAL_SIZE}")  # fmt: skip
    if kind == "face image":
        return (f"One face as an image ({params.get('face')}), {params.get('dpi')} dpi with bleed.",
                "For print-on-demand services.")  # fmt: skip
    if kind == "deck sheet":
        return (f"A deck sheet for Tabletop Simulator: {params.get('faces')} faces,"
                f" {params.get('columns')} by {params.get('rows')}.", "")  # fmt: skip
    if kind == "deck back":
        return ("The back of every piece, for Tabletop Simulator's deck.", "")
    if kind == "image notes":
        return ("What the images are and how to use them.", "Read it first.")
    if kind == "leaflet-reading":
        return (f"The rules to read on a screen, page by page as printed on {paper}, with bookmarks.", "Not for printing.")
    if kind in ("tile sheets", "sticker sheets"):
        return _sheet(kind, params)
    if kind == "web-markdown":
        return ("The rules in Markdown with the diagrams beside it, ready to be a repository's README.", "")
    if kind == "web-html":
        return ("The rules as one web page for phones and desktops, light or dark, with everything inside it.",
                f"Prints too, on A4 or Letter. {ACTUAL_SIZE}")  # fmt: skip
    if kind == "web-diagram":
        return ("A diagram of the rules (SVG), linked from the Markdown.", "")
    if kind == "print instructions":
        return ("How to print the 3D tiles: which file, which filaments, which settings.", "Read it first.")
    if kind.startswith(("STL", "STEP", "3MF")):
        return (f"3D tiles: {kind}.", "Open it in a slicer; the printing notes in this folder say how.")
    return (kind, "")


_MARKS = {"letters": ", marked with each colour's letter", "shapes": ", marked with each colour's shape"}


def _sheet(kind: str, params: dict) -> tuple[str, str]:
    size = params.get("tile_size_mm")
    sets = params.get("sets", 1)
    count = f"{sets} sets of {params.get('tiles')}" if sets and sets > 1 else f"{params.get('tiles')}"
    marking = _MARKS.get(str(params.get("markings")), "")
    if kind == "sticker sheets":
        return (f"{count} stickers of {size:g} mm for {params.get('square_mm'):g} mm squares{marking}, on {_paper(params)}.",
                f"Full-sheet sticker paper, printed on one side. {ACTUAL_SIZE}")  # fmt: skip
    from ..products.sheets.build import CARD_ADVICE

    how = CARD_ADVICE[params.get("backs") or ""]  # the words the sheet's own notes print
    return (f"{count} tiles of {size:g} mm for card{marking}, on {_paper(params)}.", f"{how} {ACTUAL_SIZE}")
