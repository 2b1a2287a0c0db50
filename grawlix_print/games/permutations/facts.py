"""What Permutations' rulebook may say, answered by its deck, rules, table, engine and scorer: its ``TextFacts``.

Placeholders become numbers and words: the deck's counts and icon ranges
(``{star.first}``), the rules parameters (``{moon_bonus}``), the table for
each player count (``{players.4.hand}``), proven facts (``{face_up_limit}``).
Claims (``{check ...}``) are tested: about the table (``players 2 and 3:
same table``), about play, by games the engine plays (``engine: dummies
collect the lowest card``), and about a worked example, by the scorer
(``scoring Ana: 6 star points, green face down, 23 points``). A claim found
false stops the build with one line naming the file and line of the text.
Figure lines draw the title, cards of an example, and the scoring table.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

from ...drawing.text import Span
from ...errors import Consequence, StudioError
from ...files import present
from ...facts.wording import in_words, join_words
from ...playtest.quotable import Quotes
from ...rulebook import Diagram, Items, Value
from ...rulebook.words import META_VALUES
from ..presentation import Typography
from .cards import card_look
from .deck import Card, Colour, Deck, IconRange
from .engine import AuctionRecord, Match, GameRecord, next_round_pool
from .pictures import (
    ICON_CHARACTERS,
    CardsFigure,
    ScoreSheetFigure,
    TableFigure,
    TitleFigure,
    title_inks,
)
from .rules import Rules
from .score_file import read_score_file, score_sheet
from .scoring import RoundScore, SeatScore, face_up_limit, set_points
from .table import PLAYER_COUNTS, SEATINGS, Seating, hand_size, seating

EXAMPLES_DIR = "examples"
"""Worked examples: score files (``examples/NAME.toml``) the text's claims and card pictures name."""

TITLE_LETTER_MM, CARD_MM, TABLE_COLUMN_MM, SHEET_COLUMN_MM = 9.0, 15.0, 7.5, 14.0
"""Figures: as large as the page allows, up to these (a title letter's size, a card's width, a column)."""


def _icon_values(found: IconRange) -> dict[str, Callable[[], Value]]:
    """``{star.first}``, ``{star.last}``, ``{star.count}`` and ``{star.icon}`` (the icon in the text)."""
    name = found.icon.value
    return {
        f"{name}.first": lambda: found.first,
        f"{name}.last": lambda: found.last,
        f"{name}.count": lambda: found.last - found.first + 1,
        f"{name}.icon": lambda: (Span(ICON_CHARACTERS[found.icon], bold=True, glyph=True, spoken=name),),
    }


def _in_play(deck: Deck, table: Seating) -> int:
    return len(deck.in_play(table.special_cards))


TABLE_VALUES: dict[str, Callable[[Deck, Seating], int]] = {
    "seats": lambda d, t: t.seats,
    "hands": lambda d, t: t.seats,
    "dummies": lambda d, t: t.dummies,
    "cards": lambda d, t: _in_play(d, t),
    "hand": lambda d, t: hand_size(_in_play(d, t), t.seats),
    "auctions": lambda d, t: hand_size(_in_play(d, t), t.seats),
    "pool": lambda d, t: t.seats,
}
"""``{players.N.KEY}``: the table for N players (every hand dealt, dummies' too; one pool card per seat)."""


def _counts_words(counts: list[int]) -> str:
    return join_words([in_words(n) for n in counts], "or")


PLAYTEST = "playtest"
"""``{playtest.KEY}`` and ``{playtest.N.KEY}``: figures of games the playtest plays (see ``Quotes``)."""


class PermutationsFacts:
    """Permutations' ``TextFacts``: the deck, the rules, the table, the engine's play and worked
    examples, and the playtest's figures (``quotes``, played only if the text asks)."""

    def __init__(self, deck: Deck, rules: Rules, templates: Path, typography: Typography,
                 quotes: Quotes | None = None) -> None:  # fmt: skip
        self.deck, self.rules, self.templates, self.typography = deck, rules, templates, typography
        self.quotes = quotes
        self.examples: dict[str, tuple[str, RoundScore]] = {}
        self.unreadable: set[str] = set()
        self.values: dict[str, Callable[[], Value]] = self._values()

    # what the text refers to ----------------------------------------------------------

    def references(self, text: str, first_line: int, source: str) -> list[StudioError]:
        """Read and score every worked example the text names, before anything is filled in; returns
        their problems. An example that cannot be read is left out, and what the text says about it
        is a ``Consequence`` (one broken score file is one line, not one per sentence about it)."""
        others = {key.split(".")[0] for key in self.values} | {"players", "set", "engine", PLAYTEST}
        problems: list[StudioError] = []
        for match in _EXAMPLE_REFERENCE.finditer(text):
            name = next(g for g in match.groups() if g)
            if name in others or name in self.examples or name in self.unreadable:
                continue
            line = first_line + text.count("\n", 0, match.start())
            path = self.templates / EXAMPLES_DIR / f"{name}.toml"
            try:
                if not present(path):
                    raise StudioError(f"no worked example {EXAMPLES_DIR}/{name}.toml for {name!r}", f"{source}:{line}")
                sheet = read_score_file(path, self.deck)
                self.examples[name] = (str(path), score_sheet(sheet, self.deck, self.rules))
            except StudioError as error:
                self.unreadable.add(name)
                problems.append(error)
        return problems

    def _unreadable(self, name: str, text: str, where: str) -> None:
        """A ``Consequence`` when ``text`` names a worked example that could not be read."""
        if name in self.unreadable:
            raise Consequence(f"{text} names the worked example {name}, which could not be read", where)

    # placeholders -------------------------------------------------------------------

    def _values(self) -> dict[str, Callable[[], Value]]:
        deck, rules = self.deck, self.rules
        coloured = [card for card in deck.cards if card.colour is not None]
        values: dict[str, Callable[[], Value]] = {
            "cards": lambda: len(deck.cards),
            "coloured_cards": lambda: len(coloured),
            "colours": lambda: len(deck.colours),
            "colour_list": lambda: Items(tuple((Span(c.name),) for c in deck.colours)),
            "per_colour": lambda: len(coloured) // len(deck.colours),
            "first_number": lambda: coloured[0].number,
            "last_number": lambda: coloured[-1].number,
            "multicoloured": lambda: deck.multicoloured,
            "colourless": lambda: deck.colourless,
            "star_points": lambda: rules.star_points,
            "moon_bonus": lambda: rules.moon_bonus,
            "sun_penalty": lambda: rules.sun_penalty,
            "rounds": lambda: rules.rounds,
            "players.fewest": lambda: min(PLAYER_COUNTS),
            "players.most": lambda: max(PLAYER_COUNTS),
            "without_special": lambda: _counts_words([n for n, t in SEATINGS.items() if not t.special_cards]),
            "with_special": lambda: _counts_words([n for n, t in SEATINGS.items() if t.special_cards]),
            "face_up_limit": lambda: face_up_limit(deck),
            "largest_hand": lambda: max(TABLE_VALUES["hand"](deck, t) for t in SEATINGS.values()),
            "smallest_hand": lambda: min(TABLE_VALUES["hand"](deck, t) for t in SEATINGS.values()),
        }
        for found in deck.icons:
            values.update(_icon_values(found))
        return values

    def names(self) -> tuple[str, ...]:
        quoted = self.quotes.names() if self.quotes is not None else ()
        return (*self.values, *META_VALUES, *(f"players.N.{key}" for key in TABLE_VALUES), "set.N",
                *(f"EXAMPLE.SEAT.{key}" for key in SEAT_VALUES), *(f"{PLAYTEST}.{key}" for key in quoted),
                *(f"{PLAYTEST}.N.{key}" for key in quoted))  # fmt: skip

    def value(self, name: str, where: str) -> Value:
        if name in self.values:
            return self.values[name]()
        parts = name.split(".")
        if len(parts) == 3 and parts[0] == "players" and parts[2] in TABLE_VALUES:
            return TABLE_VALUES[parts[2]](self.deck, self._seating(parts[1], where))
        if len(parts) == 2 and parts[0] == "set" and parts[1].isdigit() and int(parts[1]) > 0:
            return set_points(int(parts[1]), face_up=True)
        if len(parts) == 3 and parts[0] in self.examples and parts[2] in SEAT_VALUES:
            return SEAT_VALUES[parts[2]](self._seat(parts[0], parts[1], where))
        if parts[0] == PLAYTEST and len(parts) in (2, 3) and self.quotes is not None:
            players = self._seating(parts[1], where).players if len(parts) == 3 else None
            if parts[-1] in self.quotes.names(players):
                return self.quotes.figure(parts[-1], players)
        self._unreadable(parts[0], f"{{{name}}}", where)
        raise StudioError(f"unknown placeholder {{{name}}} (known: {', '.join(self.names())})", where)

    @staticmethod
    def _seating(count: str, where: str) -> Seating:
        try:
            return seating(int(count))
        except ValueError:
            raise StudioError(f"{count!r} is not a player count", where) from None
        except StudioError as error:
            raise StudioError(error.what, where) from None

    # conditions and claims ------------------------------------------------------------

    def condition(self, text: str, where: str) -> tuple[bool, str]:
        """Whether ``SUBJECT: CLAIM`` holds, and if not, why; SUBJECT is ``players N [and M]``,
        ``engine`` or a worked example and one of its seats (``scoring Ana``)."""
        subject, colon, claim = text.partition(":")
        subject, claim = subject.strip(), claim.strip()
        if not colon or not claim:
            raise StudioError(f"condition {text!r} must read 'SUBJECT: CLAIM'", where)
        words = subject.split()
        if words[0] == "players":
            return self._table_claim(words[1:], claim, where, text)
        if words == ["engine"]:
            return self._engine_claim(claim, where)
        if len(words) >= 2 and words[0] in self.examples:
            return self._example_claim(words[0], " ".join(words[1:]), claim, where)
        self._unreadable(words[0], f"the condition {text!r}", where)
        raise StudioError(
            f"unknown condition {text!r}: write 'players N: ...', 'players N and M: same table', "
            f"'engine: ...' or 'EXAMPLE SEAT: ...' (examples: {', '.join(self.examples) or 'none'})",
            where,
        )

    def check(self, text: str, where: str) -> None:
        holds, reason = self.condition(text, where)
        if not holds:
            raise StudioError(f'the text claims "{text.strip()}", but {reason}', where)

    def _table_claim(self, counts: list[str], claim: str, where: str, text: str) -> tuple[bool, str]:
        if len(counts) == 3 and counts[1] == "and" and claim in ("same table", "same dummies"):
            first, second = self._seating(counts[0], where), self._seating(counts[2], where)
            if claim == "same dummies":
                return first.dummies == second.dummies, (
                    f"{counts[0]} players have {first.dummies} and {counts[2]} players {second.dummies}"
                )
            same = (first.seats, first.special_cards) == (second.seats, second.special_cards)
            return same, f"{counts[0]} players sit {first.seats} seats and {counts[2]} players {second.seats}" + (
                "" if first.special_cards == second.special_cards else ", and only one of them uses the special cards"
            )
        if len(counts) == 1:
            table = self._seating(counts[0], where)
            if claim in ("special cards", "no special cards"):
                holds = table.special_cards == (claim == "special cards")
                return holds, f"{counts[0]} players play {'with' if table.special_cards else 'without'} the special cards"
            if claim in ("dummies", "no dummies"):
                holds = bool(table.dummies) == (claim == "dummies")
                return holds, f"{counts[0]} players have {table.dummies} dumm{'y' if table.dummies == 1 else 'ies'}"
        raise StudioError(
            f"unknown condition {text!r}: write 'players N: [no] special cards | [no] dummies' "
            "or 'players N and M: same table | same dummies'",
            where,
        )

    def _engine_claim(self, claim: str, where: str) -> tuple[bool, str]:
        if claim not in ENGINE_CLAIMS:
            raise StudioError(f"unknown claim 'engine: {claim}' (known: {', '.join(ENGINE_CLAIMS)})", where)
        failure = ENGINE_CLAIMS[claim](_played(self.deck, self.rules))
        return failure is None, f"the engine plays otherwise: {failure}"

    def _seat(self, name: str, seat: str, where: str) -> SeatScore:
        source, score = self.examples[name]
        try:
            return score.seat(seat)
        except KeyError:
            raise StudioError(
                f"{source} has no seat {seat!r} (its seats: {join_words([s.seat for s in score.seats])})", where
            ) from None

    def _example_claim(self, name: str, seat: str, claim: str, where: str) -> tuple[bool, str]:
        source = self.examples[name][0]
        seat_score = self._seat(name, seat, where)
        for fact in (part.strip() for part in claim.split(",")):
            claimed, actual = _example_fact(seat_score, fact, self.deck.colours, where)
            if claimed != actual:
                return False, f"the scorer finds {actual} for {seat} in {source}"
        return True, ""

    # figures ---------------------------------------------------------------------------

    figure_unit = "card"

    def figure_names(self) -> tuple[str, ...]:
        return ("title", "cards: EXAMPLE SEAT", "scoring table: TOP LABEL / BOTTOM LABEL",
                "score sheet: NAME / ROUND # / SUNS / SUN PENALTY / TOTAL")  # fmt: skip

    def figure(self, name: str, argument: str | None, unit_mm: float | None, line: int, where: str) -> Diagram:
        if name == "title" and not argument:
            title = self.deck.title
            picture = TitleFigure(title, title_inks(title, self.deck), self.typography.title)
            alt = (f"{title}, written {in_words(len(self.deck.colours))} times, "
                   f"each letter in a colour of the cards and outlined in black.")  # fmt: skip
            return Diagram("title", "title", line, title, alt, picture, TITLE_LETTER_MM, unit_mm)
        if name == "cards" and argument:
            return self._cards(argument, line, where, unit_mm)
        if name == "scoring table" and argument and "/" in argument:
            top, bottom = (label.strip() for label in argument.split("/", 1))
            sizes = range(1, face_up_limit(self.deck) + 1)
            points = [set_points(size, face_up=True) for size in sizes]
            table = TableFigure((top, bottom), tuple(map(str, sizes)), tuple(map(str, points)),
                                self.typography.body, self.typography.bold)  # fmt: skip
            alt = f"{top} and {bottom}: " + ", ".join(f"{s}: {p}" for s, p in zip(sizes, points)) + "."
            return Diagram("table", "scoring-table", line, "The scoring table", alt, table, TABLE_COLUMN_MM, unit_mm)
        if name == "score sheet" and argument and argument.count("/") == 4:
            labels = tuple(label.strip() for label in argument.split("/"))
            seats = max(table.seats for table in SEATINGS.values())
            sheet = ScoreSheetFigure(labels, self.rules.rounds, seats, self.typography.body, self.typography.bold)  # type: ignore[arg-type]
            alt = (f"A score sheet: a column for each of up to {in_words(seats)} players and dummies, and rows for "
                   + ", ".join(words for words, _ in sheet.row_labels) + ".")  # fmt: skip
            return Diagram("score-sheet", "score-sheet", line, "A score sheet", alt, sheet, SHEET_COLUMN_MM, unit_mm)
        raise LookupError(name)

    def _cards(self, argument: str, line: int, where: str, unit_mm: float | None) -> Diagram:
        words = argument.split()
        if words:
            self._unreadable(words[0], f"[cards: {argument}]", where)
        if len(words) < 2 or words[0] not in self.examples:
            raise StudioError(f"[cards: {argument}] must name a worked example and a seat: [cards: EXAMPLE SEAT]", where)
        seat = " ".join(words[1:])
        numbers = self._seat(words[0], seat, where).collection.cards
        cards = tuple(sorted((self.deck.card(n) for n in numbers), key=_laid_out))
        picture = CardsFigure(tuple(card_look(card, self.deck) for card in cards))
        alt = f"{seat}'s cards: " + ", ".join(map(str, cards)) + "."
        name = re.sub(r"[^\w-]+", "-", f"{words[0]}-{seat}").lower()
        return Diagram("cards", name, line, f"{seat}'s cards", alt, picture, CARD_MM, unit_mm)


def _laid_out(card: Card) -> tuple[int, int]:
    """Cards as a player sorts a collection: by colour, the special cards last, then by number."""
    return (card.colour.index if card.colour is not None else 99 + card.multicoloured, card.number)


_EXAMPLE_REFERENCE = re.compile(
    r"\{(?:if|check)\s+([\w-]+)\s[^:{}]*:|^\[cards:\s*([\w-]+)|\{([\w-]+)\.[^{}.]+\.[^{}]+\}", re.MULTILINE
)

SEAT_VALUES: dict[str, Callable[[SeatScore], int]] = {
    "points": lambda s: s.points,
    "cards": lambda s: len(s.collection.cards),
    "stars": lambda s: s.collection.stars,
    "star_points": lambda s: s.collection.star_points,
    "moons": lambda s: s.collection.moons,
    "moon_bonus": lambda s: s.moon_bonus,
    "suns": lambda s: s.collection.suns,
    "colour_points": lambda s: s.collection.colour_points,
}
"""``{EXAMPLE.SEAT.KEY}``: a worked example's figures, as the scorer counts them (rules.toml included)."""


# --- claims about a worked example -----------------------------------------------------------


def _example_fact(seat: SeatScore, fact: str, colours: Sequence[Colour], where: str) -> tuple[str, str]:
    """What a fact claims and what the scorer says, both worded alike (``"6 star points"``)."""
    c = seat.collection
    names = {colour.name for colour in colours}
    sizes = {s.colour: s for s in c.sets}
    words = fact.split()
    counted = {
        ("points",): seat.points, ("stars",): c.stars, ("moons",): c.moons, ("suns",): c.suns,
        ("star", "points"): c.star_points, ("colour", "points"): c.colour_points,
        ("moon", "bonus"): seat.moon_bonus, ("cards",): len(c.cards),
    }  # fmt: skip
    if words and re.fullmatch(r"-?\d+", words[0]) and tuple(words[1:]) in counted:
        return fact, f"{counted[tuple(words[1:])]} {' '.join(words[1:])}"
    if len(words) == 3 and words[1:] == ["face", "down"] and words[0] in names | {"none"}:
        return fact, f"{c.face_down or 'none'} face down"
    if words in (["the", "most", "moons"], ["not", "the", "most", "moons"]):
        return fact, ("the most moons" if seat.moon_bonus else "not the most moons")
    if len(words) == 3 and words[:2] == ["multicoloured", "as"] and words[2] in names | {"none"}:
        return fact, f"multicoloured as {c.multicoloured_as or 'none'}"
    if len(words) == 2 and words[0].isdigit() and words[1] in names:
        return fact, f"{sizes[words[1]].size if words[1] in sizes else 0} {words[1]}"
    if len(words) == 3 and words[0] in names and words[1] == "scores" and words[2].isdigit():
        return fact, f"{words[0]} scores {sizes[words[0]].points if words[0] in sizes else 0}"
    stranger = _unknown_colour(words)
    if stranger is not None:
        raise StudioError(
            f"the claim {fact!r} names the colour {stranger!r}, but the deck has no colour of that name "
            f"(its colours: {', '.join(colour.name for colour in colours)})",
            where,
        )
    raise StudioError(
        f"unknown fact {fact!r} about a seat: write N points | N stars | N moons | N suns | N cards | "
        "N star points | N colour points | N moon bonus | [not] the most moons | COLOUR face down | "
        "multicoloured as COLOUR | "
        "N COLOUR (a set's size) | COLOUR scores N",
        where,
    )


def _unknown_colour(words: list[str]) -> str | None:
    """The word in a colour's place of a fact (``4 green``, ``green face down``, ``multicoloured as
    green``, ``green scores 9``) when the fact has that shape: a colour the deck lacks, such as
    one renamed in components.toml since the text was written."""
    if len(words) == 2 and words[0].isdigit():
        return words[1]
    if len(words) == 3 and words[1:] == ["face", "down"]:
        return words[0]
    if len(words) == 3 and words[:2] == ["multicoloured", "as"]:
        return words[2]
    if len(words) == 3 and words[1] == "scores" and words[2].isdigit():
        return words[0]
    return None


# --- claims about play, tested on games the engine plays --------------------------------------


@dataclass(frozen=True)
class Played:
    """Games the engine played with random players, at every table, and what was seen while bidding."""

    records: tuple[GameRecord, ...]
    dummy_bids_seen_first: bool
    """Whether every dummy's bid was face up while the players were still choosing theirs."""


GAMES_PER_TABLE = 12


@cache
def _played(deck: Deck, rules: Rules) -> Played:
    """A few seeded games at every player count (the same ones every build), played to the end."""
    games, seen_first = [], True
    for players in PLAYER_COUNTS:
        for seed in range(GAMES_PER_TABLE):
            game = Match(players, random.Random(1000 * players + seed), deck, rules)
            choices = random.Random(seed)
            while not game.is_over:
                seen_first &= all(
                    (bid is not None) == game.is_dummy(seat) for seat, bid in enumerate(game.revealed_bids)
                )
                for seat in game.to_bid:
                    game.bid(seat, choices.choice(game.legal_bids(seat)))
                while game.to_collect is not None:
                    seat = game.to_collect
                    game.collect(seat, choices.choice(game.legal_collections(seat)))
            games.append(game.record())
    return Played(tuple(games), seen_first)


def _auctions(played: Played) -> Iterator[tuple[GameRecord, int, AuctionRecord]]:
    for record in played.records:
        for number, game_round in enumerate(record.rounds):
            for auction in game_round.auctions:
                yield record, number, auction


def _highest_first(played: Played) -> str | None:
    for _, _, auction in _auctions(played):
        order = sorted(range(len(auction.bids)), key=lambda s: -auction.bids[s])
        if list(auction.order) != order:
            return f"seats collected in the order {auction.order} after bids {auction.bids}"
    return None


def _dummies_lowest(played: Played) -> str | None:
    for record, _, auction in _auctions(played):
        left = sorted(auction.pool)
        for seat in auction.order:
            card = auction.collected[seat]
            if seat >= record.table.players and card != left[0]:
                return f"a dummy collected {card} from {left}"
            left.remove(card)
    return None


def _last_bids_next_pool(played: Played) -> str | None:
    for record in played.records:
        rounds = record.rounds
        for before, after in pairwise(rounds):
            pool = tuple(sorted(after.auctions[0].pool))
            if pool != next_round_pool(before.auctions[-1].bids) or pool != tuple(sorted(before.auctions[-1].bids)):
                return f"a round began with the pool {pool} after the last bids {before.auctions[-1].bids}"
    return None


def _bids_next_pool(played: Played) -> str | None:
    for record in played.records:
        for game_round in record.rounds:
            for before, after in pairwise(game_round.auctions):
                if sorted(after.pool) != sorted(before.bids):
                    return f"an auction's pool {after.pool} was not the bids {before.bids} before it"
    return None


def _collections_next_hands(played: Played) -> str | None:
    for record in played.records:
        rounds = record.rounds
        for before, after in pairwise(rounds):
            if [sorted(h) for h in after.hands] != [sorted(c) for c in before.collections]:
                return "a round's hands were not the cards collected in the round before"
    return None


def _dummy_can_win(played: Played) -> str | None:
    won = sum(record.dummy_won for record in played.records)
    return None if won else f"no dummy won any of {len(played.records)} games played at random"


def _dummies_bid_first(played: Played) -> str | None:
    return None if played.dummy_bids_seen_first else "a dummy's bid was hidden while the players chose theirs"


ENGINE_CLAIMS: dict[str, Callable[[Played], str | None]] = {
    "highest bid collects first": _highest_first,
    "dummies collect the lowest card": _dummies_lowest,
    "dummies bid before the players": _dummies_bid_first,
    "bids are the next pool": _bids_next_pool,
    "last bids are the next round's pool": _last_bids_next_pool,
    "collections are the next hands": _collections_next_hands,
    "a dummy can win": _dummy_can_win,
}
"""What the text may claim about play (``{check engine: CLAIM}``): each test says what went otherwise."""

__all__ = ["ENGINE_CLAIMS", "EXAMPLES_DIR", "PermutationsFacts"]
