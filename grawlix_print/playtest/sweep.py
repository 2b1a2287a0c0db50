"""Rule sweeps: a game's rules under many settings, played with the same seeds, to choose what to print.

``playtest --vary KEY=VALUES`` (repeatable) names the settings: every
combination of the values is a *variant*, built by the game itself
(``Playtester.variant``), which refuses a key it does not know or a value it
never takes (one line naming the key: nothing is played) and may refuse a
combination (a hand the supply cannot fill, cards that do not deal evenly):
such a variant is listed with its reason and the others are played. Every
variant plays the same number of games with the same seed, so they meet the
same random numbers as far as their rules let them (common random numbers:
differences between settings show with fewer games).

For each variant the sweep reports, from its ``Tally``, each with a 95 % interval:

- ``first_seat_advantage``: how much more often the first player wins than the
  other players on average, in percentage points: the mean over games of
  (1 if the first player won) - (how many other players won) / (players - 1),
  whose normal interval and z-test say whether it differs from zero; a
  variant where it does not (p >= 0.05) is marked *balanced*;
- ``draw_rate``: draws, games no seat won or every seat shared (Wilson): the
  variant's own playtest's ``draw_rate``, the same games;
- ``shared_win_rate``: games won by several seats but not every one (Wilson);
- ``mean_length``: turns per game (no interval when every game lasts as long);
- ``dummy_win_rate``: games a dummy won, alone or shared (Wilson), for tables with dummies;
- ``mean_lead``: the winner's lead in points over the next seat, for games with points;
- and the game's own figures, those its rules text may quote: for a ``flag``
  measure ``<name>_rate`` (Wilson), for a ``count`` ``mean_<name>`` (as the
  playtest's report names them; a count that is the length again is left out);

and the variant's whole playtest record (``report.figures``). ``--suggest``
picks the variant nearest a target (``balance``: first-seat advantage 0), and
the command writes its values into a copy of the file the game keeps its rules
in (``Game.rules_file``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import StudioError
from ..facts.wording import join_words
from .compiled import engine_path
from .protocol import Measure, Playtester, RefusedVariant
from .report import DIGITS, figures, seat_labels
from .runner import Job, Outcome, ends_at_once
from .stats import LEVEL, Z95, Moments, normal_p_value, wilson

MAX_VARIANTS = 1000


@dataclass(frozen=True)
class Varied:
    """One ``--vary``: a key and its values, in the order given (repeats dropped)."""

    key: str
    values: tuple[int, ...]


def parse_vary(text: str) -> Varied:
    """``hand_size=2..6``, ``max_rows=5,6,7`` or ``dummies=0,1..2``: whole numbers, ranges inclusive."""
    key, equals, values = text.partition("=")
    key = key.strip()
    if not equals or not key:
        raise StudioError(f"--vary {text!r}: write KEY=VALUES, as hand_size=2..6 or max_rows=5,6,7")
    where = f"--vary {key}"
    found: list[int] = []
    for item in values.split(","):
        low, dots, high = item.partition("..")
        if not item.strip():
            raise StudioError(f"a value is missing in {values.strip()!r}", where)
        if not dots:
            found.append(_whole(item, where))
            continue
        first, last = _whole(low, where), _whole(high, where)
        if last < first:
            raise StudioError(f"the range {item.strip()} is empty: write the smaller number first", where)
        if last - first >= MAX_VARIANTS:
            raise StudioError(f"the range {item.strip()} holds {last - first + 1:,} values, "
                               f"more than the {MAX_VARIANTS:,} variants a sweep plays", where)  # fmt: skip
        found.extend(range(first, last + 1))
    return Varied(key, tuple(dict.fromkeys(found)))


def _whole(text: str, where: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise StudioError(f"{text.strip()!r} is no whole number", where) from None


@dataclass(frozen=True)
class Variant:
    """One combination of the varied values, and the game under it (None when refused, with why)."""

    changes: Mapping[str, int]
    playtester: Playtester | None
    refused: str = ""


def variants(base: Playtester, varied: Sequence[Varied], players: int, seed: int) -> list[Variant]:
    """Every combination of ``varied``, the first key's values outermost; a key or value the game
    never takes is a StudioError naming ``--vary KEY``, a refused combination is kept with its reason."""
    seen: set[str] = set()
    for one in varied:
        if one.key in seen:
            raise StudioError("given twice: give every value of a key in one --vary", f"--vary {one.key}")
        seen.add(one.key)
    count = math.prod(len(one.values) for one in varied)
    if count > MAX_VARIANTS:
        keys = " x ".join(one.key for one in varied)
        raise StudioError(f"{count:,} variants, more than the {MAX_VARIANTS:,} a sweep plays", f"--vary {keys}")
    found = []
    for values in itertools.product(*(one.values for one in varied)):
        changes = dict(zip((one.key for one in varied), values))
        try:
            made = base.variant(changes, players)
        except RefusedVariant as refusal:
            found.append(Variant(changes, None, str(refusal)))
            continue
        except StudioError as error:
            raise StudioError(error.what, f"--vary {error.where}" if error.where else "--vary") from None
        if ends_at_once(made, players, seed):
            found.append(Variant(changes, None, "every game ends at once: no turn is ever played"))
            continue
        found.append(Variant(changes, made))
    if not any(v.playtester for v in found):
        raise StudioError(f"every variant is refused: {found[0].refused}",
                           f"--vary {' x '.join(one.key for one in varied)}")  # fmt: skip
    return found


# --- figures --------------------------------------------------------------------------------------


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, DIGITS)


def _interval(low: float, high: float) -> list[float | None]:
    return [_rounded(low), _rounded(high)]


def sweep_figures(job: Job, outcome: Outcome, played: Mapping | None = None) -> dict:
    """A variant's sweep figures (see the module's list), JSON-ready; ``played``, the variant's own
    playtest figures (``report.figures``), whose draws and measures the sweep shows as they are."""
    tally, n = outcome.tally, outcome.tally.games
    played = figures(job, tally) if played is None else played
    dummies = set(job.playtester.dummy_seats(job.players))
    players = [seat for seat in range(job.seats) if seat not in dummies]
    found: dict = {"games": n, "complete": outcome.complete}
    others = len(players) - 1
    advantage = None
    if others and n:
        # (players - 1) times a game's advantage is a whole number: its histogram is exact.
        scaled: dict[float, int] = {}
        rest = sum(1 << seat for seat in players[1:])
        for winners, count in tally.win_sets.items():
            value = (winners & 1) * others - (winners & rest).bit_count()
            scaled[value] = scaled.get(value, 0) + count
        advantage = Moments.of(scaled)
    if advantage is None:
        found.update(first_seat_advantage=None, first_seat_ci95=None, first_seat_p_value=None, balanced=None)
    else:
        mean, spread = advantage.mean / others, math.sqrt(advantage.variance / n) / others
        p_value = (1.0 if mean == 0 else 0.0) if spread == 0 else normal_p_value(mean / spread)
        found.update(
            first_seat_advantage=_rounded(mean),
            first_seat_ci95=_interval(mean - Z95 * spread, mean + Z95 * spread),
            first_seat_p_value=_rounded(p_value),
            balanced=p_value >= LEVEL,
        )
    found["draw_rate"], found["draw_ci95"] = played.get("draw_rate"), played.get("draw_ci95")
    shared = tally.shared - (tally.draws - tally.win_sets.get(0, 0))  # several seats, not every one
    found["shared_win_rate"], found["shared_win_ci95"] = _rate(shared, n)
    lengths = Moments.of(tally.lengths)
    found["mean_length"] = None if lengths is None else _rounded(lengths.mean)
    found["length_ci95"] = None if lengths is None or len(tally.lengths) < 2 else _interval(*lengths.ci95())
    if dummies:
        mask = sum(1 << seat for seat in dummies)
        won = sum(count for winners, count in tally.win_sets.items() if winners & mask)
        found["dummy_win_rate"], found["dummy_win_ci95"] = _rate(won, n)
    leads = Moments.of(tally.leads)
    if leads is not None:
        found["mean_lead"] = _rounded(leads.mean)
        found["lead_ci95"] = _interval(*leads.ci95()) if len(tally.leads) > 1 else None
    for figure in measure_figures(job.playtester.measures):
        found[figure.key], found[figure.ci_key] = played.get(figure.key), played.get(figure.ci_key)
    return found


def _rate(successes: int, trials: int) -> tuple[float | None, list[float | None] | None]:
    if trials == 0:
        return None, None
    return _rounded(successes / trials), _interval(*wilson(successes, trials))


# --- the record -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """A sweep figure as the report shows it: its key, words, unit and how a target is given."""

    key: str
    ci_key: str
    label: str
    percent: bool
    short: str  # its name in --suggest


FIGURES = (
    Figure("first_seat_advantage", "first_seat_ci95", "first player's advantage", True, "first_seat"),
    Figure("draw_rate", "draw_ci95", "draws", True, "draws"),
    Figure("shared_win_rate", "shared_win_ci95", "shared wins", True, "shared_wins"),
    Figure("mean_length", "length_ci95", "turns per game", False, "length"),
    Figure("dummy_win_rate", "dummy_win_ci95", "a dummy wins", True, "dummy_wins"),
    Figure("mean_lead", "lead_ci95", "winner's lead (points)", False, "lead"),
)
"""The figures every sweep has (where the games give them), then the game's own (``measure_figures``)."""
RATES = {"draw_rate", "shared_win_rate", "dummy_win_rate"}
"""Rates that are worth a column only where some variant has them (a game that never draws has no draws)."""


def measure_figures(measures: Sequence[Measure]) -> list[Figure]:
    """The game's own figures as sweep figures: a flag's rate and a count's mean, named in ``--suggest``
    by the measure's name (a count that is the length over again, not plotted, is left out)."""
    taken = {figure.short for figure in FIGURES}
    found = []
    for m in measures:
        if m.name in taken or m.kind == "seat" or (m.kind == "count" and not m.plotted):
            continue
        if m.kind == "flag":
            found.append(Figure(f"{m.name}_rate", f"{m.name}_ci95", m.label, True, m.name))
        else:
            found.append(Figure(f"mean_{m.name}", f"{m.name}_ci95", m.label, False, m.name))
    return found


def record_figures(record: dict) -> list[Figure]:
    """Every figure of a sweep's record: those of every sweep, then its game's own."""
    measures = [Measure(name, m["label"], m["kind"], m.get("plotted", True)) for name, m in record["measures"].items()]
    return [*FIGURES, *measure_figures(measures)]


def shown_figures(record: dict) -> list[Figure]:
    """The figures worth a column and a heat map: those some variant has (a rate only if it happened)."""
    played = [v for v in record["variants"] if not v.get("refused")]
    shown = []
    for figure in record_figures(record):
        values = [v.get(figure.key) for v in played]
        if all(value is None for value in values):
            continue
        if (figure.key in RATES or figure not in FIGURES) and figure.percent and not any(values):
            continue
        shown.append(figure)
    return shown


def sweep_record(base: Playtester, varied: Sequence[Varied], found: Sequence[Variant], jobs: Sequence[Job],
                 outcomes: Sequence[Outcome], games: int, seed: int, players: int, strategies: Sequence[str],
                 rotate: bool) -> dict:  # fmt: skip
    """The whole sweep, JSON-ready: settings, each variant's figures (refused ones with their reason)."""
    played = iter(zip(jobs, outcomes))
    rows = []
    for variant in found:
        if variant.playtester is None:
            rows.append({"rules": dict(variant.changes), "refused": variant.refused})
            continue
        job, outcome = next(played)
        own = figures(job, outcome.tally)
        rows.append({"rules": dict(variant.changes), **sweep_figures(job, outcome, own), "figures": own})
    first = jobs[0]
    return {
        "game": base.name,
        "title": base.credits.title,
        "seed": seed,
        "games": games,
        "players": players,
        "seats": seat_labels(Job(base, players, tuple(strategies), 1, seed)),
        "strategies": list(strategies),
        "rotate": rotate,
        "strategy_descriptions": {s: first.playtester.describe(s) for s in sorted(set(strategies))},
        "base_rules": dict(base.rules()),
        "engine": engine_path(base, strategies),
        "varied": {one.key: list(one.values) for one in varied},
        "measures": {m.name: {"label": m.label, "kind": m.kind, "plotted": m.plotted} for m in base.measures},
        "complete": all(o.complete for o in outcomes),
        "variants": rows,
    }


# --- choosing a setting ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Criterion:
    """What ``--suggest`` looks for: the variant whose ``figure`` is nearest ``target``."""

    figure: Figure
    target: float  # in the figure's own unit (a rate as a fraction)
    words: str


def parse_criterion(text: str, measures: Sequence[Measure] = ()) -> Criterion:
    """``balance`` (first-seat advantage nearest 0) or ``NAME=TARGET`` (``dummy_wins=25``: percent
    for rates, turns or points otherwise); NAME may be one of the game's own ``measures``."""
    text = text.strip()
    names = {figure.short: figure for figure in (*FIGURES, *measure_figures(measures))}
    if text == "balance":
        return Criterion(names["first_seat"], 0.0, "the first player's advantage nearest zero")
    name, equals, target = text.partition("=")
    figure = names.get(name.strip())
    if not equals or figure is None:
        known = join_words(["balance", *(f"{short}=TARGET" for short in names)], "or")
        raise StudioError(f"{text!r} is no criterion: give {known}", "--suggest")
    try:
        value = float(target)
    except ValueError:
        raise StudioError(f"the target {target.strip()!r} is no number", "--suggest") from None
    if not math.isfinite(value):
        raise StudioError(f"the target {target.strip()!r} is no number", "--suggest")
    unit = " %" if figure.percent else ""
    return Criterion(figure, value / 100 if figure.percent else value, f"{figure.label} nearest {value:g}{unit}")


def suggestion(record: dict, criterion: Criterion) -> dict | None:
    """The played variant nearest the criterion's target (ties: the narrower interval, then the
    first listed), or None when no variant has the figure."""
    best, best_key = None, None
    for order, row in enumerate(record["variants"]):
        value = row.get(criterion.figure.key)
        if row.get("refused") or value is None:
            continue
        ci = row.get(criterion.figure.ci_key) or [value, value]
        key = (abs(value - criterion.target), ci[1] - ci[0], order)
        if best_key is None or key < best_key:
            best, best_key = row, key
    if best is None:
        return None
    return {"criterion": criterion.words, "rules": best["rules"], criterion.figure.key: best[criterion.figure.key]}


# --- words ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SweepRow:
    """One line of the sweep's table: its cells, and how it is set (the suggested one, refused...)."""

    cells: tuple[str, ...]
    balanced: bool = False
    suggested: bool = False
    refused: bool = False
    mark_column: int = -1


def _shown(value: float | None, ci, figure: Figure) -> str:
    if value is None:
        return "–"
    scale, digits = (100, 1) if figure.percent else (1, 2)
    if figure.key == "mean_length" and ci is None:
        return f"{value:g} (every game)"  # one length: no spread, no interval
    text = f"{scale * value:.{digits}f}"
    if figure.key == "first_seat_advantage":
        text = f"{scale * value:+.{digits}f}"
        text = f"{0:.{digits}f}" if float(text) == 0 else text  # never -0.0
    if ci is not None:
        text += f" [{scale * ci[0]:.{digits}f}, {scale * ci[1]:.{digits}f}]"
    return text


def sweep_rows(record: dict) -> tuple[tuple[str, ...], list[SweepRow]]:
    """The sweep's table, for the terminal and the PDF: the varied keys, then each shown figure."""
    keys = list(record["varied"])
    shown = shown_figures(record)
    units = {True: " (%)", False: ""}
    heads = tuple([*keys, *(
        f"{f.label} (percentage points)" if f.key == "first_seat_advantage" else f.label + units[f.percent]
        for f in shown
    )])  # fmt: skip
    suggested = (record.get("suggestion") or {}).get("rules")
    rows = []
    for row in record["variants"]:
        values = [str(row["rules"][k]) for k in keys]
        if row.get("refused"):
            rows.append(SweepRow(tuple([*values, f"refused: {row['refused']}"]), refused=True))
            continue
        cells = [_shown(row.get(f.key), row.get(f.ci_key), f) for f in shown]
        mark = -1
        if row.get("balanced"):
            mark = len(keys) + next(n for n, f in enumerate(shown) if f.key == "first_seat_advantage")
            cells[mark - len(keys)] += " balanced"
        rows.append(SweepRow(tuple([*values, *cells]), bool(row.get("balanced")), row["rules"] == suggested,
                             mark_column=mark))  # fmt: skip
    return heads, rows


def sweep_settings(record: dict) -> list[str]:
    """The sweep's settings in a line or two: games, seed, players, what varied."""
    played = sum(1 for v in record["variants"] if not v.get("refused"))
    refused = len(record["variants"]) - played
    strategies = record["strategies"]
    versus = " against ".join(strategies) if len(set(strategies)) > 1 else f"every player {strategies[0]}"
    games = f"{record['games']:,} games per variant" + ("" if record["complete"] else " (interrupted: fewer played)")
    varied = "; ".join(f"{key} {_values(values)}" for key, values in record["varied"].items())
    rest = ", ".join(f"{k} {v}" for k, v in record["base_rules"].items() if k not in record["varied"])
    return [
        f"{games}, seed {record['seed']}: {record['players']} players, {versus}"
        + (", seats rotated" if record["rotate"] else ""),
        f"Varied: {varied} ({played:,} variants played" + (f", {refused:,} refused" if refused else "") + ")"
        + (f"; the rest as the templates: {rest}" if rest else ""),
    ]


def _values(values: Sequence[int]) -> str:
    if len(values) > 2 and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]} to {values[-1]}"
    return ", ".join(str(v) for v in values)


def sweep_summary(record: dict) -> str:
    """The sweep for the terminal: its settings and its table."""
    heads, rows = sweep_rows(record)
    lines = [f"{record['title']} rule sweep: {line}" if n == 0 else f"  {line}"
             for n, line in enumerate(sweep_settings(record))]  # fmt: skip
    widths = [max(len(cell) for cell in column) for column in zip(heads, *(r.cells for r in rows if not r.refused))]
    lines.append("  " + "  ".join(f"{h:<{w}}" for h, w in zip(heads, widths)).rstrip())
    for row in rows:
        cells = [f"{c:<{w}}" for c, w in zip(row.cells, widths)] if not row.refused else list(row.cells)
        lines.append(("> " if row.suggested else "  ") + "  ".join(cells).rstrip())
    suggested = record.get("suggestion")
    if suggested:
        chosen = ", ".join(f"{k} {v}" for k, v in suggested["rules"].items())
        lines.append(f"  suggested ({suggested['criterion']}): {chosen}")
    return "\n".join(lines)
