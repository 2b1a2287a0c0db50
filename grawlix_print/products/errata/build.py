"""The errata sheet: one page for players who hold the previous version's rules, in the game's look.

It lists what changed, in the game's words: each changed sentence as the new
rulebook says it (the words that changed in bold, the old sentence beside it
to find it by), each changed diagram drawn anew from the engine's position,
the pieces added, removed or changed (their new faces), and any rules value
no sentence speaks of. The designer's ``errata.toml`` (``notes``) puts a
sentence of their own in place of the changes it is about. The sheet is set in
the rulebook's typefaces, under a band of the game's colours; type and
pictures shrink, within reason, to keep it to one page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from ...drawing.document import MM, POINT, Document, Metadata
from ...drawing.figure import Figure
from ...drawing.ink import Ink
from ...drawing.pdf.canvas import paper_points
from ...drawing.pdf.flow import Block, Picture, Row, Space, Text, place
from ...drawing.surface import rectangle
from ...drawing.text import Inline, Span
from ...files import Written, write_bytes
from ...games.base import Game
from ...papers import paper_size
from ...rulebook import Diagram
from ...versions import check_version
from ...versions.compare import VERSION_FACT, Changes, compare
from ...versions.diagrams import DiagramChange
from ...versions.pieces import KindChange
from ...versions.text import SentenceChange
from ...versions.values import ValueChange
from ...versions.pdf import face_picture
from ...versions.sheet import QUIET_INK, TEXT_INK, Styles, emphasised, settable, styles
from ...versions.sides import read_side
from .notes import Notes, check_notes, covered, read_notes

MARGIN_MM = 15.0
BAND_MM = 4.0
"""The band of the game's colours across the top of the sheet."""
SCALES = (1.0, 0.9, 0.8, 0.72)
"""How far type and pictures shrink to keep the sheet to one page (10 pt body type down to 7.2)."""
BODY_POINTS = 10.0
FACE_MOST_MM = 24.0
DIAGRAM_SHARE = 0.55
"""The most of the text's width a diagram takes, so its words stand beside the rest."""


def output_name(paper: str) -> str:
    return f"errata-{paper}.pdf"


@lru_cache(maxsize=4)
def changes_between(new: Path, new_key: str, old: Path, old_key: str) -> Changes:
    """The changes from the version in ``old`` to the one in ``new`` (both papers' sheets ask: read
    once per build; the keys are the folders' digests, so an edit between builds reads them anew)."""
    return compare(read_side(old, "old", "the previous version"), read_side(new, "new", "this version"))


@dataclass(frozen=True)
class Item:
    """One entry of the sheet: where in the rules (a heading), what players read, and pictures."""

    heading: str
    words: Inline
    aside: Inline = ()
    figures: tuple[Diagram, ...] = ()
    faces: tuple = ()


def items(changes: Changes, notes: Notes) -> list[Item]:
    """The sheet's entries in reading order: each change as the new rulebook words it, or, where the
    designer's note is about it, the note in its place (a note about no such place leads the sheet)."""
    covering = [(note, {id(c) for c in covered(note, changes)}) for note in notes.notes]
    done: set[int] = set().union(*(ids for _, ids in covering))
    placed: set[int] = set()
    found: list[Item] = []
    for heading, change in _places(changes):
        ids = {id(change), *(id(p) for p in getattr(change, "pieces", ()))}
        for k, (note, covers) in enumerate(covering):
            if k not in placed and covers & ids:
                placed.add(k)
                found.append(_noted(note.text, covers, changes, heading))
        found += _items(change, done)
    first = [_noted(note.text, covers, changes, "") for k, (note, covers) in enumerate(covering) if k not in placed]
    return first + found


def _noted(text: str, covers: set[int], changes: Changes, heading: str) -> Item:
    """A note of the designer's, with the new diagrams and faces of the changes it is about."""
    return Item(heading, (Span(text),), (),
                tuple(d.new for d in changes.diagrams if id(d) in covers and d.new is not None),
                tuple(p.new.face for k in changes.kinds for p in k.pieces if id(p) in covers and p.new is not None))  # fmt: skip


def _places(changes: Changes) -> list[tuple[str, object]]:
    """Every change that takes a place on the sheet, with its heading: the printed rulebook's sentences
    (the new version number's aside) and diagrams, kinds of piece, and rules values no sentence speaks
    of. What only the web edition says is not in the players' rulebook: it has no place here."""
    spoken = {name for s in changes.sentences for name in s.because}
    return [
        *((s.heading, s) for s in changes.sentences if s.because != (VERSION_FACT,) and s.printed),
        *((d.title, d) for d in changes.diagrams if d.printed),
        *((k.name.capitalize(), k) for k in changes.kinds),
        *(("Rules", r) for r in changes.rules if r.name not in spoken),
    ]


def _items(change: object, done: set[int]) -> list[Item]:
    """A change's own entries, without what the designer's notes tell of."""
    if isinstance(change, KindChange):
        return _pieces(change, done)
    if id(change) in done:
        return []
    if isinstance(change, SentenceChange):
        return [_said(change)]
    if isinstance(change, DiagramChange):
        return [_drawn(change)]
    assert isinstance(change, ValueChange)
    return [Item("Rules", (Span(f"{change.name} is now {change.new or 'gone'} (it was {change.old or 'not set'})."),))]


def _said(s: SentenceChange) -> Item:
    if s.old is not None and s.new is not None:
        old, new = emphasised(s.old.runs, s.new.runs)
        return Item(s.heading, _quoted(new), (Span("In place of: "), *_quoted(old)))
    if s.new is not None:
        return Item(s.heading, (Span("New: ", italic=True), *_quoted(emphasised((), s.new.runs)[1])))
    assert s.old is not None
    return Item(s.heading, (Span("No longer: ", italic=True), *_quoted(s.old.runs)))


def _drawn(d: DiagramChange) -> Item:
    if d.new is None:
        return Item(d.title, (Span("This diagram is no longer in the rules."),))
    said = "now looks like this" if d.old is not None else "is new"
    return Item(d.title, (Span(f"The diagram {said}:"),), (), (d.new,))


def _pieces(kind: KindChange, done: set[int]) -> list[Item]:
    """A kind's count and changes of its own, then each piece added, changed or gone (its new face)."""
    if id(kind) in done:
        return []
    heading = kind.name.capitalize()
    a, b = kind.counts
    found = [Item(heading, (Span(f"A set now holds {b} {kind.name}, not {a}."),))] if a != b else []
    found += [Item(heading, (Span(f"{what[:1].upper()}{what[1:]}."),)) for what in kind.what]
    for piece in kind.pieces:
        if id(piece) in done:
            continue
        if piece.new is None:
            found.append(Item(heading, (Span("No longer in the game: ", italic=True), Span(piece.name))))
        else:
            said = "New: " if piece.old is None else "Changed: "
            found.append(Item(heading, (Span(said, italic=True), Span(piece.name)), faces=(piece.new.face,)))
    return found


def _quoted(runs: Inline) -> Inline:
    return (Span("\u201c"), *runs, Span("\u201d"))


def errata_pdf(game: Game, changes: Changes, notes: Notes, paper: str) -> tuple[bytes, int]:
    """The sheet for ``paper`` and how many pages it took (one, unless the changes are many)."""
    width, height = paper_points(paper)
    margin = MARGIN_MM * MM
    frame_w, frame_h = width - 2 * margin, height - 2 * margin - (BAND_MM + 6) * MM
    entries = items(changes, notes)
    for scale in SCALES:
        look = styles(game.presentation(), BODY_POINTS * scale, 26 * scale)
        blocks = _blocks(changes, notes, entries, look, frame_w, scale)
        placed = place(blocks, frame_w, frame_h)
        if len(placed.pages) == 1:
            break
    meta = changes.new.game.front_matter
    document = Document(Metadata(
        title=f"{meta.title}: errata, version {changes.old.version} to {changes.new.version}",
        subject=f"What changed in the rules of {meta.title} in version {changes.new.version}, for players with version {changes.old.version}.",
        keywords=(*meta.keywords, "errata"), authors=meta.authors, licence=meta.licence, licence_url=meta.licence_url,
    ), cmyk=True, unit=POINT, lang="en")  # fmt: skip
    colours = list(game.colours_to_tell_apart().values())
    for n in range(len(placed.pages)):
        surface = document.open_page(width, height, trim=(0, 0, width, height))
        _band(surface, colours, margin, height - margin, frame_w)
        placed.draw_page(n, surface, margin, height - margin - (BAND_MM + 6) * MM, frame_w)
        _footer(surface, changes, look, margin, frame_w, n + 1, len(placed.pages))
        document.close_page()
    return document.data(), len(placed.pages)


def _band(surface, colours: Sequence[Ink], x: float, top: float, width: float) -> None:
    """The game's colours side by side across the top (black for a game of none)."""
    shown = list(colours) or [TEXT_INK]
    step = width / len(shown)
    for k, ink in enumerate(shown):
        surface.shape(rectangle(x + k * step, top - BAND_MM * MM, step, BAND_MM * MM), fill=ink)


def _footer(surface, changes: Changes, look: Styles, margin: float, width: float, page: int, pages: int) -> None:
    from ...drawing.pdf.typeset import draw_line

    meta = changes.new.game.front_matter
    words = f"{meta.title}, version {changes.new.version}. {meta.contact}"
    if pages > 1:
        words += f". Page {page} of {pages}"
    draw_line(surface, margin, margin - 8, "".join(c for c in words if not _lacks(c, look.small.font)), look.small.font, 7, QUIET_INK)


def _lacks(character: str, font: str) -> bool:
    from ...drawing.fonts import lacks

    return lacks(character, font)


def _blocks(changes: Changes, notes: Notes, entries: list[Item], look: Styles, width: float, scale: float) -> list[Block]:
    title = changes.new.game.title
    old, new = changes.old.version, changes.new.version
    blocks: list[Block] = [
        Text(settable(title, look.title), look.title, TEXT_INK),
        Text(settable(f"What changed in version {new}", look.heading), replace(look.heading, space_before=0), TEXT_INK),
        Text(settable(f"For players with the rules of version {old}: these sentences and pictures replace the old "
                      "ones. Everything else stands as printed.", look.small), look.small, QUIET_INK),  # fmt: skip
        Space(4 * scale),
    ]
    if notes.intro:
        blocks.append(Text(settable(notes.intro, look.body), look.body, TEXT_INK))
    if not entries:
        blocks.append(Text(settable(f"Nothing in the rules changed from version {old} to {new}.", look.body), look.body,
                           TEXT_INK))  # fmt: skip
    heading = None
    for entry in entries:
        if entry.heading and entry.heading != heading:  # one heading over the changes it stands over
            blocks.append(Text(settable(entry.heading, look.subheading), look.subheading, TEXT_INK, keep=True))
        heading = entry.heading
        blocks.append(Text(entry.words, look.item, TEXT_INK, bullet="\u2022", keep=bool(entry.figures or entry.faces)))
        if entry.aside:
            blocks.append(Text(entry.aside, replace(look.small, indent=look.item.indent), QUIET_INK))
        for diagram in entry.figures:
            blocks.append(_figure(diagram.figure, diagram.largest_mm * MM * scale, width * DIAGRAM_SHARE))
        if entry.faces:
            blocks.append(Row(tuple(face_picture(face, "", look, FACE_MOST_MM * scale) for face in entry.faces), gap=8))
    return blocks


def _figure(figure: Figure, largest: float, width: float) -> Picture:
    cell = figure.cell_to_fit(width, largest)
    w, h = figure.size(cell)
    return Picture(w, h, lambda surface, x, top: figure.draw(surface, x, top, cell), space=5)


def build_errata(game: Game, folder: Path, paper: str, previous: Path, keys: tuple[str, str]) -> list[Written]:
    """The sheet for ``paper``: from the version in ``previous`` to ``game``'s; refused, in one line,
    when the rules changed and the version number did not."""
    changes = changes_between(game.templates, keys[0], previous, keys[1])
    check_version(changes)
    notes = read_notes(game.templates)
    check_notes(notes, changes, str(game.templates / "errata.toml"))
    data, pages = errata_pdf(game, changes, notes, paper)
    path = write_bytes(folder / output_name(paper), data)
    return [Written(path, "errata", {
        "paper": paper, "version": changes.new.version, "previous_version": changes.old.version,
        "changes": len(items(changes, notes)), "pages": pages, "paper_name": paper_size(paper).name,
    })]  # fmt: skip
