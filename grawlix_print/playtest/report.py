"""The playtest's figures: one JSON-ready record per run, comparisons between two runs, a text summary.

Every figure comes from a ``Tally`` and the run's settings, so the same
games give the same record, byte for byte once written (no timings, no
dates, floats rounded to 6 decimals). A record names its keys after the
game's own measures: ``mean_<name>`` and ``<name>_ci95`` for a count,
``<name>_rate`` and ``<name>_ci95`` for a flag, and for a per-seat measure
the same as a count's, each a mapping from who played the seats (a strategy,
or ``dummy``) to the figure. ``head_to_head`` holds, for each pair of
strategies that met (named ``a v b`` in the order the run lists them), how
often ``a`` finished ahead of ``b`` and its mean margin in points.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from ..facts.wording import join_words
from .compiled import engine_path
from .protocol import DUMMY, Measure
from .runner import Job, Outcome
from .stats import Difference, Moments, mean_difference, proportion_difference, quantile, wilson
from .tally import Tally, pair_name

DIGITS = 6


def _round(value):
    if isinstance(value, float):
        return round(value, DIGITS)
    if isinstance(value, (list, tuple)):
        return [_round(v) for v in value]
    if isinstance(value, dict):
        return {k: _round(v) for k, v in value.items()}
    return value


def _number(value: float):
    """A histogram's value as JSON shows it: 3 rather than 3.0."""
    return int(value) if float(value).is_integer() else value


def _rate(successes: int, trials: int) -> tuple[float | None, list[float] | None]:
    if trials == 0:
        return None, None
    return successes / trials, list(wilson(successes, trials))


def _mean(histogram: Mapping[float, int]) -> tuple[float | None, list[float] | None]:
    """A histogram's mean and its interval, as ``_rate`` gives a rate: None for no values."""
    moments = Moments.of(histogram)
    if moments is None:
        return None, None
    return moments.mean, list(moments.ci95())


def seat_labels(job: Job) -> list[str]:
    """``player 1``, ``player 2``... and ``dummy 1``... in seat order."""
    dummies = set(job.playtester.dummy_seats(job.players))
    labels, players, dummy = [], 0, 0
    for seat in range(job.seats):
        if seat in dummies:
            dummy += 1
            labels.append(f"dummy {dummy}")
        else:
            players += 1
            labels.append(f"player {players}")
    return labels


def _histogram(counts: Mapping[float, int]) -> list[list]:
    return [[_number(value), count] for value, count in sorted(counts.items())]


def figures(job: Job, tally: Tally) -> dict:
    """The figures of one run's games (JSON-ready)."""
    n = tally.games
    record: dict = {"games": n}
    outcomes = [tally.outcomes(seat) for seat in range(tally.seats)]
    rates = [_rate(wins, n) for wins, _, _ in outcomes]
    record["seat_win_rate"] = [rate for rate, _ in rates]
    record["seat_win_ci95"] = [ci for _, ci in rates]
    record["shared_wins"] = tally.shared
    record["draws"] = tally.draws
    record["draw_rate"], record["draw_ci95"] = _rate(tally.draws, n)
    losses = [_rate(lost, n) for _, _, lost in outcomes]
    record["seat_loss_rate"] = [rate for rate, _ in losses]
    record["seat_loss_ci95"] = [ci for _, ci in losses]
    record["mean_length"], record["length_ci95"] = _mean(tally.lengths)
    if len(tally.lengths) == 1:  # every game as long: a length, not an estimate with an interval
        record["length_ci95"] = None
    record["length_quartiles"] = [_maybe_number(quantile(tally.lengths, q)) for q in (0.25, 0.5, 0.75)]
    record["length_range"] = (
        [min(tally.lengths), max(tally.lengths)] if tally.lengths else [None, None]
    )
    record["length_histogram"] = _histogram(tally.lengths)
    for measure in job.playtester.measures:
        counts: Mapping[float, int] = tally.measures.get(measure.name, {})
        if measure.kind == "flag":
            hits = sum(count for value, count in counts.items() if value)
            rate, ci = _rate(hits, n)
            record[f"{measure.name}_rate"] = rate
            record[f"{measure.name}_ci95"] = ci
        elif measure.kind == "count":
            record[f"mean_{measure.name}"], record[f"{measure.name}_ci95"] = _mean(counts)
            record[f"{measure.name}_histogram"] = _histogram(counts)
    strategies = sorted(tally.strategy_seats)
    if len(strategies) > 1:
        record["strategy_win_rate"] = {}
        record["strategy_win_ci95"] = {}
        for strategy in strategies:
            rate, ci = _rate(tally.strategy_wins[strategy], tally.strategy_seats[strategy])
            record["strategy_win_rate"][strategy] = rate
            record["strategy_win_ci95"][strategy] = ci
    if tally.dummy_games:
        record["dummy_win_rate"] = {}
        record["dummy_win_ci95"] = {}
        for strategy in sorted(tally.dummy_games):
            rate, ci = _rate(tally.dummy_wins[strategy], tally.dummy_games[strategy])
            record["dummy_win_rate"][strategy] = rate
            record["dummy_win_ci95"][strategy] = ci
    for measure in job.playtester.measures:
        if measure.kind != "seat":
            continue
        by_who = tally.seat_measures.get(measure.name, {})
        record[f"mean_{measure.name}"], record[f"{measure.name}_ci95"] = {}, {}
        record[f"{measure.name}_histogram"] = {}
        for who in _who(job, by_who):
            record[f"mean_{measure.name}"][who], record[f"{measure.name}_ci95"][who] = _mean(by_who[who])
            record[f"{measure.name}_histogram"][who] = _histogram(by_who[who])
    pairs = _pairs(job, tally)
    if pairs:
        record["head_to_head"] = {pair_name(shown): _head_to_head(tally, stored, shown) for shown, stored in pairs}
    return _round(record)


def _who(job: Job, found) -> list[str]:
    """The strategies in the order the run lists them, then the dummies: whoever ``found`` holds."""
    order = [*dict.fromkeys(job.strategies), DUMMY]
    return [who for who in order if who in found]


def _pairs(job: Job, tally: Tally) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """Each pair the tally met, as the report names it (in the run's order) and as the tally keeps it."""
    order = list(dict.fromkeys(job.strategies))
    found = []
    for stored in sorted(tally.pair_games):
        a, b = stored
        shown = stored if order.index(a) < order.index(b) else (b, a)
        found.append((shown, stored))
    return sorted(found, key=lambda p: (order.index(p[0][0]), order.index(p[0][1])))


def _margins(tally: Tally, shown: tuple[str, str], stored: tuple[str, str]) -> dict[float, int]:
    """The margins of ``shown[0]`` over ``shown[1]``: the tally's, turned round when it keeps them the other way."""
    histogram: Mapping[float, int] = tally.pair_margins.get(stored, {})
    return dict(histogram) if shown == stored else {-margin: count for margin, count in histogram.items()}


def _ahead(tally: Tally, shown: tuple[str, str], stored: tuple[str, str]) -> int:
    """Games ``shown[0]`` finished ahead of ``shown[1]``."""
    games, ahead, tied = tally.pair_games[stored], tally.pair_ahead[stored], tally.pair_tied[stored]
    return ahead if shown == stored else games - ahead - tied


def _head_to_head(tally: Tally, stored: tuple[str, str], shown: tuple[str, str]) -> dict:
    games = tally.pair_games[stored]
    rate, ci = _rate(_ahead(tally, shown, stored), games)
    margin, margin_ci = _mean(_margins(tally, shown, stored))
    return {
        "games": games,
        "ahead_rate": rate,
        "ahead_ci95": ci,
        "tied": tally.pair_tied[stored],
        "mean_margin": margin,
        "margin_ci95": margin_ci,
    }


def _maybe_number(value):
    return None if value is None else _number(value)


@dataclass(frozen=True)
class Run:
    """A run's settings and its outcome, as the report needs them."""

    job: Job
    outcome: Outcome

    @property
    def tally(self) -> Tally:
        return self.outcome.tally


def differences(a: Run, b: Run) -> dict:
    """Every figure of run ``a`` minus run ``b``, with its interval and significance (JSON-ready)."""
    ta, tb = a.tally, b.tally
    found: dict[str, Difference] = {}
    if ta.seats == tb.seats:  # wins, draws and losses as the table shows them (a draw is no seat's win)
        for seat in range(ta.seats):
            (wa, _, la), (wb, _, lb) = ta.outcomes(seat), tb.outcomes(seat)
            found[f"seat_win_rate_{seat}"] = proportion_difference(wa, ta.games, wb, tb.games)
            found[f"seat_loss_rate_{seat}"] = proportion_difference(la, ta.games, lb, tb.games)
    found["draw_rate"] = proportion_difference(ta.draws, ta.games, tb.draws, tb.games)
    found["mean_length"] = mean_difference(Moments.of(ta.lengths), Moments.of(tb.lengths))
    for measure in a.job.playtester.measures:
        if measure.kind == "seat":
            mine, theirs = ta.seat_measures.get(measure.name, {}), tb.seat_measures.get(measure.name, {})
            for who in _who(a.job, mine):
                found[f"mean_{measure.name}_{who}"] = mean_difference(
                    Moments.of(mine[who]), Moments.of(theirs.get(who, {}))
                )
            continue
        ca: Mapping[float, int] = ta.measures.get(measure.name, {})
        cb: Mapping[float, int] = tb.measures.get(measure.name, {})
        if measure.kind == "flag":
            hits_a = sum(count for value, count in ca.items() if value)
            hits_b = sum(count for value, count in cb.items() if value)
            found[f"{measure.name}_rate"] = proportion_difference(hits_a, ta.games, hits_b, tb.games)
        else:
            found[f"mean_{measure.name}"] = mean_difference(Moments.of(ca), Moments.of(cb))
    for strategy in sorted(set(ta.dummy_games) & set(tb.dummy_games)):
        found[f"dummy_win_rate_{strategy}"] = proportion_difference(
            ta.dummy_wins[strategy], ta.dummy_games[strategy], tb.dummy_wins[strategy], tb.dummy_games[strategy]
        )
    for shown, stored in _pairs(a.job, ta):
        name = pair_name(shown)
        found[f"ahead_rate_{name}"] = proportion_difference(
            _ahead(ta, shown, stored), ta.pair_games[stored], _ahead(tb, shown, stored), tb.pair_games[stored]
        )
        found[f"mean_margin_{name}"] = mean_difference(
            Moments.of(_margins(ta, shown, stored)), Moments.of(_margins(tb, shown, stored))
        )
    return {name: _round(difference.record()) for name, difference in found.items()}


def report(run: Run, builtin: Run | None = None) -> dict:
    """The whole report: the run's settings and figures; beside them the built-in rules' figures
    and the differences when the templates' rules differ from the built-in game's."""
    job, playtester = run.job, run.job.playtester
    record = {
        "game": playtester.name,
        "title": playtester.credits.title,
        "seed": job.seed,
        "requested": job.games,
        "complete": run.outcome.complete,
        "players": job.players,
        "seats": seat_labels(job),
        "strategies": list(job.strategies),
        "rotate": job.rotate,
        "strategy_descriptions": {s: playtester.describe(s) for s in sorted(set(job.strategies))},
        "rules": dict(playtester.rules()),
        "engine": engine_path(playtester, job.strategies),
        "measures": {
            m.name: {"label": m.label, "kind": m.kind, "plotted": m.plotted} for m in playtester.measures
        },
        **figures(job, run.tally),
    }
    if builtin is not None:
        record["builtin_rules"] = dict(builtin.job.playtester.rules())
        record["builtin"] = figures(builtin.job, builtin.tally)
        record["differences"] = differences(run, builtin)
    return record


def json_text(record: dict) -> str:
    """The report as one JSON object on one line (the same bytes for the same figures)."""
    return json.dumps(record, ensure_ascii=False, sort_keys=True, allow_nan=False)


# --- words ----------------------------------------------------------------------------------


def percent(rate: float | None, digits: int = 1) -> str:
    return "–" if rate is None else f"{100 * rate:.{digits}f} %"


def interval(ci, as_percent: bool = True, digits: int = 1) -> str:
    if ci is None:
        return ""
    if as_percent:
        return f"[{100 * ci[0]:.{digits}f}, {100 * ci[1]:.{digits}f}]"
    return f"[{ci[0]:.{digits + 1}f}, {ci[1]:.{digits + 1}f}]"


def number(value: float | None, digits: int = 2, signed: bool = False) -> str:
    return "–" if value is None else f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"


@dataclass(frozen=True)
class Row:
    """One line of the report's table: a figure, its value for the run, and for the built-in rules."""

    label: str
    value: str
    builtin: str = ""
    difference: str = ""
    significant: bool = False
    p: str = ""
    interval: str = ""
    """The difference's 95 % interval, in the difference's own unit (``[-5.1, -2.3]``)."""


def figure_rows(record: dict) -> list[Row]:
    """The report's table, shared by the text summary and the PDF."""
    measures = {name: Measure(name, m["label"], m["kind"]) for name, m in record["measures"].items()}
    builtin = record.get("builtin")
    diffs = record.get("differences", {})
    rows: list[Row] = []

    def add(label: str, key: str, ci_key: str, as_percent: bool, diff_key: str | None = None,
            index: int | None = None, sub: str | None = None, inner: str | None = None,
            signed: bool = False) -> None:  # fmt: skip
        def shown(source: dict | None) -> str:
            if source is None:
                return ""
            if inner is not None:  # a figure of a mapping within the record (head_to_head)
                source = source.get(inner, {}).get(sub) or {}
            if index is not None:  # a figure per seat: the record holds a list of them
                value, ci = source[key][index], source[ci_key][index]
            else:
                value, ci = source.get(key), source.get(ci_key)
            if sub is not None and inner is None:
                value, ci = (value or {}).get(sub), (ci or {}).get(sub)
            if key == "mean_length" and len(source.get("length_histogram") or []) == 1:
                return f"{_number(source['length_histogram'][0][0])} (every game)"  # no spread: no interval
            main = percent(value) if as_percent else number(value, signed=signed)
            return f"{main} {interval(ci, as_percent)}".strip()

        diff = diffs.get(diff_key or key) if builtin is not None else None
        change = p = between = ""
        if diff is not None and diff["difference"] is not None:
            d = diff["difference"]
            change = f"{100 * d:+.1f} percentage points" if as_percent else f"{d:+.2f}"
            p = _p(diff["p_value"])
            between = interval(diff["ci95"], as_percent)
        rows.append(Row(label, shown(record), shown(builtin), change, bool(diff and diff["significant"]), p, between))

    for seat, label in enumerate(record["seats"]):
        add(f"{label} wins", "seat_win_rate", "seat_win_ci95", True, f"seat_win_rate_{seat}", index=seat)
    if record.get("draws"):  # a game that can end in a draw: each seat's wins, the draws, each seat's losses
        add("draws (no winner, or all tied)", "draw_rate", "draw_ci95", True)
        for seat, label in enumerate(record["seats"]):
            add(f"{label} loses", "seat_loss_rate", "seat_loss_ci95", True, f"seat_loss_rate_{seat}", index=seat)
    add("turns per game (mean)", "mean_length", "length_ci95", False)
    for name, measure in measures.items():
        if measure.kind == "flag":
            add(measure.label, f"{name}_rate", f"{name}_ci95", True)
        elif measure.kind == "count":
            add(f"{measure.label} (mean)", f"mean_{name}", f"{name}_ci95", False)
    for name, measure in measures.items():
        if measure.kind == "seat":
            for who in record.get(f"mean_{name}", {}):
                add(f"{measure.label}: {who} (mean)", f"mean_{name}", f"{name}_ci95", False,
                    f"mean_{name}_{who}", sub=who)  # fmt: skip
    for strategy in record.get("strategy_win_rate", {}):
        add(f"{strategy} wins (per seat played)", "strategy_win_rate", "strategy_win_ci95", True, sub=strategy)
    for label, strategy in dummy_rows(record):
        add(label, "dummy_win_rate", "dummy_win_ci95", True, f"dummy_win_rate_{strategy}", sub=strategy)
    for pair in record.get("head_to_head", {}):
        a, b = pair.split(" v ")
        add(f"{a} ahead of {b}", "ahead_rate", "ahead_ci95", True, f"ahead_rate_{pair}", sub=pair,
            inner="head_to_head")  # fmt: skip
        add(f"{a}'s margin over {b} (points)", "mean_margin", "margin_ci95", False, f"mean_margin_{pair}",
            sub=pair, inner="head_to_head", signed=True)  # fmt: skip
    return rows


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def dummy_rows(record: dict) -> list[tuple[str, str]]:
    """How the dummies' wins are shown: (label, strategy) pairs, one row when every strategy sat at
    every table (each strategy's figure is then the same games: one figure, not a row per strategy)."""
    rates = record.get("dummy_win_rate") or {}
    cis = record.get("dummy_win_ci95") or {}
    names = list(rates)
    if len(names) > 1 and len({(rates[n], tuple(cis.get(n) or ())) for n in names}) == 1:
        return [("a dummy wins", names[0])]
    return [(f"a dummy wins against {name}", name) for name in names]


def settings_line(record: dict) -> str:
    """``10,000 games, seed 1: random against greedy (seats rotated)``."""
    done = record["games"]
    games = f"{done:,} games" if record["complete"] else f"{done:,} of {record['requested']:,} games (interrupted)"
    versus = " against ".join(record["strategies"]) if len(set(record["strategies"])) > 1 else (
        f"every player {record['strategies'][0]}"
    )
    rotated = ", seats rotated" if record["rotate"] else ""
    rules = ", ".join(f"{k} {v}" for k, v in record["rules"].items())
    return f"{games}, seed {record['seed']}: {versus}{rotated}; rules: {rules}"


def text_summary(record: dict) -> str:
    """A few lines for the terminal: the settings and the table."""
    rows = figure_rows(record)
    lines = [f"{record['title']} playtest: {settings_line(record)}"]
    for strategy, words in record["strategy_descriptions"].items():
        lines.append(f"  {strategy}: {words}")
    if "builtin" in record:
        changed = join_words([f"{k} from {record['builtin_rules'].get(k)} to {v}" for k, v in record["rules"].items()
                              if record["builtin_rules"].get(k) != v])  # fmt: skip
        lines.append(f"  compared with the built-in rules (these rules change {changed or 'nothing'}); "
                     "* marks a significant difference (p < 0.05)")
    width = max(len(row.label) for row in rows)
    value_width = max(len(row.value) for row in rows)
    for row in rows:
        line = f"  {row.label:<{width}}  {row.value:<{value_width}}"
        if "builtin" in record:
            p = f" (p {row.p})" if row.p else ""
            line += f"  built-in {row.builtin}  {row.difference}{p}{' *' if row.significant else ''}"
        lines.append(line.rstrip())
    return "\n".join(lines)
