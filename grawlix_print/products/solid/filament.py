"""How much filament a tile takes, part by part, laid down as a slicer lays it.

A slicer fills each layer of a part in three ways: walls follow the outline
inwards (a body's outline is its kind's, moved in at the chamfers), solid layers fill everything (the bottom and top few layers, and any
pocket of the inside too small for sparse infill), and sparse infill fills a
share of what the walls leave. So one share of the solid volume cannot be
right for every part: a glyph's strokes are narrower than the walls on both
sides and print solid, while a tile's body is mostly sparse infill.

The rules are PrusaSlicer 2.5's at the settings the notes give; the estimate is
checked against PrusaSlicer's own figure (``tests/test_solid_slicer.py``).
Pure arithmetic on the flat shapes (no CAD); glyph shapes are measured on a
fine raster, whose distance transform gives the band the walls cover.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .dimensions import SolidTile
from .footprint import area, inset, perimeter
from .layers import LayerPlan
from .shapes import Shape2D

RASTER_MM = 0.05
"""Pixel of the raster glyph shapes are measured on, a ninth of a wall line: grams agree
with a 0.04 mm raster to 0.1 %, in a third of the time."""
FLATTEN_MM = 0.02
"""Curves become polygons this close to the outline before they are measured."""


@dataclass(frozen=True)
class PrintSettings:
    """The slicer settings the notes recommend, and the rules a slicer fills layers by."""

    walls: int = 3
    top_layers: int = 4
    bottom_layers: int = 4
    infill: float = 0.15
    """Share of the inside that sparse infill fills."""
    nozzle: float = 0.4
    filament_density: float = 1.24
    """g/cm3 of PLA, the filament most tiles are printed in."""
    solid_below_area: float = 70.0
    """mm2: a pocket of the inside smaller than this prints solid (PrusaSlicer's default)."""
    infill_overlap: float = 0.25
    """Sparse infill reaches this share of a wall line under the walls."""
    bridge_gap: float = 0.05
    """mm between the round strands of a bridge over sparse infill."""

    @property
    def line_width(self) -> float:
        """A wall or infill line: PrusaSlicer's automatic width, 1.125 nozzles."""
        return 1.125 * self.nozzle

    def line_spacing(self, height: float) -> float:
        """Distance between neighbouring lines of one layer: a line is a rectangle with
        rounded ends, so they overlap by the rounding."""
        return self.line_width - height * (1 - math.pi / 4)

    def wall_band(self, height: float) -> float:
        """How far in from the outline the walls reach."""
        return self.walls * self.line_spacing(height)

    def bridge_factor(self, height: float) -> float:
        """Plastic of the first solid layer over sparse infill, laid as a bridge of round
        strands one nozzle wide, against a solid layer of this height."""
        return math.pi * self.nozzle**2 / 4 / (self.nozzle + self.bridge_gap) / height


NOTES_SETTINGS = PrintSettings()


@dataclass(frozen=True)
class Section:
    """A layer's shape as the fill rules see it: its area, the area within ``band`` of its
    outline (the walls), and the pockets left inside (area, outline length)."""

    area: float
    walls: float
    pockets: tuple[tuple[float, float], ...]


def part_volume(
    section, heights: list[float], settings: PrintSettings = NOTES_SETTINGS,
    bottom_exposed: bool = True,
) -> float:  # fmt: skip
    """Plastic (mm3) of a part whose layers have these heights, bottom up.

    ``section(index, height)`` is the part's ``Section`` in that layer. A part
    standing on another (a glyph on the body) has no bottom surface of its own.
    """
    count, volume, sparse_below = len(heights), 0.0, False
    for index, height in enumerate(heights):
        cut = section(index, height)
        solid_layer = (bottom_exposed and index < settings.bottom_layers) or (
            index >= count - settings.top_layers
        )
        filled = cut.walls
        if solid_layer:
            inside = sum(area for area, _ in cut.pockets)
            factor = settings.bridge_factor(height) if sparse_below else 1.0
            filled += inside * factor
            sparse_below = False
        else:
            for area, outline in cut.pockets:
                if area < settings.solid_below_area:
                    filled += area
                else:
                    grown = area + outline * settings.infill_overlap * settings.line_width
                    filled += settings.infill * grown
                    sparse_below = True
        volume += filled * height
    return volume


def layer_heights(layers: LayerPlan, count: int, start: int = 0) -> list[float]:
    """Heights of ``count`` layers from layer ``start`` (0 is the first layer)."""
    return [layers.first if index == 0 else layers.layer for index in range(start, start + count)]


def body_grams(tile: SolidTile, layers: LayerPlan, settings: PrintSettings = NOTES_SETTINGS) -> float:
    """A piece's body: its outline, narrower in the chamfers at its bottom and top edges."""
    heights = layer_heights(layers, layers.body_layers)
    tops = np.cumsum(heights)

    def section(index: int, height: float) -> Section:
        outline = inset(tile.outline, _body_inset(tile, float(tops[index]) - height / 2)) or ()
        inner = inset(outline, settings.wall_band(height)) if outline else None
        whole = area(outline) if outline else 0.0
        inside = area(inner) if inner else 0.0
        pockets = ((inside, perimeter(inner)),) if inner and inside > 0 else ()
        return Section(whole, whole - inside, pockets)

    return grams(part_volume(section, heights, settings), settings)


def _body_inset(tile: SolidTile, z: float) -> float:
    """How far in the body's side stands at height ``z`` (the slicer cuts each layer at its middle)."""
    foot, chamfer, height = tile.elephant_foot, tile.chamfer, tile.body_height
    if z < foot:
        return foot - z
    if z > height - chamfer:
        return z - (height - chamfer)
    return 0.0


def raised_grams(
    shapes: list[Shape2D], layers: LayerPlan, first_layer: int, count: int,
    settings: PrintSettings = NOTES_SETTINGS,
) -> float:  # fmt: skip
    """Flat shapes raised from the body's top through ``count`` layers (a glyph, or marks)."""
    if not shapes or count <= 0:
        return 0.0
    heights = layer_heights(layers, count, first_layer)
    sections = {h: _section(tuple(shapes), settings.wall_band(h)) for h in set(heights)}
    volume = part_volume(lambda _, h: sections[h], heights, settings, bottom_exposed=False)
    return grams(volume, settings)


def prints_solid(shapes: list[Shape2D], layers: LayerPlan, settings: PrintSettings = NOTES_SETTINGS) -> bool:
    """Whether raised shapes print solid whatever the infill: their strokes narrower than the walls
    on both sides (a glyph's at the designer's size), so that what the walls leave inside is only
    pockets a slicer fills solid. A larger tile's wider strokes get sparse infill."""
    pockets = _section(tuple(shapes), settings.wall_band(layers.layer)).pockets
    return all(area < settings.solid_below_area for area, _ in pockets)


@lru_cache(maxsize=64)
def _section(shapes: tuple[Shape2D, ...], band: float) -> Section:
    """The raised shapes' section with walls ``band`` deep, rastered once for the grams and for
    whether they print solid (each used to raster the shapes again)."""
    return raster_section(_mask(shapes), band)


@lru_cache(maxsize=16)
def _mask(shapes: tuple[Shape2D, ...]) -> np.ndarray:
    mask = raster(tuple(p for shape in shapes for p in shape.polygons(FLATTEN_MM)))
    mask.flags.writeable = False  # shared by every caller
    return mask


def grams(volume_mm3: float, settings: PrintSettings = NOTES_SETTINGS) -> float:
    return volume_mm3 / 1000 * settings.filament_density


# --- shapes on a raster -----------------------------------------------------------


def raster(polygons: tuple[list[tuple[float, float]], ...], pixel: float = RASTER_MM) -> np.ndarray:
    """Pixels (``pixel`` mm) whose centres lie inside the polygons, by the even-odd rule
    (outer loops and their holes alike), with a clear margin all round."""
    points = np.concatenate([np.asarray(p, dtype=float) for p in polygons])
    low = points.min(axis=0) - 2 * pixel
    columns, rows = (np.ceil((points.max(axis=0) + 2 * pixel - low) / pixel)).astype(int)
    starts = np.concatenate([np.asarray(p, dtype=float) for p in polygons]) - low
    ends = np.concatenate([np.roll(np.asarray(p, dtype=float), -1, axis=0) for p in polygons]) - low
    centres = (np.arange(rows) + 0.5) * pixel
    y0, y1 = starts[None, :, 1], ends[None, :, 1]
    crosses = (y0 <= centres[:, None]) != (y1 <= centres[:, None])  # half-open: no double count
    with np.errstate(divide="ignore", invalid="ignore"):
        x = starts[None, :, 0] + (centres[:, None] - y0) * (ends[None, :, 0] - starts[None, :, 0]) / (y1 - y0)
    row, edge = np.nonzero(crosses)
    first_inside = np.clip(np.ceil(x[row, edge] / pixel - 0.5), 0, columns).astype(int)
    flips = np.zeros((rows, columns + 1), dtype=np.int32)
    np.add.at(flips, (row, first_inside), 1)
    return (np.cumsum(flips, axis=1)[:, :columns] % 2) == 1


def raster_section(mask: np.ndarray, band: float, pixel: float = RASTER_MM) -> Section:
    """A rastered layer's ``Section``: the walls are the pixels within ``band`` of the outline."""
    walls = mask & _near_outside(mask, band / pixel + 0.5)
    pockets = tuple((area * pixel * pixel, edges * pixel * math.pi / 4) for area, edges in _regions(mask & ~walls))
    return Section(float(mask.sum()) * pixel * pixel, float(walls.sum()) * pixel * pixel, pockets)


def _near_outside(mask: np.ndarray, reach: float) -> np.ndarray:
    """Pixels whose centre is within ``reach`` pixels of an outside pixel's centre.

    An exact Euclidean distance, cut off at ``reach``: the distance along each row
    to the nearest outside pixel, then the nearest over the rows within reach.
    """
    rows, columns = mask.shape
    index = np.broadcast_to(np.arange(columns), mask.shape)
    left = np.maximum.accumulate(np.where(mask, -columns, index), axis=1)
    right = np.minimum.accumulate(np.where(mask, 2 * columns, index)[:, ::-1], axis=1)[:, ::-1]
    across = np.minimum(index - left, right - index).astype(float) ** 2
    steps = int(math.ceil(reach))
    padded = np.pad(across, ((steps, steps), (0, 0)), constant_values=np.inf)
    nearest = np.full(mask.shape, np.inf)
    for step in range(-steps, steps + 1):
        np.minimum(nearest, padded[steps + step : steps + step + rows] + step * step, out=nearest)
    return nearest <= reach * reach


def _regions(mask: np.ndarray) -> list[tuple[int, int]]:
    """(pixels, outline edges) of each 4-connected region of ``mask``.

    The regions are found from the runs of each row: runs in neighbouring rows that
    share a column are joined (union-find). A run's outline edges are its two ends
    and the length of its top and bottom not covered by the rows above and below; a
    staircase outline is on average 4/pi times the curve's length.
    """
    steps = np.diff(np.pad(mask, ((0, 0), (1, 1))).astype(np.int8), axis=1)
    row, start = np.nonzero(steps == 1)
    end = np.nonzero(steps == -1)[1]
    count = len(row)
    parent = list(range(count))
    edges = (2 + 2 * (end - start)).tolist()

    def root(run: int) -> int:
        while parent[run] != run:
            parent[run] = parent[parent[run]]
            run = parent[run]
        return run

    bounds = np.searchsorted(row, np.arange(mask.shape[0] + 1)).tolist()
    starts, ends = start.tolist(), end.tolist()
    for line in range(mask.shape[0] - 1):
        upper, lower = bounds[line], bounds[line + 1]
        a, b, a_end, b_end = upper, lower, lower, bounds[line + 2]
        while a < a_end and b < b_end:
            shared = min(ends[a], ends[b]) - max(starts[a], starts[b])
            if shared > 0:
                edges[a] -= shared
                edges[b] -= shared
                parent[root(a)] = root(b)
            if ends[a] < ends[b]:
                a += 1
            else:
                b += 1
    regions: dict[int, list[int]] = {}
    for run in range(count):
        total = regions.setdefault(root(run), [0, 0])
        total[0] += ends[run] - starts[run]
        total[1] += edges[run]
    return [(pixels, outline) for pixels, outline in regions.values()]
