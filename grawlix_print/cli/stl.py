"""``grawlix-print stl``: 3D-printable tiles."""

from __future__ import annotations

from pathlib import Path

import click

from ..solid.layers import DEFAULT_FIRST_LAYER_MM, DEFAULT_LAYER_MM
from ..tile.sizes import SOLID_TILE
from .app import main
from .options import LENGTH, OneLineChoice, out_option, templates_option
from .settings import with_settings


def _length_option(name: str, default: float, help: str):
    return click.option(name, type=LENGTH, default=f"{default:g}mm", show_default=True, help=help)


@main.command(short_help="3D-printable tiles: STL, 3MF and printing notes.")
@out_option
@click.option(
    "--style",
    type=OneLineChoice(["raised", "flat", "both"], case_sensitive=False),
    default="both",
    show_default=True,
    help="Raised tiles (glyph on top, two colours), flat blank tiles, or both.",
)
@_length_option("--tile-size", SOLID_TILE.size, "Side of a tile.")
@_length_option("--body-height", SOLID_TILE.body_height, "Body height; snapped to a layer top.")
@_length_option("--relief", SOLID_TILE.relief, "How far the glyph stands above the body.")
@_length_option("--layer-height", DEFAULT_LAYER_MM, "Your slicer's layer height.")
@_length_option("--first-layer-height", DEFAULT_FIRST_LAYER_MM, "Your slicer's first-layer height.")
@templates_option
@with_settings
def stl(
    out: Path,
    style: str,
    tile_size: float,
    body_height: float,
    relief: float,
    layer_height: float,
    first_layer_height: float,
    templates: Path,
) -> None:
    """3D-printable tiles: STL, multi-material 3MF, printing notes.

    Writes into 3d/ in the --out folder. The body height is snapped to a
    layer boundary of your slicer settings, so that one filament change prints
    the glyph in the accent colour. No templates folder is needed, only
    settings are read.
    """
    from ..kit.plan import output_folder
    from ..solid.build import build_stl, plan_stl, stl_options
    from ..solid.layers import describe_snap

    styles = None if style.lower() == "both" else style
    options = dict(style=styles, tile_size=tile_size, body_height=body_height, relief=relief,
                   layer_height=layer_height, first_layer_height=first_layer_height)  # fmt: skip
    click.echo(describe_snap(plan_stl(stl_options(**options)).layers))
    for item in build_stl(output_folder(out, "3d"), templates, **options):
        triangles = item.params.get("triangles")
        extra = f", {triangles:,} triangles" if triangles is not None else ""
        click.echo(f"wrote {item.path} ({item.kind}{extra})")
