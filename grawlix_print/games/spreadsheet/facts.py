"""What the rulebook of a game made of tables may say: counts and lists from its tables, and its pieces.

There is no rules engine to ask, so there are no claims to test
(``{check ...}`` is refused); what the text may name is what the tables
hold, so a rulebook never says "54 cards" of a deck of 56:

* ``{cards.count}``: how many cards a set holds (counts added up);
  ``{cards.rows}``: how many different ones;
* ``{cards where suit = moon}``: the names (first column) of the rows where
  a column holds a value (``and`` joins several; ``!=`` for "not");
  ``{cards.count where suit = moon}``, ``{cards.rows where ...}``: how many;
* ``{cards.suit}``: the different values of a column, in table order;
* ``{cards.size}``: the kind's size, ``{cards.singular}``;
* ``{icon.star}``: an icon in the text (star, moon, sun, and the game's own ``icons/NAME.svg``).

``{if cards.count > 50}`` compares a count (``=``, ``!=``, ``<``, ``>``,
``<=``, ``>=``) or asks whether a list is empty. ``[faces: cards where
suit = moon]`` draws those pieces as printed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...drawing.text import Span
from ...errors import StudioError
from ...facts.wording import capitalised, in_words
from ...rulebook import Diagram, Items, Value
from .faces import Made
from .gallery import FACE_MM, FacesFigure
from .lettering import ICON_CHARACTERS, icon_characters
from .tables import column_key
from .values import Condition, condition

_QUERY = re.compile(r"\s*([\w-]+)(?:\.([\w -]+?))?(?:\s+where\s+(.+?))?\s*$")
_COMPARE = re.compile(r"(.+?)\s*(<=|>=|!=|=|<|>)\s*(\d+)\s*")
ATTRIBUTES = ("count", "rows", "size", "singular")


_COUNTED = re.compile(r"\{\s*(?:if\s+)?([\w-]+)")
_DRAWN = re.compile(r"\[\s*faces:\s*([\w-]+)")


def named_kinds(text: str, kinds: Sequence[str]) -> tuple[set[str], set[str]]:
    """The kinds a rulebook's placeholders name, read from its text without filling them: those it
    counts or lists from their tables (``{cards.count}``, ``{if coins.rows > 2}``), and those whose
    faces it draws (``[faces: cards where suit = moon]``)."""
    return ({found for found in _COUNTED.findall(text) if found in kinds},
            {found for found in _DRAWN.findall(text) if found in kinds})  # fmt: skip


@dataclass(frozen=True)
class Query:
    kind: Made
    attribute: str
    """``count``, ``rows``, ``size``, ``singular``, a column's key, or "" for the rows' names."""
    filters: tuple[Condition, ...]


class TableFacts:
    """The ``TextFacts`` of a game made of tables: its kinds' rows answer the text."""

    figure_unit = "piece"

    def __init__(self, made: Sequence[Made], icons: Sequence[str] = tuple(ICON_CHARACTERS)) -> None:
        self.made = {m.kind.name: m for m in made}
        self.icons = icon_characters(icons)
        """The icons its text may name (the shipped ones and the game's own), and their characters."""

    def references(self, text: str, first_line: int, source: str) -> None:
        return None

    def names(self) -> tuple[str, ...]:
        found = []
        for name, made in self.made.items():
            found += [f"{name}.{a}" for a in ATTRIBUTES] + [f"{name}.{column_key(c)}" for c in made.table.columns]
            found.append(f"{name} where COLUMN = VALUE")
        return (*found, *(f"icon.{icon}" for icon in self.icons))

    def value(self, name: str, where: str) -> Value:
        if name.startswith("icon."):
            icon = name.removeprefix("icon.").strip().lower()
            if icon not in self.icons:
                raise StudioError(f"no icon {icon!r} for the rulebook (icons: {', '.join(self.icons)};"
                                  " add one as icons/NAME.svg)", where)  # fmt: skip
            return (Span(self.icons[icon], bold=True, glyph=True, spoken=icon),)
        return self._answer(self._query(name, where), where)

    def _query(self, text: str, where: str) -> Query:
        found = _QUERY.fullmatch(text)
        kinds = ", ".join(self.made)
        if not found:
            raise StudioError(f"unknown placeholder {{{text}}}: name a kind ({kinds}), e.g. {{cards.count}}", where)
        name, attribute, filters = found.group(1), (found.group(2) or "").strip(), found.group(3)
        made = self.made.get(name)
        if made is None:
            raise StudioError(f"unknown placeholder {{{text}}}: no kind {name!r} (kinds: {kinds})", where)
        if attribute and attribute not in ATTRIBUTES:
            attribute = self._column(made, attribute, where)
        conditions = []
        for part in re.split(r"\s+and\s+", filters or "") if filters else ():
            test = condition(part, where)
            self._column(made, test.column, where)
            conditions.append(test)
        return Query(made, attribute, tuple(conditions))

    def _column(self, made: Made, name: str, where: str) -> str:
        column = made.table.column(name)
        if column is None:
            raise StudioError(f"no column {name!r} in {made.table.source} (its columns: {', '.join(made.table.columns)})", where)
        return column_key(column)

    def _answer(self, query: Query, where: str) -> Value:
        made = query.kind
        rows = [(row, count) for row, count in made.rows
                if all(test.holds({column_key(k): v for k, v in row.cells.items()}) for test in query.filters)]  # fmt: skip
        if query.attribute == "count":
            return sum(count for _, count in rows)
        if query.attribute == "rows":
            return len(rows)
        if query.attribute == "size":
            width, height = made.kind.size
            return f"{width:g}\u00a0×\u00a0{height:g}\u00a0mm" if width != height else f"{width:g}\u00a0mm"
        if query.attribute == "singular":
            return made.kind.singular
        if query.attribute:
            column = next(c for c in made.table.columns if column_key(c) == query.attribute)
            values = list(dict.fromkeys(row.cells[column] for row, _ in rows if row.cells[column]))
            return Items(tuple((Span(value),) for value in values))
        return Items(tuple((Span(row.first),) for row, _ in rows if row.first))

    def condition(self, text: str, where: str) -> tuple[bool, str]:
        compared = _compared(text)
        if compared is not None:
            value = self._answer(self._query(compared.group(1), where), where)
            if not isinstance(value, int):
                raise StudioError(f"{{if {text}}}: only a count (.count, .rows) compares with a number", where)
            holds = _COMPARISONS[compared.group(2)](value, int(compared.group(3)))
            return holds, f"{compared.group(1)} is {in_words(value)}"
        value = self._answer(self._query(text, where), where)
        holds = bool(value.items) if isinstance(value, Items) else bool(value)
        return holds, f"{text} is {'not ' if not holds else ''}empty"

    def check(self, text: str, where: str) -> None:
        raise StudioError(
            f"{{check {text}}}: this game has no rules engine to test a claim; write the sentence with placeholders "
            "from the tables ({cards.count}, {cards where suit = moon}) instead",
            where,
        )  # fmt: skip

    def figure_names(self) -> tuple[str, ...]:
        return ("faces: KIND", "faces: KIND where COLUMN = VALUE")

    def figure(self, name: str, argument: str | None, unit_mm: float | None, line: int, where: str) -> Diagram:
        if name != "faces" or not argument:
            raise LookupError(name)
        query = self._query(argument, where)
        if query.attribute:
            raise StudioError(f"[faces: {argument}] draws pieces: name a kind and, if you like, where its rows are", where)
        made = query.kind
        chosen = [piece.face for (row, _), piece in zip(made.rows, made.kind.pieces)
                  if all(test.holds({column_key(k): v for k, v in row.cells.items()}) for test in query.filters)]  # fmt: skip
        if not chosen:
            raise StudioError(f"[faces: {argument}] finds no {made.kind.singular} to draw", where)
        words = "".join(made.drawings[face.name].characters for face in chosen)
        picture = FacesFigure(tuple(chosen), made.kind.piece_shape, words)
        alt = f"{capitalised(made.kind.noun.count(len(chosen), in_words))}: " + ", ".join(face.description for face in chosen) + "."
        slug = re.sub(r"[^\w-]+", "-", f"faces-{argument}").strip("-").lower()
        return Diagram("faces", slug, line, f"Some {made.kind.plural}", alt, picture, FACE_MM, unit_mm)


def _compared(text: str) -> re.Match[str] | None:
    """``cards.count > 50`` or ``cards.count where suit = moon >= 3``: a count and a number; not
    ``cards where cost = 3``, whose number belongs to its row filter."""
    found = _COMPARE.fullmatch(text)
    if found is None:
        return None
    query, _, filters = found.group(1).partition(" where ")
    if not re.fullmatch(r"\s*[\w-]+\.(count|rows)\s*", query) or (filters and not re.search(r"=", filters)):
        return None
    return found


_COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    ">": lambda a, b: a > b, "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b,
}  # fmt: skip
