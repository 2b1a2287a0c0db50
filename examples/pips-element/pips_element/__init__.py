"""Pips: a row of small marks, the first ones filled, for a card's strength, cost or level.

A layout of a game of tables names it as any element::

    [[elements]]
    type = "pips"
    box = "strength"
    value = "{strength}"     # a column of whole numbers
    most = 5
    fill = "{suit}"          # a colour, or a column holding one

and draws ``most`` pips across its box, as large as the box lets them be, the
first ``value`` filled and the rest outlined. Installing the package is all it
takes (its entry point, ``grawlix_print.layout_elements``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from grawlix_print.errors import StudioError
from grawlix_print.games.spreadsheet.elements import COLOUR_WORDS, Area, Filled, LayoutElement, Step
from grawlix_print.games.spreadsheet.values import choice
from grawlix_print.plugin import Ink, Pen, Surface, circle, polygon

MOST = 20
"""More pips than any box shows legibly on a card."""
SHAPES = ("circle", "diamond")


@dataclass(frozen=True)
class PipRow(Step):
    """``most`` pips across the area, centred on its middle line, the first ``filled`` of them filled."""

    area: Area
    filled: int
    most: int
    shape: str
    gap: float
    ink: Ink
    empty: Ink

    def centres(self, bleed: float = 0.0) -> tuple[float, list[tuple[float, float]]]:
        """The pips' size (across) and their centres, in millimetres from the trim's lower left."""
        x, y, width, height = self.area.grown(bleed)
        size = min(height, width / (self.most + self.gap * (self.most - 1)))
        run = size * (self.most + self.gap * (self.most - 1))
        left = x + (width - run) / 2 + size / 2
        return size, [(left + k * size * (1 + self.gap), y + height / 2) for k in range(self.most)]

    def draw(self, surface: Surface, bleed: float) -> None:
        size, centres = self.centres(bleed)
        line = max(size * 0.12, 0.75 / surface.unit_pt)
        for k, (cx, cy) in enumerate(centres):
            r = size / 2 - line / 2
            path = circle(cx, cy, r) if self.shape == "circle" else polygon([(cx, cy + r), (cx - r, cy), (cx, cy - r), (cx + r, cy)])
            if k < self.filled:
                surface.shape(path, fill=self.ink, pen=Pen(self.ink, line))
            else:
                surface.shape(path, pen=Pen(self.empty, line))


class Pips(LayoutElement):
    type = "pips"
    summary = "a row of pips across the box, the first ones filled: a strength, a cost, a level out of its most"
    keys = {
        "value": "how many pips are filled: a whole number, or a template such as `\"{strength}\"` (an empty cell draws none)",
        "most": f"how many pips in all, filled or not (default 5, at most {MOST})",
        "fill": f"the filled pips' colour: {COLOUR_WORDS} (default black)",
        "empty": f"the empty pips' outline: {COLOUR_WORDS} (default the fill's)",
        "shape": f"{', '.join(SHAPES)} (default {SHAPES[0]})",
        "gap": "the space between two pips, in pips (default 0.25, from 0 to 2)",
    }
    templates = ("value", "fill", "empty")
    example = {"value": "{strength}", "most": 5, "fill": "#a33b20"}
    example_row = {"strength": "3"}

    def read(self, table: dict[str, Any], where: str) -> dict[str, Any]:
        if "value" not in table:
            raise StudioError('a pips element needs value = "{column}" (how many are filled)', where)
        most = table.get("most", 5)
        if isinstance(most, bool) or not isinstance(most, int) or not 1 <= most <= MOST:
            raise StudioError(f"must be a whole number from 1 to {MOST}, not {most!r}", f"{where}.most")
        gap = table.get("gap", 0.25)
        if isinstance(gap, bool) or not isinstance(gap, (int, float)) or not 0 <= gap <= 2:
            raise StudioError(f"must be a number from 0 to 2 (pips), not {gap!r}", f"{where}.gap")
        return {"most": most, "gap": float(gap), "shape": choice(table.get("shape", SHAPES[0]), SHAPES, f"{where}.shape", {})}

    def step(self, filled: Filled) -> Step | None:
        text = (filled.text("value") or "").strip()
        if not text:
            return None  # an empty cell: no pips at all
        most = filled.values["most"]
        if not re.fullmatch(r"\d+(\.0+)?", text) or int(float(text)) > most:  # a spreadsheet's 3 may read "3.0"
            raise StudioError(f"{text!r} is not a whole number of pips from 0 to {most}", filled.field("value"))
        ink = filled.colour("fill", "black")
        if ink is None:
            return None  # fill = "none": nothing to see
        empty = filled.colour("empty") or ink
        return PipRow(filled.area, int(float(text)), most, filled.values["shape"], filled.values["gap"], ink, empty)
