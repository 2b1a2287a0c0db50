"""Scoring Permutations: a round's collections, the majorities, the game's totals and winners.

Each round every seat scores the cards it collected:

- ``Rules.star_points`` for each star;
- its colour sets: the largest set is turned face down and scores nothing,
  every other set scores its size squared. The multicoloured card joins
  whichever one colour scores best; the colourless card joins none;
- ``Rules.moon_bonus`` for the seat(s) with the most moons in the round.

After the last round the seat(s) with the most suns over the whole game lose
``Rules.sun_penalty``. The numbers come from the game's ``rules.toml``
(``rules.Rules``; the designer's when none is given). Majorities count every
seat, dummies too, and ties reward (or punish) all the tied seats; a seat
with no moon (no sun) never has the most. The game is won by the seat(s)
with the most points, over all seats: a dummy scores like a player and can
win ("try not to let them win"), so a result says which winners are dummies.

The rules are the small functions on counts (``colour_choice``,
``majority``, ``moon_bonuses``, ``sun_penalties``); everything else, and the
engine's fast play-outs, call them, so each rule is written once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, TypeVar

from .deck import Deck, Icon
from .rules import Rules, default_rules
from .table import SEATINGS, hand_size

Seat = TypeVar("Seat")  # a seat's name, or its number


# ---------------------------------------------------------------- the rules, on counts


@dataclass(frozen=True)
class ColourChoice:
    """How a collection's colour sets score, by colour index.

    ``sizes`` are the sets with the multicoloured card counted in
    ``multicoloured_as`` (None when not held); ``face_down`` is the set turned
    face down (None when there is no set at all); ``set_points`` what each
    set scores.
    """

    sizes: tuple[int, ...]
    face_down: int | None
    multicoloured_as: int | None
    set_points: tuple[int, ...]

    @property
    def points(self) -> int:
        return sum(self.set_points)


def star_points(stars: int, rules: Rules) -> int:
    """Stars score every round, each the same."""
    return rules.star_points * stars


def face_down_set(sizes: Sequence[int]) -> int | None:
    """The set turned face down: a largest one (the first in deck order when tied, as ties score alike)."""
    largest = max(sizes, default=0)
    return sizes.index(largest) if largest else None


def set_points(size: int, face_up: bool) -> int:
    """A face-up set scores its size squared (1, 4, 9, 16, 25...); the face-down set nothing."""
    return size * size if face_up else 0


def colour_choice(counts: Sequence[int], multicoloured: bool) -> ColourChoice:
    """The best scoring of colour sets of ``counts`` cards (one count per deck colour).

    With the multicoloured card every colour is tried, since where it goes
    also decides which set is largest; the first best in deck order is kept.
    """
    options: Sequence[int | None] = range(len(counts)) if multicoloured else (None,)
    best: ColourChoice | None = None
    for colour in options:
        sizes = tuple(n + (1 if index == colour else 0) for index, n in enumerate(counts))
        down = face_down_set(sizes)
        scored = ColourChoice(
            sizes,
            down,
            colour,
            tuple(set_points(n, index != down) for index, n in enumerate(sizes)),
        )
        if best is None or scored.points > best.points:
            best = scored
    assert best is not None
    return best


def majority(counts: Sequence[int]) -> tuple[bool, ...]:
    """Which seats have the most (all of them when tied); nobody has the most of nothing."""
    most = max(counts, default=0)
    return tuple(bool(most) and count == most for count in counts)


def moon_bonuses(moons: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """Each seat's moon bonus for a round, from the moons each collected."""
    return tuple(rules.moon_bonus if top else 0 for top in majority(moons))


def sun_penalties(sun_totals: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """Each seat's end-of-game sun penalty (a positive number to subtract), from its suns over the game."""
    return tuple(rules.sun_penalty if top else 0 for top in majority(sun_totals))


def winners(points: Mapping[Seat, int]) -> tuple[Seat, ...]:
    """The seat(s) with the most points, dummies included; ties share the win."""
    most = max(points.values(), default=0)
    return tuple(seat for seat, total in points.items() if total == most)


# ---------------------------------------------------------------- one collection


@dataclass(frozen=True)
class ColourSet:
    """One colour set of a collection: its size (multicoloured card included) and what it scores."""

    colour: str
    size: int
    face_up: bool
    points: int


@dataclass(frozen=True)
class CollectionScore:
    """One seat's collected cards for a round, scored on their own (before the majorities)."""

    cards: tuple[int, ...]
    stars: int
    star_points: int
    """The stars' points, by the rules the collection was scored under."""
    moons: int
    suns: int
    sets: tuple[ColourSet, ...]
    """One per colour with at least one card, in deck order."""
    face_down: str | None
    multicoloured_as: str | None
    """The colour the multicoloured card counted as; None when not held."""
    colourless: bool
    """Whether the colourless card is among the cards (it scores nothing)."""

    @property
    def colour_points(self) -> int:
        return sum(colour_set.points for colour_set in self.sets)

    @property
    def points(self) -> int:
        return self.star_points + self.colour_points


@dataclass(frozen=True)
class Tally:
    """What a collection holds, as counts: all any rule looks at."""

    stars: int
    moons: int
    suns: int
    colours: tuple[int, ...]
    multicoloured: bool
    colourless: bool


def tally(cards: Iterable[int], deck: Deck) -> Tally:
    """Icons and colours of ``cards`` (numbers of ``deck``; KeyError for a number it lacks)."""
    icons = {icon: 0 for icon in Icon}
    colours = [0] * len(deck.colours)
    multicoloured = colourless = False
    for number in cards:
        card = deck.card(number)
        if card.icon is not None:
            icons[card.icon] += 1
        if card.colour is not None:
            colours[card.colour.index] += 1
        multicoloured |= card.multicoloured
        colourless |= card.colourless
    return Tally(
        icons[Icon.STAR],
        icons[Icon.MOON],
        icons[Icon.SUN],
        tuple(colours),
        multicoloured,
        colourless,
    )


def score_collection(cards: Iterable[int], deck: Deck, rules: Rules | None = None) -> CollectionScore:
    """Score one seat's round collection on its own: stars and colour sets, with moons and suns counted.

    ``rules`` default to the designer's.
    """
    rules = rules if rules is not None else default_rules()
    numbers = tuple(sorted(cards))
    counts = tally(numbers, deck)
    choice = colour_choice(counts.colours, counts.multicoloured)
    names = [colour.name for colour in deck.colours]
    return CollectionScore(
        cards=numbers,
        stars=counts.stars,
        star_points=star_points(counts.stars, rules),
        moons=counts.moons,
        suns=counts.suns,
        sets=tuple(
            ColourSet(names[index], size, index != choice.face_down, choice.set_points[index])
            for index, size in enumerate(choice.sizes)
            if size
        ),
        face_down=None if choice.face_down is None else names[choice.face_down],
        multicoloured_as=None
        if choice.multicoloured_as is None
        else names[choice.multicoloured_as],
        colourless=counts.colourless,
    )


# ---------------------------------------------------------------- a round, a game


@dataclass(frozen=True)
class SeatScore:
    """One seat's score for a round: its collection, its moon bonus and, in the last round, the sun penalty.

    ``sun_total`` is the seat's suns over the game so far, known only when
    the earlier rounds' sun totals were given (the last round).
    """

    seat: str
    collection: CollectionScore
    moon_bonus: int
    sun_total: int | None
    sun_penalty: int

    @property
    def points(self) -> int:
        return self.collection.points + self.moon_bonus - self.sun_penalty


@dataclass(frozen=True)
class RoundScore:
    """Every seat's score for one round, in seat order; ``last_round`` when the sun penalty was applied."""

    seats: tuple[SeatScore, ...]
    last_round: bool

    def seat(self, name: str) -> SeatScore:
        for score in self.seats:
            if score.seat == name:
                return score
        raise KeyError(name)

    @property
    def points(self) -> dict[str, int]:
        return {score.seat: score.points for score in self.seats}

    @property
    def most_moons(self) -> tuple[str, ...]:
        return tuple(score.seat for score in self.seats if score.moon_bonus)


def score_round(
    collections: Mapping[str, Iterable[int]],
    deck: Deck,
    earlier_suns: Mapping[str, int] | None = None,
    rules: Rules | None = None,
) -> RoundScore:
    """Score a round: ``collections`` maps each seat's name to the numbers it collected.

    ``earlier_suns`` (each seat's suns in the earlier rounds) makes this the
    last round: the sun totals are completed and the penalty applied. A seat
    missing from it counts as having had no sun. ``rules`` default to the designer's.
    """
    rules = rules if rules is not None else default_rules()
    seats = list(collections)
    scores = [score_collection(collections[seat], deck, rules) for seat in seats]
    bonuses = moon_bonuses([score.moons for score in scores], rules)
    if earlier_suns is None:
        totals: list[int | None] = [None] * len(seats)
        penalties: Sequence[int] = [0] * len(seats)
    else:
        known = [earlier_suns.get(seat, 0) + score.suns for seat, score in zip(seats, scores)]
        totals, penalties = list(known), sun_penalties(known, rules)
    return RoundScore(
        tuple(SeatScore(*fields) for fields in zip(seats, scores, bonuses, totals, penalties)),
        last_round=earlier_suns is not None,
    )


@dataclass(frozen=True)
class GameScore:
    """A whole game: each round's scores, each seat's total, the winners and which seats are dummies."""

    rounds: tuple[RoundScore, ...]
    totals: dict[str, int]
    winners: tuple[str, ...]
    """The seat(s) with the most points, dummies included."""
    dummies: tuple[str, ...] = ()

    @property
    def dummy_winners(self) -> tuple[str, ...]:
        """The winners that are dummies: when there are any, the players lost to the automaton."""
        return tuple(seat for seat in self.winners if seat in self.dummies)


def score_game(
    rounds: Sequence[Mapping[str, Iterable[int]]],
    deck: Deck,
    dummies: Iterable[str] = (),
    finished: bool = True,
    rules: Rules | None = None,
) -> GameScore:
    """Score every round's collections; the last round brings the sun penalty when the game is ``finished``.

    ``dummies`` names the dummy seats: they score like everyone, count in the
    majorities and can win; the result only says which winners they are.
    """
    rules = rules if rules is not None else default_rules()
    scored: list[RoundScore] = []
    suns: dict[str, int] = {}
    for number, collections in enumerate(rounds, 1):
        last = finished and number == len(rounds)
        score = score_round(collections, deck, suns if last else None, rules)
        for seat_score in score.seats:
            suns[seat_score.seat] = suns.get(seat_score.seat, 0) + seat_score.collection.suns
        scored.append(score)
    totals: dict[str, int] = {}
    for score in scored:
        for seat, points in score.points.items():
            totals[seat] = totals.get(seat, 0) + points
    return GameScore(tuple(scored), totals, winners(totals), tuple(dummies))


def record(score: RoundScore) -> dict[str, dict[str, Any]]:
    """The round's scores as JSON-ready data: seat name -> points and breakdown.

    ``points`` is the seat's total for the round: stars, colours, moon bonus
    and, in the last round, the sun penalty (``suns.penalty``).
    """
    out: dict[str, dict[str, Any]] = {}
    for seat in score.seats:
        collection = seat.collection
        suns: dict[str, Any] = {"cards": collection.suns}
        if seat.sun_total is not None:
            suns.update(total=seat.sun_total, penalty=seat.sun_penalty)
        out[seat.seat] = {
            "points": seat.points,
            "stars": {"cards": collection.stars, "points": collection.star_points},
            "moons": {"cards": collection.moons, "bonus": seat.moon_bonus},
            "colours": {
                "sets": {s.colour: s.size for s in collection.sets},
                "face_down": collection.face_down,
                "multicoloured_as": collection.multicoloured_as,
                "points": collection.colour_points,
            },
            "suns": suns,
        }
    return out


# ---------------------------------------------------------------- a fact for the rulebook


@cache
def largest_face_up_set(cards: int, colours: int, special_cards: bool) -> int:
    """The largest face-up set any collection of ``cards`` cards can score, found by trying them all.

    Every split of the cards among ``colours`` colours (and, with the special
    cards, holding the multicoloured and/or the colourless card or not) is
    scored with ``colour_choice``, so the answer is the scorer's own. (By
    argument: a face-up set is no larger than the face-down one, so two sets
    of that size fit in the collection: at most half of it, rounded down.)
    Kept once found: the search takes tenths of a second, and a rulebook asks often.
    """
    largest = 0
    specials = (
        [(False, False), (True, False), (False, True), (True, True)]
        if special_cards
        else [(False, False)]
    )
    for multicoloured, colourless in specials:
        coloured = cards - multicoloured - colourless
        for counts in _splits(coloured, colours):
            choice = colour_choice(counts, multicoloured)
            face_up = [size for index, size in enumerate(choice.sizes) if index != choice.face_down]
            largest = max(largest, *face_up, 0)
    return largest


def face_up_limit(deck: Deck) -> int:
    """The largest face-up set at any table of ``deck``: what the rulebook can promise never to exceed."""
    coloured = len(deck.in_play(False))
    limits = []
    for seating in SEATINGS.values():
        cards = coloured + (2 if seating.special_cards else 0)
        hand = hand_size(cards, seating.seats)
        limits.append(largest_face_up_set(hand, len(deck.colours), seating.special_cards))
    return max(limits)


def _splits(total: int, parts: int) -> Iterable[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` counts from 0 up (stars and bars)."""
    if total < 0:
        return
    for bars in combinations(range(total + parts - 1), parts - 1):
        edges = (-1, *bars, total + parts - 1)
        yield tuple(b - a - 1 for a, b in zip(edges, edges[1:]))
