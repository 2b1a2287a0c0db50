"""Colour-blind safe by default: the faces carry their colour's letter unless every colour stands apart.

A game names the colours its players must tell apart
(``Game.colours_to_tell_apart``); ``drawing.vision`` finds the pairs that some
colour-blind eye sees less than ``DISTINCT`` apart. Where there is such a
pair, the products that print faces (sheets, images) mark them with each
colour's letter unless told otherwise (``--markings``), as the designer marks
his own stickers; a designer's variant with such a pair hears of it in one
line (``warning``) from ``all`` and ``check``.
"""

from __future__ import annotations

from ..drawing.vision import DISTINCT, Confusion, confusions
from ..games.base import Game
from ..games.templates import COMPONENTS_FILE
from ..pieces.kinds import PieceKind

MARKINGS_SHOWN = "letters where the game's colours look alike to a colour-blind eye, else none"
"""What ``--markings`` is unless given, as ``--help`` says it."""
MARKED = "letters"
"""The marking faces get by default where colours look alike: the colour's letter, which reads in
any colour and on the smallest faces that carry marks."""


def confusions_of(game: Game) -> list[Confusion]:
    """The game's pairs of colours that look alike to some eye, closest first."""
    return confusions(game.colours_to_tell_apart())


def kind_marking(kind: PieceKind) -> str:
    """``letters`` for a kind of piece whose colours include a pair that looks alike to a
    colour-blind eye (and whose faces can print the letters), else ``none``."""
    if "letters" in kind.markings and confusions({colour.name: colour.ink for colour in kind.colours}):
        return MARKED
    return "none"


def default_marking(game: Game) -> str:
    """``letters`` where some kind of the game's pieces would carry letters by default, else ``none``."""
    return MARKED if any(kind_marking(kind) == MARKED for kind in game.piece_kinds()) else "none"


def warning(game: Game) -> str | None:
    """One line about a designer's variant whose colours look alike: the pairs its own colours
    make (None for the built-in games, which the tests check, for a copy that keeps their
    colours, and for colours that stand apart)."""
    if game.is_builtin:
        return None
    builtin = type(game)().colours_to_tell_apart()
    known = {frozenset((builtin[c.first].rgb, builtin[c.second].rgb)) for c in confusions(builtin)}
    colours = game.colours_to_tell_apart()
    found = [c for c in confusions(colours) if frozenset((colours[c.first].rgb, colours[c.second].rgb)) not in known]
    if not found:
        return None
    more = f" (and {len(found) - 1} more {'pair' if len(found) == 2 else 'pairs'})" if len(found) > 1 else ""
    return (f"{game.templates / COMPONENTS_FILE}: colours {found[0]}{more}; a colour-blind player may not tell"
            f" them apart, so the faces carry each colour's letter unless --markings says otherwise"
            f" (ΔE2000 of {DISTINCT:g} or more in every simulated vision needs none)")  # fmt: skip
