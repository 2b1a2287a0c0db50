"""The report's plots as PNG bytes, drawn by matplotlib from a report record.

Drawn on matplotlib's Agg canvas (no window, no pyplot state), set in the
package's own Quicksand, and saved without the software tag: the same record
gives the same bytes. Each plot shows the run and, when the templates' rules
differ from the built-in game's, the built-in rules beside it.
"""

from __future__ import annotations

import io
from functools import cache

from ..fonts import QUICKSAND_BOLD, QUICKSAND_MEDIUM

DPI = 200
THESE = "#1f6f8b"  # the run's colour
BUILTIN = "#b0b0b0"  # the built-in rules'
INK = "#333333"
MEDIUM, BOLD = "Quicksand Medium", "Quicksand"  # the family names inside the two font files


@cache
def _fonts() -> None:
    from matplotlib import font_manager

    for path in (QUICKSAND_MEDIUM, QUICKSAND_BOLD):
        font_manager.fontManager.addfont(str(path))


def _style() -> dict:
    return {
        "font.family": MEDIUM,
        "font.size": 8,
        "font.weight": 500,
        "axes.labelweight": 500,
        "axes.titlesize": 9,
        "axes.edgecolor": INK,
        "axes.labelcolor": INK,
        "xtick.color": INK,
        "ytick.color": INK,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "svg.hashsalt": "grawlix-print",
    }


def _title(axis, text: str) -> None:
    axis.set_title(text, fontfamily=BOLD, fontweight="bold")


def _png(figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    return buffer.getvalue()


def _figure(width: float, height: float, panels: int = 1, rows: int = 1, widths: list[float] | None = None):
    """A figure with ``rows`` rows of ``panels`` axes each (``widths`` in proportion), listed row by row."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(rows, panels, squeeze=False, width_ratios=widths).ravel()
    return figure, list(axes)


def _runs(record: dict) -> list[tuple[str, dict, str]]:
    runs = [("these rules" if "builtin" in record else "", record, THESE)]
    if "builtin" in record:
        runs.append(("built-in rules", record["builtin"], BUILTIN))
    return runs


def _bars(axis, labels: list[str], series: list[tuple[str, list, list, str]], percent: bool = True) -> None:
    """Grouped bars with interval whiskers; ``series`` holds (name, values, intervals, colour)."""
    width = 0.8 / len(series)
    scale = 100 if percent else 1
    for k, (name, values, intervals, colour) in enumerate(series):
        xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(labels))]
        heights = [0 if v is None else v * scale for v in values]
        low = [0 if v is None or ci is None else (v - ci[0]) * scale for v, ci in zip(values, intervals)]
        high = [0 if v is None or ci is None else (ci[1] - v) * scale for v, ci in zip(values, intervals)]
        axis.bar(xs, heights, width * 0.92, color=colour, label=name or None,
                 yerr=[low, high], error_kw={"elinewidth": 0.8, "capsize": 2, "ecolor": INK})  # fmt: skip
    axis.set_xticks(range(len(labels)), labels)
    if percent:
        axis.set_ylim(0, 100)
        axis.set_ylabel("% of games")


def wins_plot(record: dict) -> bytes:
    """Win rates by seat (and by strategy, and of dummies) and how often each flag happened."""
    flags = [(name, m["label"]) for name, m in record["measures"].items() if m["kind"] == "flag"]
    labels = list(record["seats"])
    bars = len(labels) + len(record.get("strategy_win_rate", {})) + len(record.get("dummy_win_rate", {}))
    figure, axes = _figure(6.4, 2.6, 2 if flags else 1, widths=[max(2, bars), max(4, len(flags))] if flags else None)
    picks: list[tuple[str, str, int | str]] = [("seat_win_rate", "seat_win_ci95", i) for i in range(len(labels))]
    for strategy in record.get("strategy_win_rate", {}):
        labels.append(strategy)
        picks.append(("strategy_win_rate", "strategy_win_ci95", strategy))
    for strategy in record.get("dummy_win_rate", {}):
        labels.append(f"dummy\nv {strategy}")
        picks.append(("dummy_win_rate", "dummy_win_ci95", strategy))
    series = []
    for name, source, colour in _runs(record):
        values: list[float | None] = []
        intervals: list[list[float] | None] = []
        for key, ci_key, index in picks:
            held = source.get(key)
            if held is None:
                values.append(None)
                intervals.append(None)
                continue
            held_ci = source[ci_key]  # a record holds each figure's interval beside it
            values.append(held[index] if isinstance(index, int) else held.get(index))
            intervals.append(held_ci[index] if isinstance(index, int) else held_ci.get(index))
        series.append((name, values, intervals, colour))
    _bars(axes[0], [label if "\n" in label else _wrap(label, 6) for label in labels], series)
    if bars > 6:
        axes[0].tick_params(axis="x", labelsize=6.5)
    axes[0].axhline(100 / len(record["seats"]), color=INK, linewidth=0.6, linestyle=":")
    _title(axes[0], "Who wins (95 % intervals)")
    if "builtin" in record:
        axes[0].legend(frameon=False, loc="upper right")
    if flags:
        series = [
            (name, [source.get(f"{f}_rate") for f, _ in flags], [source.get(f"{f}_ci95") for f, _ in flags], colour)
            for name, source, colour in _runs(record)
        ]
        _bars(axes[1], [_wrap(label) for _, label in flags], series)
        _title(axes[1], "How often (95 % intervals)")
    return _png(figure)


def _wrap(label: str, width: int = 16) -> str:
    words, lines, line = label.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return "\n".join([*lines, line])


def _filled(histogram: list, span: tuple[float, float] | None) -> tuple[list, list]:
    """Values and shares of games, whole-number values filled in with zeros across ``span``."""
    counts = {value: count for value, count in histogram}
    total = sum(counts.values()) or 1
    if span is not None and all(float(v).is_integer() for v in counts):
        values = list(range(int(span[0]), int(span[1]) + 1))
    else:
        values = sorted(counts)
    return values, [100 * counts.get(v, 0) / total for v in values]


def _distribution(axis, record: dict, key: str, mean_key: str, title: str, xlabel: str) -> None:
    runs = _runs(record)
    seen = [value for _, source, _ in runs for value, _ in source.get(key) or []]
    span = (min(seen), max(seen)) if seen else None
    for k, (name, source, colour) in enumerate(runs):
        xs, shares = _filled(source.get(key) or [], span)
        if k == 0:
            axis.bar(xs, shares, 0.9, color=colour, label=name or None)
        else:
            axis.step(xs, shares, where="mid", color=INK, linewidth=0.9, label=name)
        if source.get(mean_key) is not None:
            axis.axvline(source[mean_key], color="#e07a1f" if k == 0 else INK, linewidth=1,
                         linestyle="--", zorder=3)  # fmt: skip
    _title(axis, title)
    axis.set_xlabel(xlabel)
    axis.set_ylabel("% of games")
    _whole_numbers(axis, seen)
    if len(runs) > 1:
        axis.legend(frameon=False)


def _whole_numbers(axis, values: list) -> None:
    """Ticks at whole numbers only, when the values are whole numbers."""
    from matplotlib.ticker import MaxNLocator

    if all(float(v).is_integer() for v in values):
        axis.xaxis.set_major_locator(MaxNLocator(integer=True))


def length_plot(record: dict) -> bytes | None:
    """The distribution of game lengths, its mean dashed; None when every game lasts as long (the
    table says how long)."""
    if all(len(source.get("length_histogram") or []) <= 1 for _, source, _ in _runs(record)):
        return None
    figure, (axis,) = _figure(6.4, 2.3)
    _distribution(axis, record, "length_histogram", "mean_length",
                  "Game length (mean dashed)", "turns")  # fmt: skip
    return _png(figure)


def measures_plot(record: dict) -> bytes | None:
    """The distribution of each plotted count measure, or None when the game has none."""
    counts = [(n, m["label"]) for n, m in record["measures"].items() if m["kind"] == "count" and m["plotted"]]
    if not counts:
        return None
    figure, axes = _figure(6.4, 2.3, len(counts))
    for axis, (name, label) in zip(axes, counts):
        _distribution(axis, record, f"{name}_histogram", f"mean_{name}", label, label)
    return _png(figure)


WHO_COLOURS = (THESE, "#e07a1f", "#7b4fa0", "#3c8d2f")
DUMMY_COLOUR = "#8a8a8a"
FEW_VALUES = 12  # a measure spanning at most this many is drawn as bars


def seats_plot(record: dict) -> bytes | None:
    """Each per-seat measure's distribution for each strategy and for the dummies (the run's rules
    only: the table compares them with the built-in rules'), or None when the game has none. A
    measure of a few values is drawn as bars side by side, one of many values as lines."""
    names = [(n, m["label"]) for n, m in record["measures"].items() if m["kind"] == "seat" and m["plotted"]]
    if not names:
        return None
    columns = min(2, len(names))
    rows = -(-len(names) // columns)
    figure, axes = _figure(6.4, 1.9 * rows + 0.3, columns, rows)
    for axis in axes[len(names):]:
        axis.set_visible(False)
    for axis, (name, label) in zip(axes, names):
        histograms = record.get(f"{name}_histogram") or {}
        seen = sorted({value for histogram in histograms.values() for value, _ in histogram})
        step = _step(seen)
        xs = seen if step is None else [seen[0] + k * step for k in range(round((seen[-1] - seen[0]) / step) + 1)]
        few = len(xs) <= FEW_VALUES
        width = 0.8 * (step or 1) / max(1, len(histograms))
        for k, (who, histogram) in enumerate(histograms.items()):
            colour = DUMMY_COLOUR if who == "dummy" else WHO_COLOURS[k % len(WHO_COLOURS)]
            counts = dict(histogram)
            total = sum(counts.values()) or 1
            shares = [100 * counts.get(x, 0) / total for x in xs]
            if few:
                offset = (k - (len(histograms) - 1) / 2) * width
                axis.bar([x + offset for x in xs], shares, width * 0.92, color=colour, label=who)
            else:
                axis.step(xs, shares, where="mid", color=colour, linewidth=1.1, label=who)
            mean = (record.get(f"mean_{name}") or {}).get(who)
            if mean is not None:
                axis.axvline(mean, color=colour, linewidth=0.8, linestyle="--")
        _title(axis, f"{label} (means dashed)")
        axis.set_ylabel("% of seats")
        if few:
            axis.set_xticks(xs)
        else:
            _whole_numbers(axis, seen)
        axis.legend(frameon=False, fontsize=7)
    return _png(figure)


def _step(values: list) -> float | None:
    """The largest step every value lies on from the smallest (2 for 12, 14, 20), for whole numbers;
    else None."""
    from math import gcd

    if not values or not all(float(v).is_integer() for v in values):
        return None
    step = 0
    for v in values:
        step = gcd(step, int(v) - int(values[0]))
    return step or 1


def plots(record: dict) -> dict[str, bytes]:
    """Every plot of the report by file name stem (``wins``, ``length``, ``measures``, ``seats``)."""
    from matplotlib import rc_context

    _fonts()
    with rc_context(_style()):
        drawn = {"wins": wins_plot(record), "length": length_plot(record), "measures": measures_plot(record),
                 "seats": seats_plot(record)}  # fmt: skip
    return {name: png for name, png in drawn.items() if png is not None}
