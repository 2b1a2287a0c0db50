"""Pieces a page holds when pieces cut round their outline nest (offset rows) and as they stood before
(each in a cell its bleed larger all round), on A4 and Letter card stock and stickers, 2 mm bleed.

    PYTHONPATH=. python benchmarks/nesting.py

Counted by laying out sets of one piece (``sheet_pages``), so a page holds as many as fit; the
figures are in docs/sheets.md.
"""

from __future__ import annotations

import math

from grawlix_print.pieces.shapes import CIRCLE, FLAT_HEXAGON, HEXAGON
from grawlix_print.products.sheets.layout import card_spec, sheet_pages, sticker_spec

R3 = math.sqrt(3)
CASES = [(CIRCLE, 20.0, 20.0), (CIRCLE, 25.4, 25.4), (CIRCLE, 38.0, 38.0), (HEXAGON, 20.0, 40 / R3), (HEXAGON, 30.0, 60 / R3),
         (HEXAGON, 50.0, 100 / R3), (FLAT_HEXAGON, 40 / R3, 20.0), (FLAT_HEXAGON, 60 / R3, 30.0)]  # fmt: skip


def per_page(spec) -> int:
    return len(sheet_pages(spec, ["piece"], 1)[0].fronts)


def main() -> None:
    print("| shape | size (mm) | paper | sheet | in cells | nested | gain |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for shape, width, height in CASES:
        tall = None if width == height else height
        for paper in ("a4", "letter"):
            for sheet in ("card stock", "stickers"):
                def spec(nested: bool):
                    chosen = shape if nested else None
                    if sheet == "card stock":
                        return card_spec(paper, width, 2.0, True, None, "none", tall, True, chosen)
                    return sticker_spec(paper, width, None, "none", 2.0, tall, True, chosen)

                before, after = per_page(spec(False)), per_page(spec(True))
                w, h = spec(True).piece
                print(f"| {shape.name} | {w:.1f} x {h:.1f} | {paper} | {sheet} | {before} | {after} | {after / before:.2f} |")


if __name__ == "__main__":
    main()
