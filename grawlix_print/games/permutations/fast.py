"""Permutations' playtest games at compiled speed: ``fastplay.c``, the same games as the Python paths.

``compiled_games`` plays ``count`` games in C (``grawlix_print.native`` builds
and loads it) and returns each seat's points by source, as the Python paths
give them, or None when it cannot (no compiler, a search player, a table
larger than its arrays). With every player random the games are those of the
numpy play-outs (``playout.RandomPlayout.play``, word for word); otherwise
those of ``PermutationsPlaytester._played``, draw for draw. The generator
ends where the Python games leave it; ``tests/test_fast_engines.py`` checks
both, game by game.
"""

from __future__ import annotations

import ctypes
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .deck import Deck, Icon
from .rules import Rules
from .table import Seating, hand_size

if TYPE_CHECKING:
    import numpy.typing as npt

SOURCE = Path(__file__).with_name("fastplay.c")
PLAYERS = {"random": 0, "greedy": 1}
MAX_CARDS = 64
SOURCES = ("stars", "moons", "suns", "colours")


class _Rules(ctypes.Structure):
    _fields_ = [
        *((name, ctypes.c_int32) for name in ("cards", "seats", "players", "hand", "rounds", "star_points",
                                               "moon_bonus", "sun_penalty", "colours")),
        *((name, ctypes.c_int32 * MAX_CARDS) for name in ("star", "moon", "sun", "colour", "multicoloured")),
    ]  # fmt: skip


@dataclass(frozen=True)
class Scores:
    """Games as columns: ``points`` and each source's points (``sources``, game x seat), the rounds
    with a moon tie and whether the suns tied (per game)."""

    points: npt.NDArray[Any]
    sources: dict[str, npt.NDArray[Any]]
    moon_ties: npt.NDArray[Any]
    sun_tie: npt.NDArray[Any]


def c_rules(deck: Deck, rules: Rules, table: Seating) -> _Rules | None:
    """The table, cards and rules as the C engine takes them (cards by rank), or None if they do not fit."""
    numbers = deck.in_play(table.special_cards)
    if len(numbers) > MAX_CARDS:
        return None
    try:
        hand = hand_size(len(numbers), table.seats)
    except ValueError:
        return None
    made = _Rules(len(numbers), table.seats, table.players, hand, rules.rounds, rules.star_points,
                  rules.moon_bonus, rules.sun_penalty, len(deck.colours))  # fmt: skip
    for rank, number in enumerate(numbers):
        card = deck.card(number)
        made.star[rank] = card.icon is Icon.STAR
        made.moon[rank] = card.icon is Icon.MOON
        made.sun[rank] = card.icon is Icon.SUN
        made.colour[rank] = -1 if card.colour is None else card.colour.index
        made.multicoloured[rank] = card.multicoloured
    return made


def compiled_games(
    deck: Deck, rules: Rules, table: Seating, strategies: Sequence[str], rng: random.Random, count: int
) -> Scores | None:
    """``count`` games of ``strategies`` (by player seat) at ``table``, played in C, or None where C cannot."""
    from ... import native

    if len(strategies) != table.players or not all(s in PLAYERS for s in strategies):
        return None
    library = native.load(SOURCE)
    made = c_rules(deck, rules, table)
    if library is None or made is None:
        return None
    import numpy as np

    columns = {name: np.zeros((count, table.seats), dtype=np.int32) for name in ("points", *SOURCES)}
    moon_ties, sun_tie = np.zeros(count, dtype=np.int32), np.zeros(count, dtype=np.int32)
    outputs = [native.pointer(columns[name]) for name in ("points", *SOURCES)]
    with native.carried(rng) as state:
        if all(s == "random" for s in strategies):
            done = library.perm_abreast(ctypes.byref(made), ctypes.c_int32(count), state, *outputs,
                                        native.pointer(moon_ties), native.pointer(sun_tie))  # fmt: skip
        else:
            players = (ctypes.c_int32 * len(strategies))(*(PLAYERS[s] for s in strategies))
            done = library.perm_played(ctypes.byref(made), players, ctypes.c_int32(count), state, *outputs,
                                       native.pointer(moon_ties), native.pointer(sun_tie))  # fmt: skip
    if done != 0:
        return None
    return Scores(columns["points"], {name: columns[name] for name in SOURCES}, moon_ties, sun_tie)
