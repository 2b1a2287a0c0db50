"""``grawlix-print stl``: check the options, build each distinct tile once, write every file.

Everything a user can get wrong is checked in ``plan_stl`` before CadQuery
is even imported, and every file is made in memory before the first one is
written, so a bad option or a failure leaves no partial set behind.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from ..errors import GrawlixError
from ..files import Written, write_bytes
from ..tile.identity import COLOURS, GLYPHS, Colour, Glyph
from ..tile.look import TILE_FACE, ink
from ..tile.outline import glyph_outlines
from ..tile.sizes import SOLID_TILE, SolidTile
from .instructions import Listing, instructions_text
from .layers import DEFAULT_FIRST_LAYER_MM, DEFAULT_LAYER_MM, LayerPlan, plan_layers
from .plates import BED_MM, flat_grid, raised_grid
from .strokes import glyph_strokes

STYLES = ("raised", "flat")
MIN_STROKE_MM = 0.8
"""Two widths of a 0.4 mm nozzle: the thinnest stroke that still prints as a solid line."""

RAISED_PLATE = "grawlix-raised-plate.stl"
FLAT_PLATE = "grawlix-flat-plate.stl"
INSTRUCTIONS = "grawlix-3d-printing.txt"


def raised_tile_name(glyph: Glyph) -> str:
    return f"grawlix-raised-{glyph.name.replace(' ', '-')}.stl"


def threemf_name(colour: Colour) -> str:
    return f"grawlix-raised-plate-{colour.name}.3mf"


@dataclass(frozen=True)
class StlOptions:
    """What the user asked for, in millimetres."""

    tile_size: float = SOLID_TILE.size
    body_height: float = SOLID_TILE.body_height
    relief: float = SOLID_TILE.relief
    first_layer_height: float = DEFAULT_FIRST_LAYER_MM
    layer_height: float = DEFAULT_LAYER_MM
    styles: tuple[str, ...] = STYLES


@dataclass(frozen=True)
class StlPlan:
    """Checked options: the tile to build, its layers and where tiles go on each plate."""

    tile: SolidTile
    layers: LayerPlan
    raised_centres: tuple[tuple[float, float], ...]
    flat_centres: tuple[tuple[float, float], ...]

    @property
    def params(self) -> dict:
        """The settings every file was built with, for ``Written.params``."""
        return {
            "tile_size": self.tile.size,
            "body_height": self.layers.body,
            "requested_body_height": self.layers.requested_body,
            "relief": self.tile.relief,
            "first_layer_height": self.layers.first,
            "layer_height": self.layers.layer,
            "swap_z": self.layers.body,
            "swap_layer": self.layers.swap_layer,
            "swap_layer_top": self.layers.swap_layer_top,
        }


@dataclass(frozen=True)
class _Product:
    name: str
    kind: str
    data: bytes
    params: dict


def plan_stl(options: StlOptions) -> StlPlan:
    """Refuse every impossible option with one line naming it; no CAD work happens here."""
    for name, value in (("--tile-size", options.tile_size), ("--relief", options.relief)):
        if not math.isfinite(value) or value <= 0:
            raise GrawlixError(f"{name} must be greater than zero, not {value:g} mm")
    unknown = [s for s in options.styles if s not in STYLES]
    if unknown or not options.styles:
        raise GrawlixError(f"--style must be one of {', '.join(STYLES)}, not {unknown or 'none'}")
    layers = plan_layers(options.body_height, options.first_layer_height, options.layer_height)
    chamfer = SOLID_TILE.chamfer
    if layers.body <= chamfer:
        raise GrawlixError(
            f"--body-height {options.body_height:g} mm ({layers.body:g} mm on your layers) "
            f"must be more than the {chamfer:g} mm chamfer on its top edges"
        )
    if options.tile_size <= 2 * chamfer:
        raise GrawlixError(f"--tile-size {options.tile_size:g} mm is too small for any tile")
    tile = replace(
        SOLID_TILE, size=options.tile_size, body_height=layers.body, relief=options.relief
    )
    raised = "raised" in options.styles
    if raised:
        _check_relief(tile, layers)
        _check_strokes(tile)
    flat = flat_grid(tile.size) if "flat" in options.styles else []
    if "flat" in options.styles and not flat:
        raise GrawlixError(f"--tile-size {tile.size:g} mm is larger than a {BED_MM:g} mm bed")
    return StlPlan(tile, layers, tuple(raised_grid(tile.size)) if raised else (), tuple(flat))


def _check_relief(tile: SolidTile, layers: LayerPlan) -> None:
    if tile.relief < layers.layer:
        raise GrawlixError(
            f"--relief {tile.relief:g} mm is less than one {layers.layer:g} mm layer: "
            "the glyph would not print"
        )


def _check_strokes(tile: SolidTile) -> None:
    """The thinnest glyph stroke, scaled to this tile, must stay at least MIN_STROKE_MM."""
    strokes = glyph_strokes()
    symbol = min(strokes, key=strokes.get)
    thinnest = strokes[symbol] * tile.glyph_box
    if thinnest < MIN_STROKE_MM:
        smallest = tile.size * MIN_STROKE_MM / thinnest
        raise GrawlixError(
            f"--tile-size {tile.size:g} mm is too small: the thinnest stroke (of {symbol!r}) "
            f"would be {thinnest:.2f} mm, under {MIN_STROKE_MM:g} mm; use at least "
            f"{math.ceil(smallest * 10) / 10:g} mm"
        )


def stl_options(style: str | None = None, **lengths: float | None) -> StlOptions:
    """Options as the command line and ``grawlix-print all`` give them.

    ``style`` None means both styles; a length that is None keeps its default.
    """
    styles = STYLES if style is None else (style.lower(),)
    given = {name: value for name, value in lengths.items() if value is not None}
    return replace(StlOptions(), styles=styles, **given)


def build_stl(out: Path, templates: Path | None = None, **options) -> list[Written]:
    """Build and write the STL plates and tiles, the 3MF plates and the printing notes.

    ``options`` are those of ``stl_options``. ``templates`` is not read (the
    tiles come from the tile definition); it is taken so that
    ``grawlix-print all`` can call every product's build alike.
    """
    plan = plan_stl(stl_options(**options))
    products = _products(plan)
    written = []
    for product in products:
        path = write_bytes(Path(out) / product.name, product.data)
        written.append(Written(path, product.kind, product.params))
    return written


def _products(plan: StlPlan) -> list[_Product]:
    """Every file's bytes, in the order they are listed; the CAD work happens here."""
    from .mesh import tessellate
    from .model import tile_body

    body = tile_body(plan.tile.size, plan.tile.body_height, plan.tile.chamfer)
    body_mesh = tessellate(body)
    products: list[_Product] = []
    listing: list[tuple[str, str]] = []
    if plan.raised_centres:
        _raised(plan, body, body_mesh, products, listing)
    if plan.flat_centres:
        _flat(plan, body_mesh, products, listing)
    listing.append((INSTRUCTIONS, "these notes"))
    text = instructions_text(
        plan.layers,
        plan.tile,
        Listing(
            tuple(listing),
            raised_plate=RAISED_PLATE if plan.raised_centres else None,
            threemf_example=threemf_name(COLOURS[0]) if plan.raised_centres else None,
            flat_plate=FLAT_PLATE if plan.flat_centres else None,
            flat_count=len(plan.flat_centres),
        ),
    )
    products.append(_Product(INSTRUCTIONS, "print instructions", text.encode(), plan.params))
    return products


def _raised(plan: StlPlan, body, body_mesh, products: list, listing: list) -> None:
    """Each glyph tile built and meshed once; plate, single tiles and 3MF reuse the meshes."""
    from .mesh import placed, tessellate
    from .model import glyph_relief, raised_tile

    tile = plan.tile
    outlines = glyph_outlines()
    glyph_meshes, tile_triangles = {}, {}
    for glyph in GLYPHS:
        relief = glyph_relief(outlines[glyph.symbol], tile.glyph_box, tile.body_height, tile.relief)
        glyph_meshes[glyph] = tessellate(relief)
        tile_triangles[glyph] = tessellate(raised_tile(body, relief)).triangles

    body_z = f"{tile.body_height:g}"
    swap = f"{tile.size:g} mm, body {body_z} + glyph {tile.relief:g} mm, swap at Z {body_z}"
    plate = np.concatenate(
        [placed(tile_triangles[g], [c]) for g, c in zip(GLYPHS, plan.raised_centres)]
    )
    count = len(GLYPHS)
    header = f"{count} raised tiles {swap}"
    products.append(_stl(RAISED_PLATE, "STL raised plate", plate, plan, header, tiles=count))
    listing.append((RAISED_PLATE, "six tiles, one per glyph: print it once per accent colour"))
    for glyph in GLYPHS:
        triangles = placed(tile_triangles[glyph], [(BED_MM / 2, BED_MM / 2)])
        header = f"raised tile {glyph.symbol} {swap}"
        products.append(
            _stl(raised_tile_name(glyph), "STL raised tile", triangles, plan, header, tiles=1)
        )
    listing.append((f"{raised_tile_name(GLYPHS[0])} ...", "one tile per glyph, for reprints"))
    products += _threemf_plates(plan, body_mesh, glyph_meshes)
    listing.append(
        (f"{threemf_name(COLOURS[0])} ...", "the plate for multi-material printers, per colour")
    )


def _flat(plan: StlPlan, body_mesh, products: list, listing: list) -> None:
    from .mesh import placed

    count = len(plan.flat_centres)
    plate = placed(body_mesh.triangles, list(plan.flat_centres))
    header = f"{count} flat tiles {plan.tile.size:g} mm, {plan.tile.body_height:g} mm high"
    products.append(_stl(FLAT_PLATE, "STL flat plate", plate, plan, header, tiles=count))
    listing.append((FLAT_PLATE, f"{count} plain blank tiles in one colour"))


def _stl(name: str, kind: str, triangles, plan: StlPlan, what: str, tiles: int) -> _Product:
    """A binary STL whose header says what it holds (and no date)."""
    from .mesh import stl_bytes

    header = f"grawlix-print {what}"
    params = plan.params | {"triangles": len(triangles), "tiles": tiles}
    return _Product(name, kind, stl_bytes(triangles, header), params)


def _threemf_plates(plan: StlPlan, body_mesh, glyph_meshes: dict) -> list[_Product]:
    from .threemf import Material, Part, Piece, threemf_bytes

    products = []
    for colour in COLOURS:
        materials = [
            Material("base (light grey)", TILE_FACE.rgb),
            Material(colour.name, ink(colour).rgb),
        ]
        pieces = [
            Piece(
                f"{glyph.symbol} {colour.name} {glyph.name}",
                (Part("body", body_mesh, 0, 1), Part("glyph", glyph_meshes[glyph], 1, 2)),
                x,
                y,
            )
            for glyph, (x, y) in zip(GLYPHS, plan.raised_centres)
        ]
        data = threemf_bytes(f"Grawlix tiles, {colour.name} glyphs", materials, pieces)
        triangles = sum(len(p.mesh.faces) for piece in pieces for p in piece.parts)
        products.append(
            _Product(
                threemf_name(colour),
                "3MF two-colour plate",
                data,
                plan.params | {"triangles": triangles, "tiles": len(pieces), "colour": colour.name},
            )
        )
    return products
