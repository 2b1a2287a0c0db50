"""What ``grawlix-print stl`` will make of a kind of piece: the options, checked, and the plates.

Everything a user can get wrong is refused here with one line naming it,
before the CAD kernel is even imported. No CAD here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ...options import OptionError
from ...pieces.kinds import MARKINGS, check_marking
from .dimensions import SOLID_TILE, SolidTile
from .kinds import SolidKind
from .layers import DEFAULT_FIRST_LAYER_MM, DEFAULT_LAYER_MM, LayerPlan, plan_layers
from .marks import mark_shapes, relief_reach
from .plates import DEFAULT_BED, Bed, Centre, check_bed, parse_bed, plates

STYLES = ("raised", "flat")
COLOUR_CHANGES = ("m600", "pause", "tool")
"""How a one-nozzle print turns to the accent colour: a filament change (M600), a pause
for a change by hand (M601, or PAUSE on Klipper), or a switch to a second tool or filament."""
MIN_STROKE_MM = 0.8
"""Two widths of a 0.4 mm nozzle: the thinnest stroke that still prints as a solid line."""
MAX_ELEPHANT_FOOT_MM = 2.0
"""No first layer flares this far; a larger allowance is a typo."""


@dataclass(frozen=True)
class StlOptions:
    """What the user asked for, in millimetres."""

    tile_size: float = SOLID_TILE.size
    body_height: float = SOLID_TILE.body_height
    relief: float = SOLID_TILE.relief
    first_layer_height: float = DEFAULT_FIRST_LAYER_MM
    layer_height: float = DEFAULT_LAYER_MM
    elephant_foot: float = SOLID_TILE.elephant_foot
    fit: float = SOLID_TILE.fit
    bed: tuple[float, float] = (DEFAULT_BED.width, DEFAULT_BED.depth)
    markings: str = "none"
    full_set: bool = False
    styles: tuple[str, ...] = STYLES
    colour_change: str = "m600"


@dataclass(frozen=True)
class StlPlan:
    """Checked options: the kind of piece, the tile to build, its layers and the bed."""

    kind: SolidKind
    tile: SolidTile
    layers: LayerPlan
    bed: Bed
    markings: str
    raised: bool
    flat: bool
    full_set: bool
    colour_change: str
    reach: float = 0.0
    """How far the reliefs reach into a tile's corners (``marks.relief_reach``), when raised."""

    @property
    def slug(self) -> str:
        """How the kind's file names begin: ``grawlix``."""
        return self.kind.prefix

    def layout(self, count: int) -> list[list[Centre]]:
        """Where ``count`` tiles go, over the fewest plates that fit the bed."""
        return plates(count, self.bed, self.tile.size)

    @property
    def params(self) -> dict:
        """The settings every file was built with, for ``Written.params``."""
        return {
            "tile_size": self.tile.size,
            "fit": self.tile.fit,
            "elephant_foot": self.tile.elephant_foot,
            "body_height": self.layers.body,
            "requested_body_height": self.layers.requested_body,
            "relief": self.layers.relief,
            "first_layer_height": self.layers.first,
            "layer_height": self.layers.layer,
            "swap_z": self.layers.body,
            "swap_layer": self.layers.swap_layer,
            "swap_layer_top": self.layers.swap_layer_top,
            "bed": [self.bed.width, self.bed.depth],
            "markings": self.markings,
            "colour_change": self.colour_change,
        }


def instructions_name(prefix: str) -> str:
    """The printing notes' file name (here, not beside the CAD code, so the web edition's link to it
    loads no numpy)."""
    return f"{prefix}-3d-printing.txt"


def plan_stl(options: StlOptions, kind: SolidKind) -> StlPlan:
    """Refuse every impossible option with one line naming it; no CAD work happens here."""
    for name, value in (("body_size", options.tile_size), ("relief", options.relief)):
        if not math.isfinite(value) or value <= 0:
            raise OptionError(f"{{{name}}} must be greater than zero, not {value:g} mm", name)
    for name, value in (("elephant_foot", options.elephant_foot), ("fit", options.fit)):
        if not math.isfinite(value) or value < 0:
            raise OptionError(f"{{{name}}} must be zero or more, not {value:g} mm", name)
    unknown = [s for s in options.styles if s not in STYLES]
    if unknown or not options.styles:
        raise OptionError(f"{{style}} must be one of {', '.join(STYLES)}, not {unknown or 'none'}", "style")
    if options.colour_change not in COLOUR_CHANGES:
        raise OptionError(
            f"{{colour_change}} {options.colour_change!r} is not one of {', '.join(COLOUR_CHANGES)}", "colour_change"
        )
    _check_marking(kind, options.markings)
    raised, flat = "raised" in options.styles, "flat" in options.styles
    layers = plan_layers(
        options.body_height,
        options.first_layer_height,
        options.layer_height,
        options.relief if raised else None,
    )
    tile = replace(
        SOLID_TILE,
        size=options.tile_size,
        body_height=layers.body,
        relief=layers.relief if raised else SOLID_TILE.relief,
        elephant_foot=options.elephant_foot,
        fit=options.fit,
    )
    _check_body(tile, options)
    bed = Bed(*options.bed)
    check_bed(bed, tile.size)
    reach = 0.0
    if raised:
        _check_strokes(tile, kind)
        reach = relief_reach(kind.outlines.values())
        for colour in kind.kind.colours:
            mark_shapes(tile, options.markings, colour, reach)
    return StlPlan(
        kind, tile, layers, bed, options.markings, raised, flat, options.full_set and raised, options.colour_change, reach,
    )  # fmt: skip


def _check_marking(kind: SolidKind, marking: str) -> None:
    """The marks a kind's colours can carry: a colour lacking its letter or shape is named by its
    key (``check_marking``); a kind with nothing to mark refuses the option."""
    if marking not in MARKINGS:
        raise OptionError(f"{{markings}} {marking!r} is not one of {', '.join(MARKINGS)}", "markings")
    if marking in kind.kind.markings:
        return
    what = marking.removesuffix("s")  # letter, shape
    if any(not getattr(colour, what) for colour in kind.kind.colours):
        check_marking(kind.kind, marking)
    raise OptionError(
        f"{{markings}} {marking}: the {kind.plural} cannot be marked by {marking} "
        f"(their markings: {', '.join(kind.kind.markings)})", "markings",
    )  # fmt: skip


def _check_body(tile: SolidTile, options: StlOptions) -> None:
    if tile.footprint <= 2 * max(tile.chamfer, tile.elephant_foot):
        raise OptionError(f"{{body_size}} {tile.size:g} mm less {{fit}} {tile.fit:g} mm is too small for any tile", "fit", "body_size")
    if tile.elephant_foot > MAX_ELEPHANT_FOOT_MM:
        raise OptionError(
            f"{{elephant_foot}} {tile.elephant_foot:g} mm is more than {MAX_ELEPHANT_FOOT_MM:g} mm: "
            "a first layer flares by a few tenths of a millimetre", "elephant_foot",
        )  # fmt: skip
    if tile.body_height <= tile.chamfer + tile.elephant_foot:
        raise OptionError(
            f"{{body_height}} {options.body_height:g} mm ({tile.body_height:g} mm on your layers) "
            f"must be more than the {tile.chamfer:g} mm top chamfer and the "
            f"{tile.elephant_foot:g} mm bottom chamfer together", "body_height", "elephant_foot",
        )  # fmt: skip


def _check_strokes(tile: SolidTile, kind: SolidKind) -> None:
    """The thinnest stroke of any relief, scaled to the printed tile, must stay at least MIN_STROKE_MM."""
    from .strokes import outline_stroke  # the outlines (a glyph's needs fontTools): only once a plan is made

    strokes = {relief: outline_stroke(kind.outlines[relief.name]) for relief in kind.shapes}
    narrowest = min(strokes, key=lambda relief: strokes[relief])
    thinnest = strokes[narrowest] * tile.relief_box
    if thinnest < MIN_STROKE_MM:
        smallest = tile.footprint * MIN_STROKE_MM / thinnest
        if tile.fit > 0:
            advice = f"use {{fit}} {max(tile.size - smallest, 0):.2f} mm or less, or a larger tile"
        else:
            advice = f"use at least {math.ceil(smallest * 10) / 10:g} mm"
        raise OptionError(
            f"{{body_size}} {tile.size:g} mm is too small: the thinnest stroke (of {narrowest.label or narrowest.name!r}) "
            f"would be {thinnest:.2f} mm, under {MIN_STROKE_MM:g} mm; {advice}", "body_size", "fit",
        )  # fmt: skip


def stl_options(style: str | None = None, **given) -> StlOptions:
    """Options as the command line and ``grawlix-print all`` give them.

    ``style`` None means both styles; an option that is None keeps its default.
    """
    styles = STYLES if style is None else (style.lower(),)
    chosen = {name: value for name, value in given.items() if value is not None}
    if "bed" in chosen:
        bed = parse_bed(chosen["bed"], None)
        chosen["bed"] = (bed.width, bed.depth)
    return replace(StlOptions(), styles=styles, **chosen)
