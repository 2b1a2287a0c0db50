"""What ``grawlix-print stl`` will make of a kind of piece: the options, checked, and the plates.

Everything a user can get wrong is refused here with one line naming it,
before the CAD kernel is even imported. No CAD here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ...options import OptionError
from ...pieces.kinds import MARKINGS, Relief, check_marking
from ...pieces.shapes import SQUARE
from .dimensions import RELIEF_FRACTION, SOLID_TILE, STYLES, SolidTile
from .footprint import clearance, inset
from .kinds import SolidKind
from .layers import COLOUR_CHANGES, DEFAULT_FIRST_LAYER_MM, DEFAULT_LAYER_MM, LayerPlan, plan_layers
from .marks import mark_shapes, relief_reach
from .plates import DEFAULT_BED, Bed, Centre, check_bed, parse_bed, plates
from .shapes import Placement

MIN_STROKE_MM = 0.8
"""Two widths of a 0.4 mm nozzle: the thinnest stroke that still prints as a solid line."""
MAX_ELEPHANT_FOOT_MM = 2.0
"""No first layer flares this far; a larger allowance is a typo."""
RELIEF_MARGIN_MM = 0.4
"""Between a relief and the edge of the body's flat top: a nozzle's width, so the top's last line
around the relief still prints."""


@dataclass(frozen=True)
class StlOptions:
    """What the user asked for, in millimetres."""

    tile_size: float | None = None
    """The body's width (None: the kind's own: ``PieceKind.body_width``, else its cut width)."""
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
        """Where ``count`` pieces go, over the fewest plates that fit the bed."""
        return plates(count, self.bed, self.tile.shape, self.tile.extents)

    def placement(self, relief: Relief) -> Placement:
        """Where a relief's outline (its larger side 1) stands on the body's top: centred, scaled
        to ``RELIEF_FRACTION`` of the body each way."""
        return Placement(kind_scale(self.tile, self.kind, relief))

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


def kind_scale(tile: SolidTile, kind: SolidKind, relief: Relief) -> float:
    """How much a relief's outline is scaled on ``tile`` (``SolidTile.relief_scale``)."""
    outline = kind.outlines[relief.name]
    return tile.relief_scale(outline.width, outline.height, relief.size)


def instructions_name(prefix: str) -> str:
    """The printing notes' file name (here, not beside the CAD code, so the web edition's link to it
    loads no numpy)."""
    return f"{prefix}-3d-printing.txt"


def plan_stl(options: StlOptions, kind: SolidKind) -> StlPlan:
    """Refuse every impossible option with one line naming it; no CAD work happens here."""
    for name, value in (("body_size", options.tile_size), ("relief", options.relief)):
        if value is not None and (not math.isfinite(value) or value <= 0):
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
        _body(kind, options.tile_size),
        body_height=layers.body,
        relief=layers.relief if raised else SOLID_TILE.relief,
        elephant_foot=options.elephant_foot,
        fit=options.fit,
    )
    _check_body(tile, options, kind)
    if options.markings != "none" and tile.shape != SQUARE:
        raise OptionError(
            f"{{markings}} {options.markings}: 3D marks stand in a square's corners, and the {kind.plural} are "
            f"{tile.shape.name}s (print them without marks)", "markings", where=kind.where,
        )  # fmt: skip
    bed = Bed(*options.bed)
    check_bed(bed, tile.shape, tile.extents, kind.singular, kind.where)
    reach = 0.0
    if raised:
        _check_strokes(tile, kind)
        _check_fit(tile, kind)
        reach = relief_reach(kind.outlines.values())
        for colour in kind.kind.colours:
            mark_shapes(tile, options.markings, colour, reach)
    return StlPlan(
        kind, tile, layers, bed, options.markings, raised, flat, options.full_set and raised, options.colour_change, reach,
    )  # fmt: skip


def _body(kind: SolidKind, width: float | None) -> SolidTile:
    """The kind's outline as a body ``width`` wide (None: the kind's own body width, else its cut
    width), as deep as the kind's proportions make it."""
    shape = kind.kind.piece_shape  # its refusal of a stretched hexagon or an open outline: the kind's own
    across, deep = kind.kind.size
    size = width if width is not None else (kind.kind.body_width or across)
    return replace(SOLID_TILE, size=size, depth=0.0 if deep == across else size * deep / across, shape=shape)


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


def _check_body(tile: SolidTile, options: StlOptions, kind: SolidKind) -> None:
    if tile.elephant_foot > MAX_ELEPHANT_FOOT_MM:
        raise OptionError(
            f"{{elephant_foot}} {tile.elephant_foot:g} mm is more than {MAX_ELEPHANT_FOOT_MM:g} mm: "
            "a first layer flares by a few tenths of a millimetre", "elephant_foot",
        )  # fmt: skip
    narrowest = 2 * max(tile.chamfer, tile.elephant_foot)
    if tile.footprint <= narrowest or not tile.outline or any(inset(tile.outline, d) is None for d in (tile.chamfer, tile.elephant_foot)):
        if tile.shape == SQUARE:
            raise OptionError(f"{{body_size}} {tile.size:g} mm less {{fit}} {tile.fit:g} mm is too small for any tile", "fit", "body_size")
        raise OptionError(
            f"{{body_size}} {tile.size:g} mm less {{fit}} {tile.fit:g} mm leaves a part of the {kind.singular}'s outline "
            f"narrower than its {tile.chamfer:g} mm top and {tile.elephant_foot:g} mm bottom chamfers", "fit", "body_size",
            where=kind.where,
        )  # fmt: skip
    if tile.body_height <= tile.chamfer + tile.elephant_foot:
        raise OptionError(
            f"{{body_height}} {options.body_height:g} mm ({tile.body_height:g} mm on your layers) "
            f"must be more than the {tile.chamfer:g} mm top chamfer and the "
            f"{tile.elephant_foot:g} mm bottom chamfer together", "body_height", "elephant_foot",
        )  # fmt: skip


def _check_fit(tile: SolidTile, kind: SolidKind) -> None:
    """Every relief stands on the body's flat top (inside its chamfer), ``RELIEF_MARGIN_MM`` clear
    of its edge."""
    import numpy as np

    from .shapes import outline_shapes

    top = inset(tile.outline, tile.chamfer)
    assert top is not None  # _check_body saw to it
    for relief in kind.shapes:
        outline = kind.outlines[relief.name]
        scale = kind_scale(tile, kind, relief)
        points = np.concatenate([np.asarray(p) * scale for p in outline.polygons(0.01 / scale)])
        clear = float(clearance(top, points).min())
        if clear < RELIEF_MARGIN_MM:
            past = f"reaches {-clear:.2f} mm past" if clear < 0 else f"comes within {clear:.2f} mm of"
            raise OptionError(
                f"the {kind.relief_word} {relief.label or relief.name!r} does not fit the {kind.singular}'s top: it "
                f"{past} the edge of its flat top ({RELIEF_MARGIN_MM:g} mm must stay clear); make the "
                f"{kind.relief_word} smaller (the relief's size, now {relief.size or RELIEF_FRACTION:g} of the {kind.singular})",
                "fit", where=kind.where,
            )  # fmt: skip


def _check_strokes(tile: SolidTile, kind: SolidKind) -> None:
    """The thinnest stroke of any relief, scaled to the printed tile, must stay at least MIN_STROKE_MM."""
    from .strokes import outline_stroke  # the outlines (a glyph's needs fontTools): only once a plan is made

    strokes = {relief: outline_stroke(kind.outlines[relief.name]) for relief in kind.shapes}
    scales = {relief: kind_scale(tile, kind, relief) for relief in kind.shapes}
    narrowest = min(strokes, key=lambda relief: strokes[relief] * scales[relief])
    thinnest = strokes[narrowest] * scales[narrowest]
    if thinnest < MIN_STROKE_MM:
        smallest = tile.footprint * MIN_STROKE_MM / thinnest
        if tile.fit > 0:
            advice = f"use {{fit}} {max(tile.size - smallest, 0):.2f} mm or less, or a larger tile"
        else:
            advice = f"use at least {math.ceil(smallest * 10) / 10:g} mm"
        raise OptionError(
            f"{{body_size}} {tile.size:g} mm is too small: the thinnest stroke (of {narrowest.label or narrowest.name!r}) "
            f"would be {thinnest:.2f} mm, under {MIN_STROKE_MM:g} mm, which a 0.4 mm nozzle cannot print; {advice}",
            "body_size", "fit", where=kind.where,
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
