"""The comparison on A4 for the designer: every change, old beside new, in the game's own type.

The same record as the HTML page and the JSON (``report.record``), set with
``drawing.pdf.flow``: the changed words of each sentence in bold, diagrams
and changed pieces drawn as vectors by their own code, old on the left, and
the playtest's table with each difference's interval and p-value.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import __version__
from ..drawing.document import MM, POINT, Document, Metadata
from ..drawing.figure import Figure
from ..drawing.fonts import LABEL, registered
from ..drawing.pdf.canvas import paper_points
from ..drawing.pdf.flow import Block, Picture, Row, Space, Table, Text, place
from ..drawing.pdf.fonts import string_width
from ..drawing.pdf.surface import PdfSurface
from ..drawing.text import Inline, Span
from ..pieces.faces import FaceStyle, PieceFace
from .compare import Changes
from .playtest import Played
from .report import record as record_of
from .report import rows
from .sheet import QUIET_INK, TEXT_INK, Styles, emphasised, settable, styles

MARGIN = 15 * MM
CAPTION = 7.0
"""Points: the "old" and "new" under each picture."""
MOST_PICTURE_SHARE = 0.42
"""A diagram takes at most this share of the page's height, so old and new stand on one page."""
FACE_MOST_MM = 38.0


def report_pdf(changes: Changes, played: Played | None) -> bytes:
    """The report's pages (A4, for screens: RGB)."""
    found = record_of(changes, played)
    new = changes.new
    meta = new.game.front_matter
    width, height = paper_points("a4")
    frame_w, frame_h = width - 2 * MARGIN, height - 2 * MARGIN - 12
    look = styles(new.game.presentation())
    blocks = _blocks(changes, played, found, look, frame_w, frame_h)
    document = Document(Metadata(
        title=f"{meta.title}: version {found['old']['version']} to {found['new']['version']}",
        subject=f"What changed in the rules of {meta.title} from version {found['old']['version']} to {found['new']['version']}.",
        keywords=(*meta.keywords, "changes"), authors=meta.authors, licence=meta.licence, licence_url=meta.licence_url,
    ), cmyk=False, unit=POINT, lang="en")  # fmt: skip
    placed = place(blocks, frame_w, frame_h)
    footer = f"grawlix-print {__version__} diff. {found['title']} {found['old']['version']} ({found['old']['templates']}) " \
             f"to {found['new']['version']} ({found['new']['templates']})."  # fmt: skip
    for n in range(len(placed.pages)):
        surface = document.open_page(width, height)
        placed.draw_page(n, surface, MARGIN, height - MARGIN, frame_w)
        _footer(surface, footer, n + 1, len(placed.pages), look)
        document.close_page()
    return document.data()


def _footer(surface: PdfSurface, text: str, page: int, pages: int, look: Styles) -> None:
    from ..drawing.pdf.typeset import draw_line

    font = look.small.font
    line = f"{text} Page {page} of {pages}."
    while string_width(line, font, 6.5) > paper_points("a4")[0] - 2 * MARGIN and len(line) > 20:
        line = line[:-12] + "…"
    draw_line(surface, MARGIN, MARGIN - 4, line, font, 6.5, QUIET_INK)


def _blocks(changes: Changes, played: Played | None, found: dict, look: Styles, width: float, height: float) -> list[Block]:
    old, new = found["old"], found["new"]
    blocks: list[Block] = [
        Text(settable(f"{found['title']}: version {old['version']} to {new['version']}", look.title), look.title, TEXT_INK),
        Text(settable(f"Old: {old['templates']}. New: {new['templates']}.", look.small), look.small, QUIET_INK),
    ]
    if changes.empty:
        return blocks + [Text(settable("The two versions are the same: no rules value, sentence, diagram, fact, piece "
                                       "or file differs.", look.body), look.body, TEXT_INK)]  # fmt: skip
    blocks.append(Text(settable(f"Changed: {found['summary']}.", look.body), look.body, TEXT_INK))
    blocks += _values("Rules values", found["rules"], look, width)
    blocks += _values("Facts the rulebook states", found["facts"], look, width)
    blocks += _sentences(changes, found, look)
    blocks += _diagrams(changes, look, width, height)
    blocks += _pieces(changes, look, width)
    if played is not None:
        blocks += _playtest(found["playtest"], played, look, width)
    if found["files"]:
        blocks.append(_heading("Template files", look))
        blocks += [Text(settable(f"{f['path']}: {f['status']}", look.item), look.item, TEXT_INK, bullet="\u2022")
                   for f in found["files"]]  # fmt: skip
    return blocks


def _heading(text: str, look: Styles) -> Text:
    return Text(settable(text, look.heading), look.heading, TEXT_INK, keep=True)


def _values(heading: str, changes: list[dict], look: Styles, width: float) -> list[Block]:
    if not changes:
        return []
    table = [("", "old", "new")] + [(c["name"], _or(c["old"]), _or(c["new"])) for c in changes]
    return [_heading(heading, look), _table(table, look, width)]


def _or(value: str | None) -> str:
    return "(not stated)" if value is None else value


def _table(cells: Sequence[tuple[str, ...]], look: Styles, width: float, strong: frozenset[int] = frozenset()) -> Table:
    """A table in the body's faces, its columns as wide as their widest cell, shrunk to the width."""
    style = look.small
    shown = [tuple(_plain_settable(cell, style.font) for cell in row) for row in cells]
    widths = [max(string_width(row[k], style.bold_font, style.size) for row in shown) + 10 for k in range(len(shown[0]))]
    size = style.size * min(1.0, width / sum(widths))
    return Table(tuple(shown), tuple(w * size / style.size for w in widths), style.font, style.bold_font, size,
                 TEXT_INK, strong)  # fmt: skip


def _plain_settable(text: str, font: str) -> str:
    from ..drawing.fonts import lacks

    return "".join("?" if lacks(c, font) else c for c in text)


def _sentences(changes: Changes, found: dict, look: Styles) -> list[Block]:
    if not changes.sentences:
        return []
    blocks: list[Block] = [_heading("The rulebook's text", look)]
    for change, shown in zip(changes.sentences, found["sentences"]):
        why = (f"follows from {', '.join(shown['because'])}" if shown["because"] else
               "edited" if shown["edited"] else "follows from the rules")  # fmt: skip
        where = shown["new_where"] or shown["old_where"]
        blocks.append(Text(settable(f"{change.heading} ({where}; {why})", look.subheading), look.subheading, TEXT_INK,
                           keep=True))  # fmt: skip
        if change.old is not None and change.new is not None:
            before, after = emphasised(change.old.runs, change.new.runs)
            blocks += [_said("Old: ", before, look), _said("New: ", after, look)]
        elif change.new is not None:
            blocks.append(_said("Added: ", emphasised((), change.new.runs)[1], look))
        elif change.old is not None:
            blocks.append(_said("Removed: ", emphasised(change.old.runs, ())[0], look))
    return blocks


def _said(label: str, runs: Inline, look: Styles) -> Text:
    return Text((Span(label, italic=True), *runs), look.item, TEXT_INK)


def _captioned(draw, width: float, height: float, caption: str, look: Styles) -> Picture:
    """A picture with a caption under it, both in one block."""
    def drawn(surface: PdfSurface, x: float, top: float) -> None:
        draw(surface, x, top)
        face = LABEL if not _lacks(caption, LABEL) else None
        if face is not None:
            registered(face)
            surface.text(x + width / 2, top - height - CAPTION - 2, caption, face, CAPTION, QUIET_INK)

    return Picture(width, height + CAPTION + 4, drawn)


def _lacks(text: str, face) -> bool:
    from ..drawing.fonts import lacks

    return lacks(text, registered(face))


def figure_side_by_side(old: Figure | None, new: Figure | None, largest: float, width: float, height: float,
                        look: Styles) -> Row:  # fmt: skip
    """Two versions of a figure, each as large as half the width (and ``height``) allows, at most ``largest``
    a unit; one alone stands on the left or right as it is old or new."""
    half = (width - 18) / 2
    shown = [f for f in (old, new) if f is not None]
    cell = min(f.cell_to_fit(half, largest) for f in shown)
    cell = min(cell, *(cell * height / max(f.size(cell)[1], 1e-6) for f in shown))
    pictures = []
    for figure, caption in ((old, "old"), (new, "new")):
        if figure is None:
            continue
        w, h = figure.size(cell)
        pictures.append(_captioned(lambda s, x, top, f=figure, c=cell: f.draw(s, x, top, c), max(w, 1), h, caption, look))
    return Row(tuple(pictures), gap=18)


def _diagrams(changes: Changes, look: Styles, width: float, height: float) -> list[Block]:
    if not changes.diagrams:
        return []
    blocks: list[Block] = [_heading("Diagrams", look)]
    for change in changes.diagrams:
        blocks.append(Text(settable(f"{change.title} ({change.key})", look.subheading), look.subheading, TEXT_INK, keep=True))
        blocks += [Text(settable(line, look.item), look.item, TEXT_INK, bullet="\u2022") for line in change.what]
        largest = max(d.largest_mm for d in (change.old, change.new) if d is not None) * MM
        blocks.append(figure_side_by_side(change.old.figure if change.old else None,
                                          change.new.figure if change.new else None, largest, width,
                                          MOST_PICTURE_SHARE * height, look))  # fmt: skip
    return blocks


def face_picture(face: PieceFace, caption: str, look: Styles, most_mm: float = FACE_MOST_MM) -> Picture:
    """A face at its size (or shrunk to ``most_mm``), in points, with a caption."""
    scale = min(1.0, most_mm / max(face.width, face.height))
    w, h = face.width * scale * MM, face.height * scale * MM
    return _captioned(lambda s, x, top: face.draw(s, x, top - h, w, h, FaceStyle()), w, h, caption, look)


def _pieces(changes: Changes, look: Styles, width: float) -> list[Block]:
    if not changes.kinds:
        return []
    blocks: list[Block] = [_heading("Pieces", look)]
    for kind in changes.kinds:
        (a, b), (da, db) = kind.counts, kind.designs
        blocks.append(Text(settable(f"{kind.name.capitalize()}: {a} pieces, now {b}; {da} designs, now {db}", look.subheading),
                           look.subheading, TEXT_INK, keep=True))  # fmt: skip
        blocks += [Text(settable(line, look.item), look.item, TEXT_INK, bullet="\u2022") for line in kind.what]
        for piece in kind.pieces:
            if piece.old is None and piece.new is not None:
                what = f"added ({piece.new.count} in a set)"
            elif piece.new is None and piece.old is not None:
                what = f"removed (there were {piece.old.count})"
            else:
                what = "changed: " + ", ".join(piece.what)
            blocks.append(Text(settable(f"{piece.name}: {what}", look.item), look.item, TEXT_INK, bullet="\u2022", keep=True))
            faces = [face_picture(side.face, label, look) for side, label in ((piece.old, "old"), (piece.new, "new"))
                     if side is not None]  # fmt: skip
            blocks.append(Row(tuple(faces), gap=18))
    return blocks


def _playtest(shown: dict, played: Played, look: Styles, width: float) -> list[Block]:
    blocks: list[Block] = [_heading("Playtest", look)]
    if not shown["played"]:
        return blocks + [Text(settable(f"{shown['why']}.", look.body), look.body, TEXT_INK)]
    players = ", ".join(dict.fromkeys(shown["strategies"]))
    blocks.append(Text(settable(f"{shown['games']:,} games of each version, seed {shown['seed']}, {shown['players']} "
                                f"players, each {players}: the same seeds, the same players. {shown['test']} "
                                "Significant differences are in bold and marked *.", look.small), look.small, TEXT_INK))  # fmt: skip
    found = rows(played)
    cells = [("figure", "old", "new", "difference (new - old), its interval", "p")]
    cells += [(r.label, r.builtin, r.value, f"{r.difference} {r.interval}".strip(), r.p + (" *" if r.significant else ""))
              for r in found]  # fmt: skip
    strong = frozenset(n + 1 for n, r in enumerate(found) if r.significant)
    return [*blocks, Space(2), _table(cells, look, width, strong)]
