"""The pieces two versions print: which were added, removed or changed, kind by kind, and the counts.

Any game's pieces are its kinds (``Game.piece_kinds``): tiles, cards, tokens.
Two versions' pieces of one kind are lined up (``align``) by what a screen
reader says of each (its description: ``Moon Cakes (moon, 3 coins): ...``),
so a card whose cost changed is that card changed, not one removed and one
added. A piece changed when
its face (drawn as SVG: ``pictures``), its back, its description or its
count did.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..pieces.kinds import Piece, PieceKind
from .align import aligned
from .pictures import face_svg

ALIKE = 0.6
"""How alike two descriptions must be (``SequenceMatcher.ratio``) for two pieces to be one piece changed."""


@dataclass(frozen=True)
class PieceChange:
    """A piece of a kind: changed (``old`` and ``new``), added (``old`` None) or removed (``new`` None).
    ``what`` says what changed, in words (``its face``, ``its count, 3 -> 2``)."""

    old: Piece | None
    new: Piece | None
    what: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return (self.new or self.old).face.description  # type: ignore[union-attr]


@dataclass(frozen=True)
class KindChange:
    """One kind of piece in two versions (either may lack it): its counts and its changed pieces."""

    name: str
    old: PieceKind | None
    new: PieceKind | None
    pieces: tuple[PieceChange, ...]
    what: tuple[str, ...] = ()
    """What changed of the kind itself (its size, shape, form, back)."""

    @property
    def counts(self) -> tuple[int, int]:
        """Pieces in a whole set, old and new."""
        return (self.old.count if self.old else 0, self.new.count if self.new else 0)

    @property
    def designs(self) -> tuple[int, int]:
        """Different pieces, old and new."""
        return (len(self.old.pieces) if self.old else 0, len(self.new.pieces) if self.new else 0)


def kind_changes(old: Sequence[PieceKind], new: Sequence[PieceKind]) -> list[KindChange]:
    """Every kind that is not the same in the two versions, in the new version's order, then any dropped."""
    olds = {kind.name: kind for kind in old}
    found = []
    for kind in new:
        change = _kind_change(olds.get(kind.name), kind)
        if change.pieces or change.what or change.old is None:
            found.append(change)
    news = {kind.name for kind in new}
    found += [KindChange(kind.name, kind, None, tuple(PieceChange(p, None) for p in kind.pieces))
              for kind in old if kind.name not in news]  # fmt: skip
    return found


def _kind_change(old: PieceKind | None, new: PieceKind) -> KindChange:
    if old is None:
        return KindChange(new.name, None, new, tuple(PieceChange(None, p) for p in new.pieces))
    what = []
    for label, a, b in (("form", old.form.value, new.form.value), ("shape", old.piece_shape.name, new.piece_shape.name),
                        ("size", _size(old.size), _size(new.size))):  # fmt: skip
        if a != b:
            what.append(f"its {label}, {a} -> {b}")
    if _backs(old) != _backs(new):
        what.append("its back")
    return KindChange(new.name, old, new, tuple(piece_changes(old.pieces, new.pieces)), tuple(what))


def _size(size: tuple[float, float]) -> str:
    return f"{size[0]:g} x {size[1]:g} mm"


def _backs(kind: PieceKind) -> dict[str, str]:
    return {name: face_svg(face) for name, face in kind.backs.items()}


def piece_changes(old: Sequence[Piece], new: Sequence[Piece]) -> list[PieceChange]:
    """The pieces added, removed and changed, in order."""
    found: list[PieceChange] = []
    for a, b in aligned(old, new, lambda piece: piece.face.description, ALIKE):
        what = _differences(a, b) if a is not None and b is not None else ()
        if a is None or b is None or what:
            found.append(PieceChange(a, b, what))
    return found


def _differences(old: Piece, new: Piece) -> tuple[str, ...]:
    """What differs between two versions of a piece, in words."""
    what = []
    if old.face.description != new.face.description:
        what.append("its description")
    if face_svg(old.face) != face_svg(new.face):
        what.append("its face")
    if (old.back is None) != (new.back is None) or (
        old.back is not None and new.back is not None and face_svg(old.back) != face_svg(new.back)
    ):
        what.append("its back")
    if old.count != new.count:
        what.append(f"its count, {old.count} -> {new.count}")
    return tuple(what)
