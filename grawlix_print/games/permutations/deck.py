"""What the cards of Permutations are: numbers, colours, icons and the two special cards.

The deck is data (``templates/components.toml``) so that a designer can
recolour or renumber it without touching Python. Reading it checks
everything the engine and the scorer rely on, and each problem is one
``StudioError`` naming the file and the key, because a designer editing the
file by hand needs to know exactly which line to fix.

A card is named by its number everywhere (engine, scorer, score files):
numbers are unique, and bids are compared by them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from ... import files
from ...pieces.schema import game_title, ink, printable
from ...drawing.ink import Ink
from ...drawing.marks import MARKS
from ...errors import StudioError
from ...facts.wording import join_words
from .table import SEATINGS, hand_size

GAME = "permutations"
COMPONENTS_FILE = "components.toml"
MAX_COMPONENTS_BYTES = 1 << 16  # the default deck is about 3 kB


class Icon(Enum):
    """The icon a coloured card shows; the scorer gives each its own rule."""

    STAR = "star"  # points every round
    MOON = "moon"  # a bonus for the most
    SUN = "sun"  # a penalty for the most, over the whole game


@dataclass(frozen=True)
class IconRange:
    """The coloured cards numbered ``first`` to ``last`` (both included) show ``icon``."""

    icon: Icon
    first: int
    last: int

    def __contains__(self, number: int) -> bool:
        return self.first <= number <= self.last


@dataclass(frozen=True)
class Colour:
    """A card colour: its name, how it is shown and printed (``ink``), and how colour-blind players tell it.

    ``letter`` and ``mark`` (one of ``drawing.marks.MARKS``) are printed on
    the card so that no one needs to see the colour itself.
    """

    index: int
    name: str
    letter: str
    mark: str
    ink: Ink


@dataclass(frozen=True)
class Card:
    """One card. The special cards have no icon and no colour of their own.

    ``multicoloured`` marks the card that counts as any one colour when
    scored; the colourless card has ``colour`` None and ``multicoloured``
    False.
    """

    number: int
    colour: Colour | None
    icon: Icon | None
    multicoloured: bool = False

    @property
    def colourless(self) -> bool:
        return self.colour is None and not self.multicoloured

    def __str__(self) -> str:
        """``"27 red moon"``, ``"0 multicoloured"``, ``"49 colourless"``."""
        if self.multicoloured:
            return f"{self.number} multicoloured"
        if self.colour is None or self.icon is None:
            return f"{self.number} colourless"
        return f"{self.number} {self.colour.name} {self.icon.value}"


@dataclass(frozen=True)
class Deck:
    """Every card of the game, ordered by number, with the tables it was built from.

    ``multicoloured`` and ``colourless`` are the special cards' numbers; they
    are in play only at tables that use them (``table.Seating.special_cards``).
    """

    title: str
    icons: tuple[IconRange, ...]
    colours: tuple[Colour, ...]
    multicoloured: int
    colourless: int
    cards: tuple[Card, ...]
    back: str = "circles"
    """The backs' design (``BACKS``): the designer's interlocking circles, or rings around a band
    with the title."""
    title_colours: tuple[tuple[Colour, ...], ...] = ()
    """The cover's lines of the title, each letter's colour in turn (none given: the cards' colours
    in number order)."""
    _by_number: dict[int, Card] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_number", {card.number: card for card in self.cards})

    def card(self, number: int) -> Card:
        """The card numbered ``number``; KeyError if the deck has none."""
        return self._by_number[number]

    def __contains__(self, number: object) -> bool:
        return number in self._by_number

    def colour(self, name: str) -> Colour:
        """The colour called ``name``; KeyError if the deck has none."""
        for colour in self.colours:
            if colour.name == name:
                return colour
        raise KeyError(name)

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(card.number for card in self.cards)

    @property
    def special_numbers(self) -> tuple[int, int]:
        return (self.multicoloured, self.colourless)

    def in_play(self, special_cards: bool) -> tuple[int, ...]:
        """The numbers dealt at a table with or without the two special cards, lowest first."""
        return tuple(n for n in self.numbers if special_cards or n not in self.special_numbers)


# ---------------------------------------------------------------- reading


def default_deck() -> Deck:
    """The designer's deck, shipped as ``templates/permutations/components.toml``."""
    return _default_deck()


@cache
def _default_deck() -> Deck:
    from ..templates import shipped_templates

    return read_deck(shipped_templates("permutations") / COMPONENTS_FILE)


def read_deck(path: Path) -> Deck:
    """The deck in the TOML file ``path``; any problem is one StudioError naming the file and key."""
    text = files.read_text(path, MAX_COMPONENTS_BYTES)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise StudioError(f"not valid TOML: {error}", str(path)) from None
    return deck_from_toml(data, str(path))


TOP_KEYS = ("game", "title", "icons", "special", "colours")
OPTIONAL_TOP_KEYS = ("back", "title_colours")
BACKS = {
    "circles": "interlocking black circles on white, the designer's own",
    "rings": "a lattice of rings around a band with the title",
}
"""The card backs a deck may choose (``back`` in ``components.toml``), each in a few words."""
SPECIAL_KEYS = ("multicoloured", "colourless")
COLOUR_KEYS = ("letter", "mark", "rgb", "cmyk", "numbers")
ICON_NAMES = tuple(icon.value for icon in Icon)
COLOUR_MARKS: tuple[str, ...] = tuple(m for m in MARKS if m not in ICON_NAMES)
"""The marks a colour may use: every shape but one named like an icon, which a player would misread."""
MAX_COLOURS = len(COLOUR_MARKS)  # one mark each


def deck_from_toml(data: Mapping[str, Any], file: str) -> Deck:
    """The deck described by a parsed ``components.toml``; ``file`` names it in errors.

    Checks, in this order: the keys at each level, the icon ranges (no
    overlap, no gap), the special cards, each colour (letter, mark, rgb,
    cmyk, numbers: each number once and inside the icons' range),
    then the counts (every number coloured, every colour as large as the
    others, the cards dealing evenly at every table).
    """
    at = _Where(file)
    _check_keys(data, TOP_KEYS, None, at, optional=OPTIONAL_TOP_KEYS)
    if data["game"] != GAME:
        raise StudioError(f"game must be {GAME!r}, not {data['game']!r}", at.key("game"))
    title = game_title(data, file)
    icons = _read_icons(_table(data, "icons", at), at)
    first, last = icons[0].first, icons[-1].last
    multicoloured, colourless = _read_special(_table(data, "special", at), first, last, at)
    colours_data = _table(data, "colours", at)
    if not 2 <= len(colours_data) <= MAX_COLOURS:
        raise StudioError(
            f"{len(colours_data)} colour{'' if len(colours_data) == 1 else 's'}: the game needs 2 to {MAX_COLOURS}"
            " (one mark each)",
            at.table("colours"),
        )
    colours: list[Colour] = []
    numbers_of: dict[str, list[int]] = {}
    owner: dict[int, str] = {}
    for index, (name, entry) in enumerate(colours_data.items()):
        colour, numbers = _read_colour(
            index, name, entry, colours, (first, last), (multicoloured, colourless), owner, at
        )
        colours.append(colour)
        numbers_of[name] = numbers
    _check_counts(numbers_of, first, last, owner, at)
    by_colour = {
        number: colours[i] for i, name in enumerate(numbers_of) for number in numbers_of[name]
    }
    cards = [
        Card(number, by_colour[number], next(r.icon for r in icons if number in r))
        for number in range(first, last + 1)
    ]
    cards.append(Card(multicoloured, None, None, multicoloured=True))
    cards.append(Card(colourless, None, None))
    return Deck(
        title=title.strip(),
        icons=icons,
        colours=tuple(colours),
        multicoloured=multicoloured,
        colourless=colourless,
        cards=tuple(sorted(cards, key=lambda card: card.number)),
        back=_read_back(data.get("back", "circles"), at),
        title_colours=_read_title_colours(data.get("title_colours", []), colours, at),
    )


def _read_back(value: Any, at: _Where) -> str:
    if value not in BACKS:
        raise StudioError(f"must be one of {', '.join(map(repr, BACKS))}, not {value!r}", at.key("back"))
    return str(value)


def _read_title_colours(value: Any, colours: list[Colour], at: _Where) -> tuple[tuple[Colour, ...], ...]:
    """Lines of colour letters, one letter per letter of the title (``"RBBG..."``)."""
    by_letter = {colour.letter: colour for colour in colours}
    if not isinstance(value, list) or not all(isinstance(line, str) and line for line in value):
        raise StudioError("must be a list of strings of colour letters, one string a line", at.key("title_colours"))
    lines = []
    for k, line in enumerate(value):
        unknown = sorted(set(line) - set(by_letter))
        if unknown:
            raise StudioError(
                f"{unknown[0]!r} is no colour's letter (the letters: {join_words(list(by_letter))})",
                at.key(f"title_colours[{k + 1}]"),
            )
        lines.append(tuple(by_letter[letter] for letter in line))
    return tuple(lines)


@dataclass(frozen=True)
class _Where:
    """Names a place in the file for error messages: ``file: [table] key``."""

    file: str

    def key(self, key: str) -> str:
        return f"{self.file}: {key}"

    def table(self, table: str, key: str | None = None) -> str:
        return f"{self.file}: [{table}]" + (f" {key}" if key else "")


def _check_keys(
    data: Mapping[str, Any], known: Sequence[str], table: str | None, at: _Where, optional: Sequence[str] = ()
) -> None:
    """No key but ``known`` and ``optional`` ones in ``table`` (None: the top level), and all the known ones."""
    for key in data:
        if key not in known and key not in optional:
            where = at.key(key) if table is None else at.table(table, key)
            raise StudioError(f"unknown key (known: {', '.join((*known, *optional))})", where)
    for key in known:
        if key not in data:
            raise StudioError(
                f"missing key {key!r}", at.file if table is None else at.table(table)
            )


def _table(data: Mapping[str, Any], key: str, at: _Where) -> Mapping[str, Any]:
    value = data[key]
    if not isinstance(value, dict):
        raise StudioError(f"{key} must be a table ([{key}])", at.key(key))
    return value


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_icons(data: Mapping[str, Any], at: _Where) -> tuple[IconRange, ...]:
    """The icon ranges, lowest first; they must cover one run of numbers with no gap or overlap."""
    _check_keys(data, ICON_NAMES, "icons", at)
    ranges = []
    for icon in Icon:
        value = data[icon.value]
        where = at.table("icons", icon.value)
        if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
            raise StudioError(
                "must be [first, last]: the lowest and highest number showing it", where
            )
        first, last = value
        if first < 0 or last < first:
            raise StudioError(
                f"[{first}, {last}] is not a range of numbers from 0 up: first must not exceed last",
                where,
            )
        ranges.append(IconRange(icon, first, last))
    ranges.sort(key=lambda r: r.first)
    for before, after in zip(ranges, ranges[1:]):
        where = at.table("icons", after.icon.value)
        if after.first <= before.last:
            raise StudioError(
                f"[{after.first}, {after.last}] overlaps {before.icon.value} [{before.first}, {before.last}]",
                where,
            )
        if after.first > before.last + 1:
            gap = (
                f"{before.last + 1}"
                if after.first == before.last + 2
                else f"{before.last + 1}-{after.first - 1}"
            )
            raise StudioError(f"leaves a gap after {before.icon.value}: no icon for {gap}", where)
    return tuple(ranges)


def _read_special(data: Mapping[str, Any], first: int, last: int, at: _Where) -> tuple[int, int]:
    """The multicoloured and the colourless card's numbers: outside the coloured run, and different."""
    _check_keys(data, SPECIAL_KEYS, "special", at)
    numbers = []
    for key in SPECIAL_KEYS:
        value = data[key]
        where = at.table("special", key)
        if not _is_int(value) or value < 0:
            raise StudioError("must be a card number (a whole number from 0 up)", where)
        if first <= value <= last:
            raise StudioError(
                f"number {value} is a coloured card (the icons cover {first}-{last})", where
            )
        numbers.append(value)
    if numbers[0] == numbers[1]:
        raise StudioError(
            f"number {numbers[1]} is also the multicoloured card", at.table("special", "colourless")
        )
    return numbers[0], numbers[1]


def _read_colour(
    index: int,
    name: str,
    data: object,
    earlier: Sequence[Colour],
    run: tuple[int, int],
    special: tuple[int, int],
    owner: dict[int, str],
    at: _Where,
) -> tuple[Colour, list[int]]:
    """One ``[colours.NAME]`` table; records its numbers in ``owner`` to catch a number used twice."""
    table = f"colours.{name}"
    if not name.strip() or not printable(name):
        raise StudioError(f"{name!r} is printed as a colour's name: it must be a word", at.table("colours"))
    if not isinstance(data, dict):
        raise StudioError(f"{name} must be a table ([{table}])", at.table("colours", name))
    _check_keys(data, COLOUR_KEYS, table, at)
    letter = data["letter"]
    if not (isinstance(letter, str) and len(letter) == 1 and letter.isalpha()):
        raise StudioError("must be one letter", at.table(table, "letter"))
    for other in earlier:
        if other.letter.upper() == letter.upper():
            raise StudioError(
                f"letter {letter!r} is also {other.name}'s", at.table(table, "letter")
            )
    mark = data["mark"]
    if mark not in COLOUR_MARKS:
        raise StudioError(
            f"{mark!r} is not a colour mark (choose from {join_words(COLOUR_MARKS, 'or')})",
            at.table(table, "mark"),
        )
    for other in earlier:
        if other.mark == mark:
            raise StudioError(f"mark {mark!r} is also {other.name}'s", at.table(table, "mark"))
    # The same keys and reader as every game's colours (rgb for screens, cmyk for print).
    shown_and_printed = ink(data, at.file, table)
    numbers = _read_numbers(name, data["numbers"], run, special, owner, at.table(table, "numbers"))
    colour = Colour(index, name, letter.upper(), mark, shown_and_printed)
    return colour, numbers


def _read_numbers(
    name: str,
    value: object,
    run: tuple[int, int],
    special: tuple[int, int],
    owner: dict[int, str],
    where: str,
) -> list[int]:
    first, last = run
    if not (isinstance(value, list) and value):
        raise StudioError("must be a list of card numbers", where)
    for number in value:
        if not _is_int(number):
            raise StudioError(f"{number!r} is not a card number", where)
        if number in special:
            kind = "multicoloured" if number == special[0] else "colourless"
            raise StudioError(f"number {number} is the {kind} card, which has no colour", where)
        if not first <= number <= last:
            raise StudioError(
                f"number {number} is outside the coloured cards' numbers {first}-{last}", where
            )
        if number in owner:
            also = "" if owner[number] == name else f" (also in {owner[number]})"
            raise StudioError(f"number {number} appears twice{also}", where)
        owner[number] = name
    return list(value)


def _check_counts(
    numbers_of: Mapping[str, list[int]], first: int, last: int, owner: Mapping[int, str], at: _Where
) -> None:
    """Every coloured number has a colour, every colour as many cards, and every table deals evenly."""
    uncoloured = [n for n in range(first, last + 1) if n not in owner]
    if uncoloured:
        listed = join_words([str(n) for n in uncoloured[:5]]) + (
            " ..." if len(uncoloured) > 5 else ""
        )
        raise StudioError(
            f"no colour for number{'s' if len(uncoloured) > 1 else ''} {listed}",
            at.table("colours"),
        )
    sizes = {name: len(numbers) for name, numbers in numbers_of.items()}
    usual = max(set(sizes.values()), key=list(sizes.values()).count)
    for name, size in sizes.items():
        if size != usual:
            raise StudioError(
                f"{size} cards, but the other colours have {usual}: every colour needs as many",
                at.table(f"colours.{name}", "numbers"),
            )
    coloured = last - first + 1
    for seating in SEATINGS.values():
        cards = coloured + (2 if seating.special_cards else 0)
        try:
            hand_size(cards, seating.seats)
        except ValueError as error:
            raise StudioError(
                f"{error} ({seating.players} players)", at.table("colours")
            ) from None
