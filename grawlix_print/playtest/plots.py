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


def _figure(width: float, height: float, panels: int = 1):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(1, panels, squeeze=False)[0]
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
    figure, axes = _figure(6.4, 2.6, 2 if flags else 1)
    labels = list(record["seats"])
    picks: list[tuple[str, str, object]] = [("seat_win_rate", "seat_win_ci95", i) for i in range(len(labels))]
    for strategy in record.get("strategy_win_rate", {}):
        labels.append(strategy)
        picks.append(("strategy_win_rate", "strategy_win_ci95", strategy))
    for strategy in record.get("dummy_win_rate", {}):
        labels.append(f"dummy v {strategy}")
        picks.append(("dummy_win_rate", "dummy_win_ci95", strategy))
    series = []
    for name, source, colour in _runs(record):
        values, intervals = [], []
        for key, ci_key, index in picks:
            held, held_ci = source.get(key), source.get(ci_key)
            if held is None:
                values.append(None)
                intervals.append(None)
                continue
            values.append(held[index] if isinstance(index, int) else held.get(index))
            intervals.append(held_ci[index] if isinstance(index, int) else held_ci.get(index))
        series.append((name, values, intervals, colour))
    _bars(axes[0], labels, series)
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
    if len(runs) > 1:
        axis.legend(frameon=False)


def length_plot(record: dict) -> bytes:
    """The distribution of game lengths, its mean dashed."""
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


def plots(record: dict) -> dict[str, bytes]:
    """Every plot of the report by file name stem (``wins``, ``length``, ``measures``)."""
    from matplotlib import rc_context

    _fonts()
    with rc_context(_style()):
        drawn = {"wins": wins_plot(record), "length": length_plot(record), "measures": measures_plot(record)}
    return {name: png for name, png in drawn.items() if png is not None}
