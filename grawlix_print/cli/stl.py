"""``grawlix-print stl``: 3D-printable tiles."""

from __future__ import annotations

from pathlib import Path

import click

from ..games import Game
from ..products.solid.layers import DEFAULT_FIRST_LAYER_MM, DEFAULT_LAYER_MM
from ..products.solid.plan import COLOUR_CHANGES, STYLES
from ..products.solid.plates import DEFAULT_BED
from ..pieces.tile_look import MARKINGS
from ..products.solid.dimensions import SOLID_TILE
from .app import main
from .options import (
    LENGTH,
    LENGTH_OR_ZERO,
    OneLineChoice,
    option_label,
    out_option,
    templates_option,
)
from .settings import with_settings


class BedSize(click.ParamType):
    """``WIDTHxDEPTH`` (or a TOML list of the two), as a (width, depth) pair in millimetres."""

    name = "WxD"

    def convert(self, value, param, ctx):
        from ..products.solid.plates import parse_bed

        bed = parse_bed(value, option_label(param, ctx))
        return (bed.width, bed.depth)


def _length_option(name: str, default: float, help: str, kind=LENGTH):
    return click.option(name, type=kind, default=f"{default:g}mm", show_default=True, help=help)


@main.command(short_help="3D-printable tiles: STL, 3MF, STEP and printing notes.")
@out_option
@click.option(
    "--style",
    type=OneLineChoice([*STYLES, "both"]),
    default="both",
    show_default=True,
    help="Raised tiles (glyph on top, two colours), flat blank tiles, or both.",
)
@_length_option("--tile-size", SOLID_TILE.size, "Side of a tile: its place in the grid.")
@_length_option("--body-height", SOLID_TILE.body_height, "Body height; snapped to a layer top.")
@_length_option(
    "--relief", SOLID_TILE.relief, "How far the glyph stands above the body; snapped to whole layers."
)
@_length_option("--layer-height", DEFAULT_LAYER_MM, "Your slicer's layer height.")
@_length_option("--first-layer-height", DEFAULT_FIRST_LAYER_MM, "Your slicer's first-layer height.")
@_length_option(
    "--elephant-foot",
    SOLID_TILE.elephant_foot,
    "Chamfer on the bottom edge for the first layer's flare (0 turns it off).",
    LENGTH_OR_ZERO,
)
@_length_option(
    "--fit", SOLID_TILE.fit, "Print each tile this much smaller than --tile-size, for play.",
    LENGTH_OR_ZERO,
)  # fmt: skip
@click.option(
    "--bed",
    type=BedSize(),
    default=f"{DEFAULT_BED.width:g}x{DEFAULT_BED.depth:g}",
    show_default=True,
    help="Your print bed, width x depth in mm: as many tiles per plate as fit.",
)
@click.option(
    "--markings",
    type=OneLineChoice(MARKINGS),
    default="none",
    show_default=True,
    help="Colour-blind marks raised in the corners: the colour's letter or shape, as on paper.",
)
@click.option(
    "--colour-change",
    type=OneLineChoice(COLOUR_CHANGES),
    default="m600",
    show_default=True,
    help="What the one-nozzle 3MF files do at the first glyph-only layer: a filament change "
    "(M600), a pause (M601, or PAUSE on Klipper) or a switch to tool/filament 2.",
)
@click.option(
    "--full-set/--no-full-set",
    default=False,
    show_default=True,
    help="Also one 3MF of every tile of the set, each glyph on its colour's filament (one more for the bodies).",
)
@templates_option
@with_settings
def stl(out: Path, style: str, game: Game, **options) -> None:
    """3D-printable tiles: STL, 3MF (colour change set, or one filament per part), STEP, notes.

    Writes into 3d/ in the --out folder. The body height is snapped to a
    layer boundary of your slicer settings, so that one filament change prints
    the glyph in the accent colour. Every 3MF holds one plate that fits --bed.
    The tiles are those of components.toml in the templates folder. Needs
    CadQuery: pip install "grawlix-print[3d]".
    """
    from ..extras import THREE_D
    from ..kit.plan import output_folder

    THREE_D.require()  # a paper-only install: one line saying how to add 3D
    from ..products.solid.build import build_stl, solid_tiles
    from ..products.solid.layers import describe_snap
    from ..products.solid.plan import plan_stl, stl_options

    options["style"] = None if style == "both" else style
    click.echo(describe_snap(plan_stl(stl_options(**options), solid_tiles(game)).layers))
    for item in build_stl(game, output_folder(out, "3d"), **options):
        triangles = item.params.get("triangles")
        extra = f", {triangles:,} triangles" if triangles is not None else ""
        click.echo(f"wrote {item.path} ({item.kind}{extra})")
