"""A plug-in's rules played move by move with every answer checked: how ``EnginePlaytester`` plays.

A plug-in's engine and players are code being written, and a playtest's
figures are worth only what its games are: a move no rule allows, played by an
engine that does not refuse it, changes who wins without a word. So every
answer is checked as the game goes, whatever the engine does itself:

- ``outcome(state)``: None while the game goes on, else the winning seats
  (seats of this table, none twice; a single seat alone is taken as one);
- ``moves(state)``: something with a length, not empty while the game goes on;
- each player's move: one of ``moves(state)`` (``move in moves``: a set's
  lookup when the engine gives a set, a scan of a list's items otherwise);
- ``state.to_move`` (where a state has one): a seat of the table;
- a game ends within its turn limit, and no move takes longer than its time
  limit (``watchdog``);
- ``length`` and ``points``: a whole number, and a number for each seat.

A *careful* game (the first game of every playtest's run, and the contract
suite's games, each played twice by ``played_twice``) checks what costs more:
that neither a player nor ``play`` changes the state it is given, and that the
same generator plays the same game (a player or an engine drawing on a random
source of its own does not); the contract suite's (``EVERY_CHECK``) also that
``moves`` is empty once ``outcome`` says the game is over.

A fault is one line (a ``PlayFault``) naming the game, the hook or the player
and its file and line, what it gave, the turn and the position; it is a plain
``StudioError``, so it crosses to the command from any worker process or Dask
worker as data and reads the same. With ``--debug`` (``GRAWLIX_PRINT_DEBUG=1``)
the fault is raised with its traceback instead.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import StudioError
from ..plugin_faults import debug_hint, debugging, defined_at, plugin_fault, plugin_line, shown
from .protocol import GameResult
from .watchdog import MoveTimeout, watched

CAREFUL, EVERY_CHECK = 1, 2
"""How careful a game is played: states unchanged and the same game twice (the first of every run);
and moves empty once the game is over (the contract suite: a rule of the protocol that no figure needs)."""
_UNSEEN = object()
COMPILED_CHECKED = 20
"""Games of a run's first batch a compiled ``play_many`` plays beside the checked moves (``check_compiled``)."""
TRIED_MOVES = 64
"""Legal moves a careful game plays from each position, to find one ``play`` refuses (``moves`` giving
something unplayable) before any player happens to choose it."""
PAST_LIMIT_MOVES = 10
"""Moves per seat played past a game's turn limit, to say which seat kept playing what."""


class PlayFault(StudioError):
    """A game's rules or players broke their contract in a game: what, and ``game NAME``."""


class IllegalMove(RuntimeError):
    """A fault of a game raised with its traceback (``--debug``): it is not a ``StudioError``, so the
    command shows where it was found."""


@dataclass(frozen=True)
class Table:
    """One game's setting, for playing it and for the words of its faults: the game's name, its rules
    (``engine``), each seat's strategy by name and by function, the limits and the plug-in's folder."""

    game: str
    engine: Any
    strategies: tuple[str, ...]
    players: tuple[Callable[..., Any], ...]
    turn_limit: int
    move_seconds: float | None

    @property
    def seats(self) -> int:
        return len(self.strategies)

    @property
    def home(self) -> Path | None:
        """The folder of the module that defines the rules (the plug-in's own, to find its lines)."""
        module = sys.modules.get(type(self.engine).__module__)
        file = getattr(module, "__file__", None)
        return Path(file).resolve().parent if file else None

    def player(self, seat: int) -> str:
        """``player 2 (strategy greedy, my_game/engine.py:40)``."""
        where = defined_at(self.players[seat])
        return f"player {seat + 1} (strategy {self.strategies[seat]}" + (f", {where})" if where else ")")

    def hook(self, name: str) -> str:
        """``outcome (my_game/engine.py:61)``: a rules method and where it is defined."""
        where = defined_at(getattr(self.engine, name, None))
        return f"{name}" + (f" ({where})" if where else "")

    def fault(self, what: str, turn: int | None = None, state: object = _UNSEEN) -> StudioError:
        """One line: ``what``, then the turn and the position; raised with its traceback when debugging."""
        at = "" if turn is None else f"; turn {turn + 1}" if state is _UNSEEN else _at(turn, state)
        if debugging():
            raise IllegalMove(f"game {self.game}: {what}{at}")
        return PlayFault(f"{what}{at}{debug_hint()}", f"game {self.game}")


def play(table: Table, rng: random.Random, careful: int = 0, trace: list | None = None) -> GameResult:
    """One whole game at ``table`` from ``rng``, every answer checked (see the module); ``careful``
    (``CAREFUL``, or ``EVERY_CHECK`` for the contract suite) checks more; ``trace``, when given, gets
    each turn's seat, position (as ``snapshot`` gives it) and move, for ``replay_fault``."""
    rules, players, seats = table.engine, table.players, table.seats
    doing, turn, state, move, seat = "start", None, None, None, 0
    seat_given: Any = None
    past: list[tuple[int, Any]] = []
    try:
        with watched(table.move_seconds) as watch:
            state = rules.start(seats, rng)
            turn = 0
            while True:
                watch.moves += 1
                doing = "outcome"
                outcome = rules.outcome(state)
                if outcome is not None:
                    break
                if turn - table.turn_limit >= PAST_LIMIT_MOVES * seats:
                    raise table.fault(_kept_playing(table, past), turn, state)
                doing = "moves"
                legal = rules.moves(state)
                if not hasattr(legal, "__len__"):  # a generator of moves is taken as the list it gives
                    try:
                        legal = list(legal)
                    except TypeError:
                        raise table.fault(f"{table.hook('moves')} gave {shown(legal)}, not a list of moves", turn,
                                          state) from None  # fmt: skip
                if len(legal) == 0:
                    raise table.fault(f"{table.hook('moves')} gave no move, but {table.hook('outcome')} says the "
                                      "game goes on (None)", turn, state)  # fmt: skip
                seat_given = getattr(state, "to_move", None)
                if seat_given is None:  # turns taken in order
                    doing = "length"
                    seat_given = _turns(table, rules.length(state), turn, state) % seats
                if not (isinstance(seat_given, int) and not isinstance(seat_given, bool) and 0 <= seat_given < seats):
                    raise table.fault(f"the state's to_move is {shown(seat_given)}, not a seat of the {seats} at the "
                                      f"table (0 to {seats - 1})", turn, state)  # fmt: skip
                seat = seat_given
                before = snapshot(state) if careful else None
                if careful:
                    doing = "play-each"
                    for move in list(legal)[:TRIED_MOVES]:
                        rules.play(state, move)
                        if snapshot(state) != before:
                            raise _changed_by_play(table, move, turn, state)
                doing = "player"
                move = players[seat](rules, state, rng)
                if careful and snapshot(state) != before:
                    raise table.fault(f"{table.player(seat)} changed the state it was given (a player only chooses "
                                      "a move: copy what it tries out)", turn, state)  # fmt: skip
                try:
                    legal_move = move in legal
                except Exception:  # noqa: BLE001  (a move that cannot even be compared with the moves is none)
                    legal_move = False
                if not legal_move:
                    raise table.fault(_illegal(table, seat, move, legal), turn, state)
                if trace is not None:
                    trace.append((seat, before, move, state))
                if turn >= table.turn_limit:
                    past.append((seat, move))
                doing = "play"
                after = rules.play(state, move)
                if careful and snapshot(state) != before:
                    raise _changed_by_play(table, move, turn, state)
                state = after
                turn += 1
            if past:
                raise table.fault(_kept_playing(table, past, turn), turn, state)
            winners = winning_seats(outcome, seats)
            if winners is None:
                raise table.fault(f"{table.hook('outcome')} gave {shown(outcome)}: the winning seats are a tuple "
                                  f"of seats 0 to {seats - 1}, each once (() for a draw)", turn, state)  # fmt: skip
            if careful == EVERY_CHECK:
                doing = "moves"
                left = len(rules.moves(state))
                if left:
                    raise table.fault(f"{table.hook('moves')} gave {left} move{'s' if left > 1 else ''}, but "
                                      f"{table.hook('outcome')} says the game is over ({shown(outcome)})", turn,
                                      state)  # fmt: skip
            doing = "length"
            length = _turns(table, rules.length(state), turn, state)
            doing = "points"
            scorer = getattr(rules, "points", None)
            points = None if scorer is None else _points(table, scorer(state), turn, state)
            return GameResult(winners, length, points=points)
    except (StudioError, IllegalMove):
        raise
    except MoveTimeout as error:
        if debugging():
            raise
        what = table.player(seat) if doing == "player" else table.hook("play" if doing == "play-each" else doing)
        line = plugin_line(error, table.home) or plugin_line(error)
        stopped = f", stopped at {line}" if line else ""
        raise table.fault(f"{what} took more than {table.move_seconds:g} s over one move{stopped} (a loop that "
                          "never ends? EnginePlaytester's move_seconds sets the limit)", turn, state) from None
    except (Exception, SystemExit) as error:
        if debugging():
            raise
        raise plugin_fault(table.game, error, f"in {_doing(table, doing, seat, move)}", table.home,
                           _at(turn, state).removeprefix("; ")) from None  # fmt: skip


def _turns(table: Table, length: Any, turn: int, state: Any) -> int:
    """``length``'s answer, checked: a whole number of turns."""
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise table.fault(f"{table.hook('length')} gave {shown(length)}, not a whole number of turns", turn, state)
    return length


def _changed_by_play(table: Table, move: Any, turn: int, state: Any) -> StudioError:
    return table.fault(f"{table.hook('play')} changed the state it was given (it must return a new one) on move "
                       f"{shown(move)}", turn, state)  # fmt: skip


def _at(turn: int | None, state: object) -> str:
    return f"; turn {turn + 1}, position {shown(state)}" if turn is not None else ""


def _doing(table: Table, doing: str, seat: int, move: object) -> str:
    """What was running when a fault was raised: the player's move, or a rules method."""
    if doing == "player":
        return table.player(seat).split(" (")[0] + f"'s strategy {table.strategies[seat]}"
    if doing == "play":
        return f"play(state, {shown(move)})"
    if doing == "play-each":
        return f"play(state, {shown(move)}), a move {table.hook('moves')} gave,"
    return f"{doing}(state)" if doing != "start" else f"start({table.seats}, rng)"


def _illegal(table: Table, seat: int, move: object, legal: Any) -> str:
    listed = ", ".join(shown(m) for m in list(legal)[:12]) + (", …" if len(legal) > 12 else "")
    hint = " (a strategy returns the move it makes)" if move is None else ""
    return (f"{table.player(seat)} chose {shown(move)}{hint}, which is not one of the {len(legal)} legal moves "
            f"({listed})")  # fmt: skip


def _points(table: Table, points: Any, turn: int, state: Any) -> tuple[float, ...]:
    """Each seat's points, checked: a number for every seat."""
    try:
        found = tuple(float(p) for p in points)
    except (TypeError, ValueError):
        found = ()
    if len(found) != table.seats:
        raise table.fault(f"{table.hook('points')} gave {shown(points)}: a number for each of the {table.seats} "
                          "seats", turn, state)  # fmt: skip
    return tuple(int(p) if p.is_integer() else p for p in found)


def winning_seats(outcome: Any, seats: int) -> tuple[int, ...] | None:
    """``outcome``'s winners as a tuple of seats (a seat given alone is one), or None if they are no
    seats of the table (or one is named twice)."""
    if isinstance(outcome, int) and not isinstance(outcome, bool):
        outcome = (outcome,)
    try:
        found = tuple(outcome)
    except TypeError:
        return None
    if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats for s in found):
        return None
    return found if len(set(found)) == len(found) else None


def _kept_playing(table: Table, past: list[tuple[int, Any]], ended: int | None = None) -> str:
    """Which seat kept playing what, past the turn limit: each seat's most frequent move since then."""
    by_seat: dict[int, Counter[str]] = {}
    for seat, move in past:
        by_seat.setdefault(seat, Counter())[shown(move)] += 1
    said = []
    for seat, moves in sorted(by_seat.items()):
        move, times = moves.most_common(1)[0]
        made = sum(moves.values())
        said.append(f"{table.player(seat)} kept playing {move} (its last {made} moves)" if times == made else
                    f"{table.player(seat)} played {len(moves)} different moves over its last {made} ({move} most "
                    f"often, {times} times)")  # fmt: skip
    end = f" (it ended only at turn {ended})" if ended is not None else ""
    return (f"a game went on past its turn limit of {table.turn_limit:,} turns{end}: " + "; ".join(said)
            + " (EnginePlaytester's turn_limit sets the limit)")  # fmt: skip


def snapshot(state: object) -> bytes | str:
    """The state's whole content, to tell whether it changed: its pickle (its repr if it has none)."""
    import pickle

    try:
        return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001  (a state that does not pickle is compared by what it shows)
        return repr(state)


def replay_fault(table: Table, first: list, second: list, results: tuple[GameResult, GameResult]) -> StudioError | None:
    """Why one game played twice from the same generator came out differently, from the two games'
    traces (``play``'s ``trace``: seat, snapshot, move and state of each turn), or None when they did not."""
    for turn, (one, two) in enumerate(zip(first, second)):
        if one[:3] == two[:3]:
            continue
        if one[1] != two[1]:
            what = (f"{table.hook('start')} gave another position from the same generator" if turn == 0 else
                    f"{table.hook('play')} gave another position from the same position and move "
                    f"({shown(first[turn - 1][2])})")  # fmt: skip
            return table.fault(what + ": the rules draw on a random source of their own (use the rng given "
                               "to start, or none)", turn, one[3])  # fmt: skip
        return table.fault(f"{table.player(one[0])} chose {shown(one[2])}, then {shown(two[2])} from the same "
                           "position and the same generator: it draws on a random source of its own (use the "
                           "rng it is given)", turn, one[3])  # fmt: skip
    if len(first) != len(second) or results[0] != results[1]:
        return table.fault(f"the same moves from the same generator ended differently ({results[0]} and "
                           f"{results[1]}): {table.hook('outcome')}, length or points depend on more than the "
                           "position")  # fmt: skip
    return None


OWN_SEEDS = ("grawlix-print: a first replay", "grawlix-print: a second replay")
"""What the ``random`` module's own generator is seeded with for each of a checked game's two plays
(numpy's with 0 and 1), and set back after: a player drawing on them gives other moves each time,
the same on every run."""


def played_twice(table: Table, rng: random.Random, careful: int = CAREFUL) -> GameResult:
    """A careful game, played twice from copies of ``rng``'s state: its result, or the fault that
    tells the two games apart (``replay_fault``)."""
    traces: tuple[list, list] = ([], [])
    results = []
    kept = random.getstate()
    numpy = sys.modules.get("numpy")  # numpy's own generator too, where numpy is loaded (the tally loads it)
    kept_numpy = numpy.random.get_state() if numpy is not None else None
    try:
        for number, (trace, seed) in enumerate(zip(traces, OWN_SEEDS)):
            copy = random.Random()
            copy.setstate(rng.getstate())
            random.seed(seed)
            if numpy is not None:
                numpy.random.seed(number)
            results.append(play(table, copy, careful, trace))
    finally:
        random.setstate(kept)
        if numpy is not None:
            numpy.random.set_state(kept_numpy)
    fault = replay_fault(table, *traces, (results[0], results[1]))
    if fault is not None:
        raise fault
    return results[0]


def same_games(a: Any, b: Any) -> int | None:
    """The first game two ``Games`` tell apart (winners, length, measures or points), or None."""
    import numpy as np

    columns = [(a.winners, b.winners), (a.lengths, b.lengths)]
    columns += [(a.measures[k], b.measures.get(k)) for k in a.measures]
    if a.points is not None or b.points is not None:
        columns.append((a.points, b.points))
    if a.count != b.count:
        return min(a.count, b.count)
    for x, y in columns:
        if y is None or x is None:
            return 0
        x, y = np.asarray(x), np.asarray(y)
        if x.shape != y.shape:
            return 0
        differ = (x != y).reshape(len(x), -1).any(axis=1) if len(x) else np.zeros(0, dtype=bool)
        if differ.any():
            return int(np.flatnonzero(differ)[0])
    return None

