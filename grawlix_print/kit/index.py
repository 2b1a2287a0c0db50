"""The kit's own index: ``index.html`` at its root, written by ``grawlix-print all`` last.

It starts with what most people need: for each paper, the files its products call essential
(``Entry.essential``: the rules, the card-stock sheets), the variants of one sheet side by side
(plain, letters, shapes) with a word on which to choose. Then every file the kit holds (from the
same records as ``manifest.json``), grouped by product: what each file is, what to print it on and
how (card weight, which edge to flip, actual size), with the previews beside it; a product's
section of more than a few files is folded (``<details>``). One self-contained page, light or dark
as the reader's system asks, with relative links, so it works from a folder, a zip or a repository.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path, PurePosixPath

from ..files import Written, write_text
from ..papers import PAPERS
from ..products import products
from ..products.base import ACTUAL_SIZE, Entry
from ..html_page import PALETTE, html_page

INDEX = "index.html"
FOLDED_OVER = 6
"""A product's section with more files than this is folded: its list is there when asked for."""
MARKINGS = {"none": "plain", "letters": "letters", "shapes": "shapes"}
"""A sheet's colour-blind marking as the index names its variant (the sheets' ``markings``)."""
CHOOSING = ("<p><strong>Plain, letters or shapes?</strong> Print one of each sheet. Plain faces show the colours "
            "alone. Letters add each colour's letter, shapes each colour's shape in black: choose one of them if a "
            "player may not tell the colours apart (shapes read in black and white too).</p>")


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
#start { background: var(--panel); padding: .2rem 1.2rem .6rem; border-radius: .4rem; margin-top: 1.5rem; }
#start h2 { margin-top: .8rem; }
#start li { margin: .35rem 0; }
details { margin-top: 1.6rem; }
summary { cursor: pointer; }
summary h2 { display: inline; margin: 0; border: none; }
summary .count { color: var(--quiet); }
"""


def index_step(out: Path, templates: Path, title: str, files: list[dict], version: str = "") -> list[Written]:
    """Write ``out/index.html`` for the kit's ``files`` (the other steps' records), of the rules' ``version``."""
    path = write_text(out / INDEX, index_html(title, files, version))
    return [Written(path, "kit index", {"files": len(files), "version": version})]


def index_html(title: str, files: Sequence[dict], version: str = "") -> str:
    """The page: a section per product folder, an entry per file (previews are shown, not listed)."""
    previews = [f for f in files if f["kind"] in ("preview", "web-preview")]
    listed = [f for f in files if f not in previews]
    folders = sorted({_folder(f["path"]) for f in listed}, key=_section_order)
    body = [
        f"<h1>{escape(title)}: the print-and-play kit</h1>",
        *([f'<p class="how">Version {escape(version)} of the rules.</p>'] if version else []),
        '<p class="panel">Every file of this kit: what it is, what to print it on and how. '
        f"{ACTUAL_SIZE} Each sheet carries a calibration square to check it with a ruler.</p>",
    ]
    body += _start_here(listed)
    headings = {p.name: p.heading for p in products()}
    for folder in folders:
        heading = headings.get(folder, f"{folder}/" if folder else "Other files")
        entries = sorted((f for f in listed if _folder(f["path"]) == folder), key=lambda f: f["path"])
        count = f"{len(entries)} file" + ("s" if len(entries) != 1 else "")
        body.append(f'<details id="{escape(folder or "other")}"{"" if len(entries) > FOLDED_OVER else " open"}>'
                    f'<summary><h2>{escape(heading)}</h2> <span class="count">({count})</span></summary>')
        body += [_entry(entry, _thumbnails(entry, previews)) for entry in entries]
        body.append("</details>")
    return html_page(f"{title}: the print-and-play kit", STYLE.strip(), body)


def _start_here(listed: Sequence[dict]) -> list[str]:
    """The first section: each paper's essential files, a sheet's markings side by side."""
    essential = [(f, said) for f in listed if (said := _said(f)) is not None and said.essential]
    if not essential:
        return []
    part = ['<section id="start"><h2>Start here</h2>',
            "<p>What most people print: the rules and the sheets of the pieces, on their own paper.</p>"]
    papers = [p for p in PAPERS if any(f["params"].get("paper") == p for f, _ in essential)]
    varied = False  # some sheet comes plain and marked: say how to choose
    for paper in papers or [""]:
        if paper:
            part.append(f"<h3>On {escape(PAPERS[paper].name)}</h3>")
        variants: dict[tuple[str, str], list[tuple[dict, Entry]]] = {}
        for record, said in essential:
            if record["params"].get("paper", "") == paper:
                same = {k: v for k, v in record["params"].items() if k != "markings"}
                variants.setdefault((record["kind"], repr(sorted(same.items()))), []).append((record, said))
        part += ["<ul>", *(_essential_line(sorted(group, key=_marking_rank)) for group in variants.values()), "</ul>"]
        varied = varied or any(len(group) > 1 for group in variants.values())
    return part + ([CHOOSING] if varied else []) + ["</section>"]


def _marking_rank(pair: tuple[dict, Entry]) -> int:
    """Plain first, then letters, then shapes (``MARKINGS``' order)."""
    marking = str(pair[0]["params"].get("markings", "none"))
    return list(MARKINGS).index(marking) if marking in MARKINGS else len(MARKINGS)


def _essential_line(group: Sequence[tuple[dict, Entry]]) -> str:
    """One file, or the variants of one sheet as links named by their marking."""
    record, said = group[0]
    if len(group) == 1:
        links = f'<a href="{escape(record["path"])}">{escape(record["path"])}</a>'
    else:
        links = " · ".join(f'<a href="{escape(r["path"])}">{escape(MARKINGS.get(str(r["params"].get("markings")), r["path"]))}</a>'
                           for r, _ in group)  # fmt: skip
    return f'<li>{escape(said.title)} {links}<br><span class="how">{escape(said.how)}</span></li>'


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


def _said(entry: dict) -> Entry | None:
    """What the product that wrote the file says of it (``Product.describe``), if it says."""
    folder = _folder(entry["path"])
    return next((said for candidate in products() if candidate.name == folder
                 if (said := candidate.describe(entry)) is not None), None)  # fmt: skip


def describe(entry: dict) -> tuple[str, str]:
    """What the file is, and how to print or use it: as the product that wrote it says, else its kind."""
    said = _said(entry)
    return (said.title, said.how) if said is not None else (entry["kind"], "")
