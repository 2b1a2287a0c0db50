"""The report's plots, drawn from a report record as ``drawing.chart`` charts (PNG and PDF).

Each plot shows the run and, when the templates' rules differ from the built-in
game's, the built-in rules beside it: bars side by side, or the built-in
distribution as a dark step line over the run's bars. A sweep's heat maps show
one figure of every variant (``heat_maps``). The same record gives the same
charts, and the same PNG bytes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..drawing.chart import Axes, Box, Chart, Label, Line, nice_ticks, png_bytes, text_width
from .report import dummy_rows

DPI = 200
WIDTH = 6.4 * 72  # a plot's width in points: the PDF's text width, near enough
THESE = "#1f6f8b"  # the run's colour
BUILTIN = "#b0b0b0"  # the built-in rules'
INK = "#333333"
MEAN = "#e07a1f"
WHO_COLOURS = (THESE, "#e07a1f", "#7b4fa0", "#3c8d2f")
DUMMY_COLOUR = "#8a8a8a"
FEW_VALUES = 12  # a measure spanning at most this many is drawn as bars
SIZE = 7.0  # tick labels; titles a little larger


# --- layout -----------------------------------------------------------------------------------


def _cells(width: float, height: float, columns: int, rows: int = 1,
           widths: Sequence[float] | None = None) -> list[tuple[float, float, float, float]]:  # fmt: skip
    """Panels (x, y, width, height) row by row, ``widths`` in proportion."""
    shares = list(widths or [1.0] * columns)
    gap = 14.0
    usable = width - gap * (columns - 1)
    cells = []
    for row in range(rows):
        x = 0.0
        for share in shares:
            w = usable * share / sum(shares)
            cells.append((x, row * height / rows, w, height / rows))
            x += w + gap
    return cells


def _axes(cell: tuple[float, float, float, float], xs: tuple[float, float], ys: tuple[float, float],
          y_ticks: Sequence[float], x_lines: int = 1, x_label: bool = False, title: bool = True,
          y_label: bool = True) -> Axes:  # fmt: skip
    """The plotting area of a panel, leaving room for its ticks, labels and title."""
    x, y, w, h = cell
    left = max((text_width(f"{v:g}", SIZE) for v in y_ticks), default=0) + 8 + (SIZE * 1.6 if y_label else 0)
    top = SIZE * 2.6 if title else 6
    bottom = 6 + SIZE * 1.15 * x_lines + (SIZE * 1.6 if x_label else 0) + 2
    return Axes((x + left + 2, y + top, max(10.0, w - left - 8), max(10.0, h - top - bottom)), xs, ys)


def _legend(chart: Chart, axes: Axes, entries: Sequence[tuple[str, str, str]], drawn_from: int = 0) -> None:
    """A legend in the top corner of ``axes`` that hides least of what was drawn there (the items
    of ``chart`` from ``drawn_from`` on): (label, colour, mark) with mark ``box`` or ``line``."""
    size = SIZE
    widest = max(text_width(label, size) for label, _, _ in entries)
    width, height = widest + 18, size * 1.5 * len(entries) + 2
    left_edge, top, area_width, _ = axes.box
    corners = [left_edge + area_width - width, left_edge + 6, left_edge + (area_width - width) / 2]

    def hidden(left: float) -> float:
        right, bottom, covered = left + width, top + height, 0.0
        for item in chart.items[drawn_from:]:
            if isinstance(item, Box):
                overlap = min(right, item.x + item.width) - max(left, item.x)
                if overlap > 0 and item.y < bottom:
                    covered += overlap * (bottom - max(item.y, top))
            elif isinstance(item, Line):
                covered += sum(width for px, py in item.points if left <= px <= right and py < bottom)
        return covered

    left = min(corners, key=hidden)
    y = top
    for n, (label, colour, mark) in enumerate(entries):
        middle = y + size * 0.8 + n * size * 1.5
        if mark == "box":
            chart.add(Box(left, middle - size * 0.35, 11, size * 0.7, colour))
        else:
            chart.add(Line(((left, middle), (left + 11, middle)), colour, 1.2))
        chart.add(Label(left + 15, middle, label, size, INK, centred=True))


def _wrap(label: str, width: int = 16) -> str:
    words, lines, line = label.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return "\n".join([*lines, line])


def _runs(record: dict) -> list[tuple[str, dict, str]]:
    runs = [("these rules" if "builtin" in record else "", record, THESE)]
    if "builtin" in record:
        runs.append(("built-in rules", record["builtin"], BUILTIN))
    return runs


# --- who wins, how often ----------------------------------------------------------------------------


def _bars(chart: Chart, cell, labels: list[str], series: list[tuple[str, list, list, str]], title: str,
          reference: float | None = None, legend: bool = True) -> None:  # fmt: skip
    """Grouped bars of percentages with interval whiskers; ``series`` holds (name, values, intervals, colour)."""
    lines = max(label.count("\n") + 1 for label in labels)
    ticks = nice_ticks(0, 100)
    axes = _axes(cell, (-0.5, len(labels) - 0.5), (0, 100), ticks, lines)
    axes.frame(chart, INK, ticks, [(i, label) for i, label in enumerate(labels)], "% of games", title=title, size=SIZE)
    drawn_from = len(chart.items)
    step = (axes.x(1) - axes.x(0)) * 0.8 / len(series)
    for k, (_, values, intervals, colour) in enumerate(series):
        for i, (value, ci) in enumerate(zip(values, intervals)):
            if value is None:
                continue
            middle = axes.x(i) + (k - (len(series) - 1) / 2) * step
            chart.add(Box(middle - step * 0.46, axes.y(100 * value), step * 0.92, axes.y(0) - axes.y(100 * value),
                          colour))  # fmt: skip
            if ci is not None:
                low, high = axes.y(100 * ci[0]), axes.y(100 * ci[1])
                chart.add(Line(((middle, low), (middle, high)), INK, 0.7),
                          Line(((middle - 2, low), (middle + 2, low)), INK, 0.7),
                          Line(((middle - 2, high), (middle + 2, high)), INK, 0.7))  # fmt: skip
    if reference is not None:
        y = axes.y(reference)
        chart.add(Line(((axes.box[0], y), (axes.box[0] + axes.box[2], y)), INK, 0.5, (1.0, 1.5)))
    if len(series) > 1 and legend:
        _legend(chart, axes, [(name, colour, "box") for name, _, _, colour in series], drawn_from)


def wins_plot(record: dict) -> Chart:
    """Win rates by seat (and by strategy, and of dummies) and how often each flag happened."""
    flags = [(name, m["label"]) for name, m in record["measures"].items() if m["kind"] == "flag"]
    labels = [_wrap(label, 6) for label in record["seats"]]
    picks: list[tuple[str, str, int | str | None]] = [("seat_win_rate", "seat_win_ci95", i) for i in range(len(labels))]
    for strategy in record.get("strategy_win_rate", {}):
        labels.append(_wrap(strategy, 6))
        picks.append(("strategy_win_rate", "strategy_win_ci95", strategy))
    for label, strategy in dummy_rows(record):
        labels.append("dummy" if label == "a dummy wins" else f"dummy\nv {strategy}")
        picks.append(("dummy_win_rate", "dummy_win_ci95", strategy))
    if record.get("draws"):  # a game that can end with no winner: its draws beside the seats' wins
        labels.append("draw")
        picks.append(("draw_rate", "draw_ci95", None))
    chart = Chart(WIDTH, 2.6 * 72)
    cells = _cells(chart.width, chart.height, 2 if flags else 1,
                   widths=[max(2, len(labels)), max(4, len(flags))] if flags else None)  # fmt: skip
    series = []
    for name, source, colour in _runs(record):
        values: list[float | None] = []
        intervals: list[list[float] | None] = []
        for key, ci_key, index in picks:
            held, held_ci = source.get(key), source.get(ci_key)
            if held is None or held_ci is None:
                values.append(None)
                intervals.append(None)
                continue
            if index is None:  # a figure of the whole run
                values.append(held)
                intervals.append(held_ci)
                continue
            values.append(held[index] if isinstance(index, int) else held.get(index))
            intervals.append(held_ci[index] if isinstance(index, int) else held_ci.get(index))
        series.append((name, values, intervals, colour))
    _bars(chart, cells[0], labels, series, "Who wins (95 % intervals)", 100 / len(record["seats"]))
    if flags:
        flag_series = [
            (name, [source.get(f"{f}_rate") for f, _ in flags], [source.get(f"{f}_ci95") for f, _ in flags], colour)
            for name, source, colour in _runs(record)
        ]
        _bars(chart, cells[1], [_wrap(label) for _, label in flags], flag_series, "How often (95 % intervals)",
              legend=False)  # fmt: skip
    return chart


# --- distributions ------------------------------------------------------------------------------------


def _filled(histogram: Sequence, values: Sequence[float]) -> list[float]:
    """Each value's share of the histogram, in percent (0 where it has none)."""
    counts = {value: count for value, count in histogram}
    total = sum(counts.values()) or 1
    return [100 * counts.get(v, 0) / total for v in values]


def _span(seen: Sequence[float]) -> list[float]:
    """The values to plot: every whole number between the least and the most, when they are whole."""
    if seen and all(float(v).is_integer() for v in seen):
        return list(range(int(min(seen)), int(max(seen)) + 1))
    return sorted(set(seen))


def _x_ticks(values: Sequence[float]) -> list[tuple[float, str]]:
    ticks = [t for t in nice_ticks(min(values), max(values), 8)]
    if all(float(v).is_integer() for v in values):
        ticks = [t for t in ticks if float(t).is_integer()] or [min(values)]
    return [(t, f"{t:g}") for t in ticks]


def _step(chart: Chart, axes: Axes, values: Sequence[float], shares: Sequence[float], colour: str,
          width: float = 1.0) -> None:  # fmt: skip
    """A histogram's outline: level across each value's bin, vertical between bins."""
    points: list[tuple[float, float]] = []
    for n, (value, share) in enumerate(zip(values, shares)):
        half_left = (value - values[n - 1]) / 2 if n else (values[1] - value) / 2 if len(values) > 1 else 0.5
        half_right = (values[n + 1] - value) / 2 if n + 1 < len(values) else half_left
        points += [(axes.x(value - half_left), axes.y(share)), (axes.x(value + half_right), axes.y(share))]
    chart.add(Line(tuple(points), colour, width))


def _distribution(chart: Chart, cell, record: dict, key: str, mean_key: str, title: str, x_label: str) -> None:
    runs = _runs(record)
    seen = [value for _, source, _ in runs for value, _ in source.get(key) or []]
    values = _span(seen)
    shares = [_filled(source.get(key) or [], values) for _, source, _ in runs]
    top = max(max(s) for s in shares) or 1
    ticks = nice_ticks(0, top * 1.05, 5)
    high = max(ticks[-1], top * 1.08)
    gap = (values[1] - values[0]) if len(values) > 1 else 1
    axes = _axes(cell, (values[0] - gap * 0.6, values[-1] + gap * 0.6), (0, high), ticks, 1, x_label=True)
    axes.frame(chart, INK, ticks, _x_ticks(values), "% of games", x_label, title, SIZE)
    drawn_from = len(chart.items)
    width = (axes.x(values[0] + gap) - axes.x(values[0])) * 0.9
    for value, share in zip(values, shares[0]):
        chart.add(Box(axes.x(value) - width / 2, axes.y(share), width, axes.y(0) - axes.y(share), THESE))
    if len(runs) > 1:
        _step(chart, axes, values, shares[1], INK, 0.9)
    for k, (_, source, _) in enumerate(runs):
        mean = source.get(mean_key)
        if mean is not None:
            x = axes.x(mean)
            chart.add(Line(((x, axes.box[1]), (x, axes.y(0))), MEAN if k == 0 else INK, 1.0, (3.0, 2.0)))
    if len(runs) > 1:
        _legend(chart, axes, [("these rules", THESE, "box"), ("built-in rules", INK, "line")], drawn_from)


def length_plot(record: dict) -> Chart | None:
    """The distribution of game lengths, its mean dashed; None when every game lasts as long (the
    table says how long)."""
    if all(len(source.get("length_histogram") or []) <= 1 for _, source, _ in _runs(record)):
        return None
    chart = Chart(WIDTH, 2.3 * 72)
    _distribution(chart, _cells(chart.width, chart.height, 1)[0], record, "length_histogram", "mean_length",
                  "Game length (mean dashed)", "turns")  # fmt: skip
    return chart


def measures_plot(record: dict) -> Chart | None:
    """The distribution of each plotted count measure, or None when the game has none."""
    counts = [(n, m["label"]) for n, m in record["measures"].items() if m["kind"] == "count" and m["plotted"]]
    counts = [(n, label) for n, label in counts if any(source.get(f"{n}_histogram") for _, source, _ in _runs(record))]
    if not counts:
        return None
    chart = Chart(WIDTH, 2.3 * 72)
    for cell, (name, label) in zip(_cells(chart.width, chart.height, len(counts)), counts):
        _distribution(chart, cell, record, f"{name}_histogram", f"mean_{name}", label, label)
    return chart


def _step_of(values: Sequence[float]) -> float | None:
    """The largest step every value lies on from the smallest (2 for 12, 14, 20), for whole numbers."""
    if not values or not all(float(v).is_integer() for v in values):
        return None
    step = 0
    for v in values:
        step = math.gcd(step, int(v) - int(values[0]))
    return step or 1


def _seat_panel(chart: Chart, cell, histograms: dict, means: dict, title: str, xs: list[float], few: bool,
                top: float, colours: dict[str, str]) -> None:  # fmt: skip
    """One per-seat measure's distribution for each strategy and the dummies: bars side by side for
    a few values, step lines for many; each mean dashed."""
    ticks = nice_ticks(0, top * 1.05, 5)
    gap = min((b - a for a, b in zip(xs, xs[1:])), default=1)
    axes = _axes(cell, (xs[0] - gap * 0.6, xs[-1] + gap * 0.6), (0, max(ticks[-1], top * 1.08)), ticks)
    if few:  # bars at this panel's own values, as wide as their nearest neighbours allow
        xs = sorted({value for histogram in histograms.values() for value, _ in histogram}) or xs
        gap = min((b - a for a, b in zip(xs, xs[1:])), default=gap)
    shown = [(x, f"{x:g}") for x in xs] if few else _x_ticks(xs)
    axes.frame(chart, INK, ticks, shown, "% of seats", title=title, size=SIZE)
    band = (axes.x(xs[0] + gap) - axes.x(xs[0])) * 0.8 / max(1, len(histograms))
    for k, (who, histogram) in enumerate(histograms.items()):
        shares = _filled(histogram, xs)
        if few:
            offset = (k - (len(histograms) - 1) / 2) * band
            for x, share in zip(xs, shares):
                left = axes.x(x) + offset - band * 0.46
                chart.add(Box(left, axes.y(share), band * 0.92, axes.y(0) - axes.y(share), colours[who]))
        else:
            _step(chart, axes, xs, shares, colours[who], 1.1)
        mean = means.get(who)
        if mean is not None:
            chart.add(Line(((axes.x(mean), axes.box[1]), (axes.x(mean), axes.y(0))), colours[who], 0.8, (3.0, 2.0)))


def seats_plot(record: dict) -> Chart | None:
    """Each per-seat measure's distribution for each strategy and for the dummies, or None when the
    game has none: two measures a row, or, beside the built-in rules, each measure in a row of two
    panels (these rules, built-in rules) on the same scales."""
    names = [(n, m["label"]) for n, m in record["measures"].items() if m["kind"] == "seat" and m["plotted"]]
    if not names:
        return None
    builtin = record.get("builtin")
    runs = [("", record)] if builtin is None else [("these rules", record), ("built-in rules", builtin)]
    columns = 2 if builtin is not None else min(2, len(names))
    rows = len(names) if builtin is not None else -(-len(names) // columns)
    key_height = 14.0  # one key for every panel, across the top: the same colours throughout
    chart = Chart(WIDTH, ((1.6 if builtin is not None else 1.9) * rows + 0.3) * 72 + key_height)
    cells = [(x, y + key_height, w, h)
             for x, y, w, h in _cells(chart.width, chart.height - key_height, columns, rows)]  # fmt: skip
    colours: dict[str, str] = {}
    for who in (who for name, _ in names for _, source in runs for who in source.get(f"{name}_histogram") or {}):
        if who not in colours:
            colours[who] = DUMMY_COLOUR if who == "dummy" else WHO_COLOURS[len(colours) % len(WHO_COLOURS)]
    panels = iter(cells)
    for name, label in names:
        histograms = [source.get(f"{name}_histogram") or {} for _, source in runs]
        seen = sorted({value for h in histograms for one in h.values() for value, _ in one})
        if not seen:
            continue
        step = _step_of(seen)
        xs = seen if step is None else [seen[0] + k * step for k in range(round((seen[-1] - seen[0]) / step) + 1)]
        few = len(xs) <= FEW_VALUES
        if not few and step is not None and len(xs) > 3 * len(seen):  # sparse values: plot those alone
            xs, few = seen, len(seen) <= FEW_VALUES
        top = max((max(_filled(one, xs)) for h in histograms for one in h.values()), default=1) or 1
        for (run, source), histogram in zip(runs, histograms):
            title = f"{label}, {run}" if run else label
            _seat_panel(chart, next(panels), histogram, source.get(f"mean_{name}") or {}, title, xs, few, top, colours)
    x = 4.0
    for who, colour in colours.items():
        chart.add(Box(x, 3, 11, SIZE * 0.7, colour), Label(x + 15, 3 + SIZE * 0.35, who, SIZE, INK, centred=True))
        x += 15 + text_width(who, SIZE) + 14
    chart.add(Label(x, 3 + SIZE * 0.35, "(each mean dashed)", SIZE, INK, centred=True))
    return chart


def plots(record: dict) -> dict[str, Chart]:
    """Every plot of the report by file name stem (``wins``, ``length``, ``measures``, ``seats``)."""
    drawn = {"wins": wins_plot(record), "length": length_plot(record), "measures": measures_plot(record),
             "seats": seats_plot(record)}  # fmt: skip
    return {name: chart for name, chart in drawn.items() if chart is not None}


def png(chart: Chart) -> bytes:
    return png_bytes(chart, DPI)


# --- a sweep's heat maps ---------------------------------------------------------------------------

COOL, WARM, PAPER = (0x1F, 0x6F, 0x8B), (0xE0, 0x7A, 0x1F), (0xF7, 0xF7, 0xF7)
REFUSED = "#d9d9d9"


def _blend(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> str:
    t = min(1.0, max(0.0, t))
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def _colour(value: float, low: float, high: float, diverging: bool) -> str:
    """A cell's colour: from blue through pale grey to orange (around zero when ``diverging``)."""
    if diverging:
        reach = max(abs(low), abs(high)) or 1
        return _blend(PAPER, WARM, value / reach) if value >= 0 else _blend(PAPER, COOL, -value / reach)
    return _blend(PAPER, COOL, (value - low) / ((high - low) or 1))


def signed(value: float, digits: int) -> str:
    """``+0.4``, ``-1.2``; and ``0.0`` rather than ``-0.0`` for what rounds to nothing."""
    text = f"{value:+.{digits}f}"
    return f"{0:.{digits}f}" if float(text) == 0 else text


def heat_map(record: dict, figure) -> Chart:
    """One sweep figure (``sweep.Figure``) over the variants: the first varied key across, the
    second down (one row for a single key), one panel per value of any further keys. Each cell
    holds the figure and its interval; a balanced first-seat advantage is marked, a refused
    variant shaded."""
    keys = list(record["varied"])
    across, down, rest = keys[0], keys[1] if len(keys) > 1 else None, keys[2:]
    xs = record["varied"][across]
    ys = record["varied"][down] if down else [None]
    groups: dict[tuple, dict[tuple, dict]] = {}
    for row in record["variants"]:
        rules = row["rules"]
        group = tuple(rules[k] for k in rest)
        groups.setdefault(group, {})[(rules[across], rules[down] if down else None)] = row
    played = [row.get(figure.key) for row in record["variants"] if row.get(figure.key) is not None]
    low, high = (min(played), max(played)) if played else (0.0, 1.0)
    diverging = figure.key == "first_seat_advantage"
    scale = 100 if figure.percent else 1
    cell_w = max(34.0, min(70.0, 380 / len(xs)))
    cell_h = 26.0
    label_w = max((text_width(f"{down} {y}", SIZE) for y in ys), default=0) + 10 if down else 10
    panel_w = label_w + cell_w * len(xs) + 10
    per_row = max(1, int(WIDTH // panel_w))
    panels = list(groups.items())
    head = 16 if rest else 0  # a panel's own title: the values of the further keys
    panel_h = head + cell_h * len(ys) + 34
    rows = -(-len(panels) // per_row)
    title = f"{figure.label[0].upper()}{figure.label[1:]}" + (" (percentage points)" if diverging else
                                                              " (%)" if figure.percent else "")  # fmt: skip
    refused = any(row.get("refused") for row in record["variants"])
    missing = any(not row.get("refused") and row.get(figure.key) is None for row in record["variants"])
    notes = []
    if diverging:
        notes += ["Orange: the first player wins more often; blue: less often.",
                  "Outlined and bold: not significantly different from zero (p >= 0.05), a setting that balances "
                  "the seats."]  # fmt: skip
    if refused:
        notes.append("Shaded: a variant the rules refuse.")
    if missing:
        notes.append("–: no such figure under those rules (no dummies at the table, say).")
    chart = Chart(max(WIDTH, panel_w), 26 + rows * panel_h + 10 * len(notes))
    chart.add(Label(4, 14, title + ": each variant's value, its 95 % interval below", SIZE + 1.5, INK, bold=True))
    for n, (group, cells) in enumerate(panels):
        left = (n % per_row) * panel_w
        top = 26 + (n // per_row) * panel_h
        if rest:
            words = ", ".join(f"{k} {v}" for k, v in zip(rest, group))
            chart.add(Label(left + label_w, top + 10, words, SIZE, INK, bold=True))
        grid_top = top + head
        for i, x in enumerate(xs):
            chart.add(Label(left + label_w + (i + 0.5) * cell_w, grid_top + cell_h * len(ys) + 10, f"{x}", SIZE, INK,
                            anchor="middle"))  # fmt: skip
        chart.add(Label(left + label_w + cell_w * len(xs) / 2, grid_top + cell_h * len(ys) + 19, across, SIZE, INK,
                        anchor="middle"))  # fmt: skip
        for j, y in enumerate(ys):
            top_y = grid_top + j * cell_h
            if down:
                chart.add(Label(left + label_w - 5, top_y + cell_h / 2, f"{down} {y}", SIZE, INK, anchor="end",
                                centred=True))  # fmt: skip
            for i, x in enumerate(xs):
                row = cells.get((x, y))
                cx = left + label_w + i * cell_w
                if row is None or row.get("refused") or row.get(figure.key) is None:
                    chart.add(Box(cx, top_y, cell_w - 1, cell_h - 1, REFUSED),
                              Label(cx + cell_w / 2, top_y + cell_h / 2, "refused" if row and row.get("refused")
                                    else "–", SIZE - 1, INK, anchor="middle", centred=True))  # fmt: skip
                    continue
                value = row[figure.key]
                fill = _colour(value, low, high, diverging)
                balanced = diverging and row.get("balanced")
                chart.add(Box(cx, top_y, cell_w - 1, cell_h - 1, fill, INK if balanced else None, 1.2))
                digits = 1 if figure.percent else 2 if abs(value) < 100 else 0
                chart.add(Label(cx + cell_w / 2, top_y + cell_h * 0.45, signed(scale * value, digits) if diverging
                                else f"{scale * value:.{digits}f}", SIZE, INK, bold=bool(balanced), anchor="middle"))  # fmt: skip
                ci = row.get(figure.ci_key)
                if ci is not None:
                    chart.add(Label(cx + cell_w / 2, top_y + cell_h * 0.82,
                                    f"[{scale * ci[0]:.{digits}f}, {scale * ci[1]:.{digits}f}]", SIZE - 2, INK,
                                    anchor="middle"))  # fmt: skip
    for n, note in enumerate(notes):
        chart.add(Label(4, chart.height - 4 - 10 * (len(notes) - 1 - n), note, SIZE - 0.5, INK))
    return chart


def heat_maps(record: dict, shown) -> dict[str, Chart]:
    """A heat map per shown sweep figure, by file name stem."""
    return {figure.short.replace("_", "-"): heat_map(record, figure) for figure in shown}
