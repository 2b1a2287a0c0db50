"""The rulebook's diagrams in two versions: which position or picture changed, old beside new.

A diagram is the game's figure of an engine-checked position (or of its
pieces), with the words a reader who cannot see it gets instead. Two
versions' diagrams are matched by what they show (the figure line's kind
and name: ``example: example-2``) and compared twice: by position, which
for pieces on a grid (``GridPicture``) is every piece by its cell, the dotted
squares and the markers, for any other figure its words; and by picture, the
SVG it draws (``pictures``), which also changes when a piece is drawn anew
in the same place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..pieces.grid_diagram import GridPicture
from ..rulebook import Block, Diagram, RulebookText
from .pictures import figure_svg
from .text import word_changes


@dataclass(frozen=True)
class DiagramChange:
    """A diagram changed (``old`` and ``new``), added or removed; ``what`` in words: its position's
    differences (``[0, 5]: orange percent sign, now empty``), or that its picture alone changed."""

    key: str
    old: Diagram | None
    new: Diagram | None
    what: tuple[str, ...] = ()

    @property
    def printed(self) -> bool:
        """Whether the printed rulebook shows it (not only the web edition's own text)."""
        return not self.key.startswith(WEB)

    @property
    def title(self) -> str:
        return (self.new or self.old).title  # type: ignore[union-attr]

    @property
    def position_changed(self) -> bool:
        return self.old is None or self.new is None or position(self.old) != position(self.new)


WEB = "web edition: "
"""How the key of a diagram only the web edition shows begins."""


def diagrams(rulebook: RulebookText | None, web: Sequence[Block] = ()) -> dict[str, Diagram]:
    """Every diagram of the rulebook, then of the web edition's own text, by what it shows
    (``example: example-2``, ``web edition: gallery: gallery-cards``; a second of the same gets `` (2)``)."""
    printed = [b for section in (rulebook.sections if rulebook else ()) for b in section.blocks]
    found: dict[str, Diagram] = {}
    for block, where in [*((b, "") for b in printed), *((b, WEB) for b in web)]:
        if isinstance(block, Diagram):
            key = f"{where}{block.kind}: {block.name}"
            count = sum(1 for k in found if k == key or k.startswith(f"{key} ("))
            found[key if not count else f"{key} ({count + 1})"] = block
    return found


def diagram_changes(old: dict[str, Diagram], new: dict[str, Diagram]) -> list[DiagramChange]:
    """Each diagram whose position or picture changed, in the new version's order, then those dropped."""
    found = []
    for key, diagram in new.items():
        before = old.get(key)
        if before is None:
            found.append(DiagramChange(key, None, diagram))
            continue
        what = differences(before, diagram)
        if what:
            found.append(DiagramChange(key, before, diagram, what))
    found += [DiagramChange(key, diagram, None) for key, diagram in old.items() if key not in new]
    return found


def position(diagram: Diagram) -> tuple[str, ...]:
    """What a diagram shows, as lines to compare: a grid's pieces cell by cell, its dotted squares,
    markers and loose pieces; any other figure's words."""
    figure = diagram.figure
    if not isinstance(figure, GridPicture):
        return (diagram.alt,)
    return (
        *(f"{_cell(at)}: {face.description}" for at, face in sorted(figure.pieces.items())),
        *(f"{_cell(at)}: dotted" for at in sorted(figure.vacant)),
        *(f"{label} at {_cell(at)}" for label, at in sorted(figure.labels.items())),
        *(f"beneath: {face.description}" for face in figure.loose),
    )


def differences(old: Diagram, new: Diagram) -> tuple[str, ...]:
    """What changed between two versions of a diagram, in words; none if nothing did."""
    before, after = old.figure, new.figure
    grids = isinstance(before, GridPicture) and isinstance(after, GridPicture)
    if isinstance(before, GridPicture) and isinstance(after, GridPicture):
        found = list(_grid_differences(before, after))
    else:
        found = [f"its words: {'; '.join(word_changes(old.alt, new.alt))}"] if old.alt != new.alt else []
    if not found and figure_svg(old.figure, "d") != figure_svg(new.figure, "d"):
        found.append("its picture: the same position, drawn differently" if grids else
                     "its picture (its words for a reader who cannot see it are the same)")  # fmt: skip
    return tuple(found)


def _grid_differences(old: GridPicture, new: GridPicture) -> Iterable[str]:
    for at in sorted({*old.pieces, *new.pieces}):
        was, now = old.pieces.get(at), new.pieces.get(at)
        if was is None and now is not None:
            yield f"{_cell(at)}: {now.description} added"
        elif now is None and was is not None:
            yield f"{_cell(at)}: {was.description} taken away"
        elif was is not None and now is not None and was.description != now.description:
            yield f"{_cell(at)}: {was.description}, now {now.description}"
    gone, came = sorted(set(old.vacant) - set(new.vacant)), sorted(set(new.vacant) - set(old.vacant))
    if gone or came:
        yield (f"dotted squares: {len(old.vacant)} -> {len(new.vacant)}"
               + (f"; no longer at {_cells(gone)}" if gone else "") + (f"; now also at {_cells(came)}" if came else ""))  # fmt: skip
    for label in sorted({*old.labels, *new.labels}):
        before_at, after_at = old.labels.get(label), new.labels.get(label)
        if before_at != after_at:
            yield f"marker {label}: {_cell(before_at) if before_at else 'none'} -> {_cell(after_at) if after_at else 'none'}"
    before, after = [f.description for f in old.loose], [f.description for f in new.loose]
    if before != after:
        yield f"pieces beneath: {', '.join(before) or 'none'} -> {', '.join(after) or 'none'}"


def _cell(at: tuple[int, int]) -> str:
    return f"[{at[0]}, {at[1]}]"


def _cells(cells: Sequence[tuple[int, int]]) -> str:
    return " ".join(_cell(at) for at in cells)
