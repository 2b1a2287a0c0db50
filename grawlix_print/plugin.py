"""Everything a game's plug-in needs, in one module: ``from grawlix_print.plugin import ...``.

A designer writing a game reads ``docs/writing-a-game.md`` and this module, and
opens no other: the base class (``Game``), the pieces (``PieceKind``, ``Piece``,
``PieceFace`` and ready-made faces: ``disc_face``, ``Board``; the shapes they are cut to:
``Shape``, or one of the game's own, ``polygon_shape``, ``path_shape``, ``register_shape``; any grid's board and
figures: ``GridBoard`` of a ``SquareGrid``, ``HexGrid`` or ``Network``), the drawing
calls (``Surface``, ``Path``, ``Pen``, ``Ink``), a piece's relief for a 3D
print (``Relief``, ``Accent``: its filament, ``filled_outline``: the face's filled
shapes as its outline), the rulebook's answers
(``Facts``: placeholders, conditions, engine-checked claims and figures) and
the playtest (``EnginePlaytester``: a ``Playtester`` made from a plain rules
object and its strategies). ``grawlix-print new NAME`` writes a game made of
these.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any, Protocol

from .drawing.figure import Figure
from .drawing.fonts import CAPRASIMO, QUICKSAND, QUICKSAND_BOLD, SCHOLA, SCHOLA_BOLD
from .drawing.icons import circle
from .drawing.ink import BLACK, Ink, hex_ink
from .drawing.surface import Path, Pen, Surface, polygon, rectangle
from .drawing.text import Break, Inline, Span
from .errors import StudioError
from .files import read_toml
from .games.base import Game
from .plugin_faults import debugging, defined_at, plugin_fault, shown
from .games.presentation import Presentation, Typography
from .games.rules_file import RulesFile
from .pieces.faces import FaceStyle, PieceFace
from .pieces.grids import Cell, GridBoard, HexGrid, Network, SquareGrid
from .pieces.kinds import Accent, Form, Piece, PieceColour, PieceKind, Relief, Shape
from .pieces.shapes import PieceShape, path_shape, polygon_shape
from .pieces.shapes import register as register_shape
from .playtest.protocol import Credits, GameResult, Games, Measure, Playtester, RefusedVariant, play_each
from .playtest.quotable import Quotes
from .rulebook import (
    Block, Diagram, Fill, Heading, Items, Link, ListItem, Paragraph, RulebookText, Value, read_rulebook,
)  # fmt: skip

if TYPE_CHECKING:
    from .drawing.outline import Outline

RULEBOOK_FILE = "leaflet.md"


def rulebook(game: Game, facts: Facts) -> RulebookText:
    """The game's ``leaflet.md`` read and checked with ``facts``: what ``Game.rulebook`` returns."""
    return read_rulebook(game.templates / RULEBOOK_FILE, facts, game.title)


def plain_presentation(imposition: str = "booklet") -> Presentation:
    """Quicksand for the text, Caprasimo for the title; an A6 ``booklet`` (or a ``tri-fold``)."""
    return Presentation(Typography(QUICKSAND, QUICKSAND_BOLD, CAPRASIMO), imposition)


# --- faces ---------------------------------------------------------------------------------


def ground(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle, ink: Ink) -> None:
    """A face's ground out to the bleed, unless the sheet has laid it already (``style.ground``)."""
    if style.ground:
        b = style.bleed
        surface.shape(rectangle(x - b, y - b, w + 2 * b, h + 2 * b), fill=ink)


def disc_face(name: str, description: str, size_mm: float, paper: Ink, ink: Ink, label: str = "") -> PieceFace:
    """A round token: ``paper`` to the bleed, a disc of ``ink`` ringed in black, and ``label`` (its
    colour's letter) on it when the sheet asks for colour-blind markings."""

    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        ground(surface, x, y, w, h, style, paper)
        side = min(w, h)
        line = max(side * 0.03, 0.75 / surface.unit_pt)
        surface.shape(circle(x + w / 2, y + h / 2, side * 0.36), fill=ink, pen=Pen(BLACK, line))
        if label and style.marking != "none":
            surface.text(x + w / 2, y + h / 2 - side * 0.12, label, QUICKSAND_BOLD, side * 0.34, paper)

    return PieceFace(name, description, size_mm, size_mm, draw, paper)


def plain_back(name: str, description: str, size_mm: tuple[float, float], paper: Ink, ink: Ink) -> PieceFace:
    """A back: ``paper`` to the bleed and a ring of ``ink``, alike for every piece of a kind."""

    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        ground(surface, x, y, w, h, style, paper)
        side = min(w, h)
        surface.shape(circle(x + w / 2, y + h / 2, side * 0.3), pen=Pen(ink, max(side * 0.05, 0.75 / surface.unit_pt)))

    return PieceFace(name, description, *size_mm, draw, paper)


@dataclass(frozen=True)
class Board:
    """A board of ``columns`` x ``rows`` square cells, ``cell_mm`` each: its printed face, and
    figures of positions on it for the rulebook (``figure``), drawn the same way: a ``GridBoard`` of a
    ``SquareGrid`` without labels or margin, whose figures take a position as rows of characters."""

    columns: int
    rows: int
    cell_mm: float
    paper: Ink
    line: Ink = BLACK
    name: str = "board"

    @property
    def grid(self) -> GridBoard:
        return GridBoard(SquareGrid(self.columns, self.rows), self.cell_mm, self.paper, self.line, margin=0.0,
                         labels=False, name=self.name)  # fmt: skip

    @property
    def size(self) -> tuple[float, float]:
        return self.grid.size

    def draw(self, surface: Surface, x: float, y: float, cell: float) -> None:
        """The grid's lines, its lower-left corner at (x, y), ``cell`` per cell."""
        self.grid.draw(surface, x, y, cell)

    def face(self, description: str = "the board") -> PieceFace:
        return self.grid.face(description)

    def figure(self, cells: Sequence[str], pieces: Mapping[str, Ink]) -> Figure:
        """A position: ``cells`` one string per row, top row first, a character per cell
        (``.`` empty, else a key of ``pieces``, the colour of the piece standing there)."""
        placed: dict[Cell, Ink | PieceFace] = {
            (row, column): pieces[character]
            for row, text in enumerate(cells) for column, character in enumerate(text) if character in pieces
        }  # fmt: skip
        return self.grid.figure(placed)


# --- 3D: a relief ----------------------------------------------------------------------------


def filled_outline(paths: Sequence[Path], where: str | None = None) -> Outline:
    """The filled ``paths`` (drawn in a face's unit square, y up: the shapes the face fills) as a
    ``Relief``'s outline: what a 3D print raises in the relief's ``Accent``. Loops inside a loop of
    the same path are its holes (a ring drawn ``even_odd``); shapes that cross or lie on one
    another are refused in one line naming ``where`` (draw their union as one shape). Read only
    when the 3D pieces are built: ``Relief(name, accent, lambda: filled_outline([...], "where"))``."""
    from .drawing.filled import filled_outline as outline  # numpy: only when a solid is built

    return outline(paths, where)


# --- the rulebook's answers ----------------------------------------------------------------

Answer = Callable[[], Any]


@dataclass(frozen=True)
class Picture:
    """What a figure line stands for: a short title, the words for a reader who cannot see it,
    the figure, and how large one unit (a cell) may be drawn."""

    title: str
    alt: str
    figure: Figure
    largest_mm: float = 12.0


@dataclass
class Facts:
    """A game's answers to its rulebook, as plain tables of functions.

    ``values``: ``{name}`` placeholders (a number, words, an ``Items`` list, a ``Link``);
    ``conditions``: ``{if name}`` (a function giving True or False); ``claims``: ``{check name}``
    sentences the engine must confirm (a function giving True, or False to stop the build);
    ``figures``: ``[name]`` or ``[name: argument]`` lines (a function of the argument giving
    a ``Picture``). A value may be a function too, called when the text asks for it.
    """

    game: str
    values: Mapping[str, Value | Answer] = field(default_factory=dict)
    conditions: Mapping[str, Answer] = field(default_factory=dict)
    claims: Mapping[str, Answer] = field(default_factory=dict)
    figures: Mapping[str, Callable[[str | None], Picture]] = field(default_factory=dict)
    figure_unit: str = "cell"
    quotes: Quotes | None = None
    """The playtest's figures the text may quote as ``{playtest.NAME}`` (``draw_percent``,
    ``median_turns``, ``first_player_wins_percent``...): ``Quotes(game.playtester, strategy="random")``."""
    home: FilePath | None = None
    """The plug-in's folder, to name its file and line when one of its functions fails."""
    made_at: str | None = field(default=None, init=False, repr=False, compare=False)
    """The plug-in's line that made these facts: what a plain value of the wrong type names."""

    def __post_init__(self) -> None:
        import sys

        caller = sys._getframe(2)  # this method, the dataclass's __init__, the plug-in's call
        self.made_at = f"{FilePath(caller.f_code.co_filename).name}:{caller.f_lineno}"

    def references(self, text: str, first_line: int, source: str) -> None:
        return None

    def names(self) -> tuple[str, ...]:
        quoted = tuple(f"playtest.{name}" for name in self.quotes.names()) if self.quotes is not None else ()
        return (*self.values, *quoted)

    def figure_names(self) -> tuple[str, ...]:
        return tuple(self.figures)

    def _call(self, answer: Callable[..., Any], what: str, where: str, *arguments: Any) -> Any:
        try:
            return answer(*arguments)
        except StudioError:
            raise
        except Exception as error:  # the plug-in's own bug: one line naming its file and line
            if debugging():
                raise
            fault = plugin_fault(self.game, error, f"in {what}", self.home)
            raise StudioError(fault.what, f"{where} ({fault.where})") from None

    def value(self, name: str, where: str) -> Value:
        if name.startswith("playtest.") and self.quotes is not None and name not in self.values:
            quotes = self.quotes
            figure = name.removeprefix("playtest.")
            if figure not in quotes.names():
                raise StudioError(f"unknown placeholder {{{name}}} (the playtest's: {', '.join(quotes.names())})", where)
            return self._call(lambda: quotes.figure(figure), f"{{{name}}}", where)
        if name not in self.values:
            raise StudioError(f"unknown placeholder {{{name}}} (known: {', '.join(self.names()) or 'none'})", where)
        found = self.values[name]
        value: Any = self._call(found, f"{{{name}}}", where) if callable(found) else found
        if isinstance(value, Span):
            value = (value,)
        elif isinstance(value, list) or (isinstance(value, tuple) and value and all(isinstance(v, str) for v in value)):
            listed = tuple(value)
            value = self._call(lambda: Items(listed), f"{{{name}}}", where)  # words listed: "a, b and c"
        if isinstance(value, bool) or not isinstance(value, (int, str, Link, Items, tuple)):
            origin = defined_at(found) if callable(found) else self.made_at
            given = f" (given at {origin})" if origin else ""
            raise StudioError(f"{{{name}}} gave a {type(value).__name__} ({shown(value)}): a placeholder is a whole "
                               f"number, words (a str), a Link, Items or styled text (Span){given}",
                               f"{where} (game {self.game})")  # fmt: skip
        return value

    def condition(self, text: str, where: str) -> tuple[bool, str]:
        key = text.strip()
        if key not in self.conditions:
            raise StudioError(f"unknown condition {{if {key}}} (known: {', '.join(self.conditions) or 'none'})", where)
        holds = self._call(self.conditions[key], f"{{if {key}}}", where)
        if not isinstance(holds, bool):
            raise StudioError(f"{{if {key}}} gave a {type(holds).__name__}, not True or False", f"{where} (game {self.game})")
        return holds, f"{key} is {'true' if holds else 'false'}"

    def check(self, text: str, where: str) -> None:
        key = text.strip()
        if key not in self.claims:
            raise StudioError(f"unknown claim {{check {key}}} (known: {', '.join(self.claims) or 'none'})", where)
        holds = self._call(self.claims[key], f"{{check {key}}}", where)
        if holds is not True:
            raise StudioError(f"the rules engine says this is not so: {key}", where)

    def figure(self, name: str, argument: str | None, unit_mm: float | None, line: int, where: str) -> Diagram:
        if name not in self.figures:
            raise LookupError(name)
        picture = self._call(self.figures[name], f"[{name}]", where, argument)
        if not isinstance(picture, Picture):
            raise StudioError(f"[{name}] gave a {type(picture).__name__}, not a Picture", f"{where} (game {self.game})")
        slug = "-".join(part for part in (name, argument or "") if part).replace(" ", "-").lower()
        return Diagram(name, slug, line, picture.title, picture.alt, picture.figure, picture.largest_mm, unit_mm)


# --- the playtest --------------------------------------------------------------------------


class Rules(Protocol):
    """A game's rules as ``EnginePlaytester`` plays them: a state, its legal moves, a move's result,
    and the end. States and moves are any values the rules like (frozen, so nothing is shared)."""

    def start(self, players: int, rng: random.Random) -> Any:
        """The state a game of ``players`` players starts in (shuffled with ``rng``)."""

    def moves(self, state: Any) -> Sequence[Any]:
        """The moves the player to move may make; never empty before the game is over."""

    def play(self, state: Any, move: Any) -> Any:
        """The state after ``move``."""

    def outcome(self, state: Any) -> tuple[int, ...] | None:
        """None while the game goes on; when it is over, the winning seats (several for a shared
        win, none for a draw)."""

    def length(self, state: Any) -> int:
        """The number of turns played so far."""

    # and, for a game that keeps a score, ``points(state)``: each seat's score at the end.


Strategy = Callable[[Any, Any, random.Random], Any]
"""``strategy(rules, state, rng)``: the move a player makes."""


def random_player(rules: Rules, state: Any, rng: random.Random) -> Any:
    """Any legal move, each as likely."""
    return rng.choice(list(rules.moves(state)))


@dataclass(frozen=True)
class EnginePlaytester:
    """A ``Playtester`` made of a game's rules (``engine``) and its ``strategies`` (``random`` at least):
    what ``Game.playtester`` returns. It plays whole games move by move, checking every answer of the
    rules and the players (``playtest.checked``: a move no rule allows, a state changed in place, a
    game that never ends... is one line naming the culprit's file and line); a game the rules call a
    draw (no winner) is reported as one: each seat's wins, draws and losses.

    ``turn_limit``: the turns after which a game that has not ended is a fault; ``move_seconds``: how
    long one move may take before it is stopped as a loop (None: no limit; raise it for a player that
    searches long). A subclass may play its many games faster (``play_many`` in C): with
    ``check_compiled`` (the default), the first games of every run are played both ways and must be the
    same, so the compiled path's moves are those the checked one allows; set it False to trust it."""

    name: str
    credits: Credits
    engine: Any
    """The game's ``Rules``."""
    strategies_by_name: Mapping[str, Strategy] = field(default_factory=lambda: {"random": random_player})
    descriptions: Mapping[str, str] = field(default_factory=lambda: {"random": "plays any legal move"})
    player_counts: tuple[int, ...] = (2,)
    measures: tuple[Measure, ...] = ()
    turn_limit: int = 10_000
    move_seconds: float | None = 10.0
    check_compiled: bool = True

    def __post_init__(self) -> None:
        given: Any = self.player_counts  # a newcomer's 2 or [2, 3] is taken as (2,) or (2, 3)
        object.__setattr__(self, "player_counts", (given,) if isinstance(given, int) else tuple(given))
        for key, player in self.strategies_by_name.items():
            if not callable(player):
                raise TypeError(f"EnginePlaytester's strategy {key!r} is a {type(player).__name__}, not a function "
                                "strategy(rules, state, rng)")  # fmt: skip

    @property
    def strategies(self) -> tuple[str, ...]:
        return tuple(self.strategies_by_name)

    def seat_count(self, players: int) -> int:
        return players

    def dummy_seats(self, players: int) -> tuple[int, ...]:
        return ()

    def describe(self, strategy: str) -> str:
        return self.descriptions.get(strategy, strategy)

    def rules(self) -> Mapping[str, object]:
        """The rules' numbers and words (the fields of a dataclass engine), or the engine's class."""
        import dataclasses

        if not dataclasses.is_dataclass(self.engine):
            return {"engine": f"{type(self.engine).__module__}.{type(self.engine).__qualname__}"}
        values = {f.name: getattr(self.engine, f.name) for f in dataclasses.fields(self.engine)}
        return {key: value for key, value in values.items() if isinstance(value, (int, float, str))}

    def problem(self) -> str | None:
        return None

    def seconds_per_game(self, strategies: Sequence[str]) -> float:
        return 0.01

    def identity(self) -> str:
        return f"{self.name} {self.rules()} {self.engine!r} {sorted(self.strategies)}"

    def _table(self, strategies: Sequence[str]) -> Any:
        from .playtest.checked import Table

        players = tuple(self.strategies_by_name[s] for s in strategies)
        return Table(self.name, self.engine, tuple(strategies), players, self.turn_limit, self.move_seconds)

    def play(self, strategies: Sequence[str], rng: random.Random) -> GameResult:
        from .playtest.checked import play

        return play(self._table(strategies), rng)

    def play_many(self, strategies: Sequence[str], rng: random.Random, count: int) -> Games:
        return play_each(self, strategies, rng, count)

    def checked_game(self, strategies: Sequence[str], rng: random.Random, every_check: bool = False) -> GameResult:
        """The game ``play`` plays from ``rng`` (which is left as it was), played twice with the careful
        checks (``playtest.checked``: states unchanged, the same game twice; ``every_check``, the
        contract suite's: moves empty exactly at the end too); and a compiled ``play_many`` compared
        with the checked games, unless ``check_compiled`` is off."""
        from .playtest.checked import CAREFUL, COMPILED_CHECKED, EVERY_CHECK, played_twice, same_games

        table = self._table(strategies)
        result = played_twice(table, rng, EVERY_CHECK if every_check else CAREFUL)
        if self.check_compiled and type(self).play_many is not EnginePlaytester.play_many:
            fast, slow = random.Random(), random.Random()
            fast.setstate(rng.getstate())
            slow.setstate(rng.getstate())
            differ = same_games(self.play_many(strategies, fast, COMPILED_CHECKED),
                                play_each(self, strategies, slow, COMPILED_CHECKED))  # fmt: skip
            if differ is not None:
                raise table.fault(f"{type(self).__name__}.play_many plays other games than the checked moves do "
                                  f"from the same generator (game {differ + 1} of {COMPILED_CHECKED}): its moves are "
                                  "not known to be legal (check_compiled=False trusts it)")  # fmt: skip
        return result

    def variant(self, changes: Mapping[str, int], players: int) -> EnginePlaytester:
        """The same game under other numbers (``playtest --vary size=3..5``): each key a field of the
        rules' dataclass, made anew (so its ``__post_init__`` checks run); values it refuses (raising
        ``ValueError`` or ``StudioError``) are a refused variant, listed with its words."""
        import dataclasses

        if not dataclasses.is_dataclass(self.engine):
            raise StudioError(f"{self.name}'s rules are not a dataclass, so none of their numbers can vary")
        known = [f.name for f in dataclasses.fields(self.engine)]
        for key in changes:
            if key not in known:
                raise StudioError(f"{self.name} has no rule {key!r} to vary (its rules: {', '.join(known)})", key)
        if players not in self.player_counts:
            raise StudioError(f"{self.name} is played by {', '.join(map(str, self.player_counts))} players, not {players}")
        try:
            engine = dataclasses.replace(self.engine, **changes)  # type: ignore[type-var]
        except (ValueError, StudioError) as error:
            raise RefusedVariant(str(error)) from None
        return dataclasses.replace(self, engine=engine)


__all__ = [
    # the game and its hooks' answers (each checked: docs/writing-a-game.md, "What each hook returns")
    "Game", "Presentation", "Typography", "plain_presentation", "RulesFile", "RulebookText", "rulebook",
    "Block", "Heading", "Paragraph", "ListItem", "Fill",
    # pieces and the drawing calls
    "Board", "GridBoard", "HexGrid", "Network", "SquareGrid", "FaceStyle", "Figure", "Form", "Piece", "PieceColour",
    "PieceFace", "PieceKind", "Shape", "disc_face",
    "PieceShape", "polygon_shape", "path_shape", "register_shape",
    "Relief", "Accent", "filled_outline",
    "plain_back", "ground", "Surface", "Path", "Pen", "Ink", "BLACK", "hex_ink", "circle", "polygon", "rectangle",
    "CAPRASIMO", "QUICKSAND", "QUICKSAND_BOLD", "SCHOLA", "SCHOLA_BOLD",
    # the rulebook's answers
    "Facts", "Value", "Items", "Link", "Inline", "Span", "Break", "Picture", "Diagram", "Quotes",
    # the playtest
    "EnginePlaytester", "Rules", "Strategy", "random_player", "Playtester", "Credits", "GameResult", "Games", "Measure",
    "RefusedVariant", "play_each",
    # reading the designer's files, and the one error a user reads
    "read_toml", "StudioError",
]  # fmt: skip
