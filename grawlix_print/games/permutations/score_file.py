"""Score files: one round's collections, typed at the table, scored and reported.

A score file is TOML with one key per seat, its name, whose value lists the
numbers of the cards that seat collected this round::

    Alice = [1, 8, 11, 14, 19, 22, 27, 30, 35, 38, 41]
    Bob = [2, 7, 10, 15, 18, 23, 26, 31, 34, 39, 42]
    "Dummy 1" = [...]

An optional ``[suns]`` table gives each seat's suns from the earlier rounds;
it makes this the last round, so the end-of-game sun penalty applies::

    [suns]
    Alice = 6
    Bob = 3

Reading checks what a typo could break, and each problem is one
``StudioError`` naming the file and the seat, since the file is typed by
hand mid-game.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import files
from ...errors import StudioError
from ...pieces.schema import printable
from ...facts.wording import join_words
from .deck import Deck, default_deck
from .rules import Rules, default_rules
from .scoring import RoundScore, SeatScore, score_round
from .table import SEATINGS, hand_size

SUNS = "suns"
MAX_SCORE_FILE_BYTES = 1 << 16  # a filled-in file is well under 1 kB
MAX_SEATS = max(seating.seats for seating in SEATINGS.values())


@dataclass(frozen=True)
class ScoreSheet:
    """What a score file says: each seat's collected cards, and the earlier sun totals in the last round."""

    collections: dict[str, tuple[int, ...]]
    earlier_suns: dict[str, int] | None

    @property
    def last_round(self) -> bool:
        return self.earlier_suns is not None


def read_score_file(path: Path, deck: Deck | None = None) -> ScoreSheet:
    """The score file at ``path``, checked against ``deck`` (default: the designer's)."""
    return parse_score_file(files.read_text(path, MAX_SCORE_FILE_BYTES), str(path), deck)


def parse_score_file(text: str, file: str, deck: Deck | None = None) -> ScoreSheet:
    """A score file's text; ``file`` names it in errors."""
    deck = deck if deck is not None else default_deck()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise StudioError(f"not a TOML score file: {error}", file) from None
    seats = {key: value for key, value in data.items() if key != SUNS}
    if not seats:
        raise StudioError(
            "no seats: write one line per seat, its name = [the cards it collected]", file
        )
    if len(seats) > MAX_SEATS:
        raise StudioError(f"{len(seats)} seats: a table has at most {MAX_SEATS}", file)
    for seat in seats:
        if not seat.strip():
            raise StudioError('a seat with no name: write its name before the "="', file)
        if not printable(seat):
            raise StudioError(f"{seat!r}: a seat's name is printed, so it holds no control characters", file)
    owner: dict[int, str] = {}
    collections = {
        seat: _read_cards(seat, value, deck, len(seats), owner, file)
        for seat, value in seats.items()
    }
    suns = _read_suns(data[SUNS], collections, file) if SUNS in data else None
    return ScoreSheet(collections, suns)


def score_sheet(sheet: ScoreSheet, deck: Deck | None = None, rules: Rules | None = None) -> RoundScore:
    """The round's scores for a score file, under ``rules`` (default: the designer's)."""
    return score_round(
        sheet.collections, deck if deck is not None else default_deck(), sheet.earlier_suns, rules
    )


def _table_limits(seats: int, deck: Deck) -> tuple[int, frozenset[int]]:
    """Most cards a seat can collect in a round, and the cards that can be in play, for ``seats`` seats.

    A file with the seat count of a real table gets that table's limits; a
    smaller one (an example in the rulebook) gets the loosest of all tables.
    """
    tables = [s for s in SEATINGS.values() if s.seats == seats] or list(SEATINGS.values())
    hands = []
    cards: set[int] = set()
    for table in tables:
        in_play = deck.in_play(table.special_cards)
        hands.append(hand_size(len(in_play), table.seats))
        cards.update(in_play)
    return max(hands), frozenset(cards)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_cards(
    seat: str,
    value: Any,
    deck: Deck,
    seats: int,
    owner: dict[int, str],
    file: str,
) -> tuple[int, ...]:
    """One seat's cards: a non-empty list of numbers of the deck, in play, held by no other seat, not too many."""
    limit, in_play = _table_limits(seats, deck)
    where = f"{file}: {seat}"
    if not isinstance(value, list):
        raise StudioError(
            "must be a list of the card numbers this seat collected, e.g. [1, 8, 11]", where
        )
    if not value:
        raise StudioError("no cards: every seat collects one card per auction", where)
    for number in value:
        if not _is_int(number):
            raise StudioError(f"{number!r} is not a card number", where)
        if number not in deck:
            low, high = min(deck.numbers), max(deck.numbers)
            raise StudioError(f"there is no card {number} (the cards are {low} to {high})", where)
        if number not in in_play:
            raise StudioError(f"card {number} is not in play at a table of {seats} seats", where)
        if number in owner:
            other = owner[number]
            raise StudioError(
                f"card {number} appears twice"
                if other == seat
                else f"card {number} is also in {other}'s cards",
                where,
            )
        owner[number] = seat
    if len(value) > limit:
        raise StudioError(f"{len(value)} cards: a seat collects at most {limit} in a round", where)
    return tuple(value)


def _read_suns(value: Any, collections: Mapping[str, tuple[int, ...]], file: str) -> dict[str, int]:
    where = f"{file}: [{SUNS}]"
    if not isinstance(value, dict):
        raise StudioError(
            f"{SUNS} is kept for the table of earlier sun totals: [{SUNS}], then seat = number",
            f"{file}: {SUNS}",
        )
    suns: dict[str, int] = {}
    for seat, total in value.items():
        at = f"{where} {seat}"
        if seat not in collections:
            raise StudioError(
                f"not a seat of this file (the seats: {join_words(list(collections))})", at
            )
        if not _is_int(total):
            raise StudioError(f"{total!r} is not a number of suns", at)
        if total < 0:
            raise StudioError(f"{total} suns: a sun total cannot be negative", at)
        suns[seat] = total
    missing = [seat for seat in collections if seat not in suns]
    if missing:
        raise StudioError(
            f"no sun total for {join_words(missing)}: give every seat's, 0 if none", where
        )
    return suns


# ---------------------------------------------------------------- the report


def report(score: RoundScore, deck: Deck | None = None, rules: Rules | None = None) -> str:
    """The round's scores as plain text: each seat's points, then how they add up."""
    deck = deck if deck is not None else default_deck()
    rules = rules if rules is not None else default_rules()
    heading = "Last round: the sun penalty applies" if score.last_round else "Round scores"
    blocks = [heading]
    for seat in score.seats:
        blocks.append(_seat_report(seat, deck, rules))
    best = max(score.points.values())
    leaders = [name for name, points in score.points.items() if points == best]
    blocks.append(f"Most points this round: {join_words(leaders)} ({best})")
    return "\n\n".join(blocks) + "\n"


def _seat_report(seat: SeatScore, deck: Deck, rules: Rules) -> str:
    c = seat.collection
    sets = []
    for colour_set in c.sets:
        if colour_set.face_up:
            sets.append(f"{colour_set.colour} {colour_set.size} = {colour_set.points}")
        else:
            sets.append(f"{colour_set.colour} {colour_set.size} face down")
    colours = f"{c.colour_points}: {', '.join(sets)}" if sets else "0: no coloured card"
    if c.multicoloured_as is not None:
        colours += f" (the {deck.multicoloured} as {c.multicoloured_as})"
    if c.colourless:
        colours += f" (the {deck.colourless} has no colour)"
    moons = f"{c.moons}" + (f": the most, +{rules.moon_bonus}" if seat.moon_bonus else "")
    if seat.sun_total is None:
        suns = f"{c.suns} (they count at the end of the game)"
    else:
        suns = f"{c.suns}, {seat.sun_total} in the game" + (
            f": the most, -{rules.sun_penalty}" if seat.sun_penalty else ""
        )
    lines = [
        f"{seat.seat}: {seat.points} point{'' if seat.points == 1 else 's'}",
        f"  stars    {c.stars} x {rules.star_points} = {c.star_points}",
        f"  colours  {colours}",
        f"  moons    {moons}",
        f"  suns     {suns}",
    ]
    return "\n".join(lines)
