"""``grawlix-print stl``: build each distinct tile once, then make and write every file.

Every file is made in memory before the first one is written, so a failure
while building writes nothing, and each file is replaced whole or not at all
(``grawlix-print all`` switches the whole set at once). The options were
checked by ``plan``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import GrawlixError
from ..files import Written, write_bytes
from ..drawing.outline import glyph_outlines
from ..components.tiles import Colour, Glyph, TileSet
from ..components.tile_look import ink
from ..errors import GrawlixError
from ..games.base import Game
from . import dialects
from ..facts.wording import in_words
from .instructions import Files, Plate, full_set_kind, instructions_text
from .layers import mm_text
from .marks import mark_relief, mark_shapes
from .plan import StlPlan, plan_stl, stl_options
from .plates import Centre, plate_origin, plates

BASE = "base (light grey)"
INSTRUCTIONS = "{slug}-3d-printing.txt"


def glyph_slug(glyph: Glyph) -> str:
    return glyph.name.replace(" ", "-")


def _suffix(plan: StlPlan) -> str:
    return "" if plan.markings == "none" else f"-{plan.markings}"


def _numbered(stem: str, index: int, count: int, extension: str) -> str:
    return f"{stem}{'' if count == 1 else f'-{index + 1}'}.{extension}"


def build_stl(game: Game, out: Path, **options) -> list[Written]:
    """Build and write the meshes, 3MF plates, STEP files and printing notes of the game's tiles.

    ``options`` are those of ``stl_options``.
    """
    plan = plan_stl(stl_options(**options), solid_tiles(game))
    products = _Products(plan).all()
    return [
        Written(write_bytes(Path(out) / product.name, product.data), product.kind, product.params)
        for product in products
    ]


def solid_tiles(game: Game) -> TileSet:
    """The game's tile set, checked; a game without tiles has no 3D tiles."""
    game.check()
    tiles = game.tile_set()
    if tiles is None:
        raise GrawlixError(f"{game.name} has no tiles to print in 3D")
    return tiles


def sample_plates(game: Game, symbols: str, colour_name: str, **options) -> dict[str, bytes]:
    """A colour's one-nozzle and two-filament 3MF with only the tiles of ``symbols``.

    The same code as the full set, on a model small enough to slice in a moment
    (to try a slicer, or a layer setting, before printing a set).
    """
    plan = plan_stl(stl_options("raised", **options), solid_tiles(game))
    glyphs = tuple(g for g in plan.tiles.glyphs if g.symbol in symbols)
    colour = next(c for c in plan.tiles.colours if c.name == colour_name)
    plan = replace(plan, raised_plates=plates(len(glyphs), plan.bed, plan.tile.size))
    products = _Products(plan, glyphs, (colour,))
    products.colour_change_3mf(colour)
    products.two_filament_3mf(colour)
    return {product.name: product.data for product in products.products}


@dataclass(frozen=True)
class _Product:
    name: str
    kind: str
    data: bytes
    params: dict


@dataclass(frozen=True)
class _GlyphTile:
    """One glyph's tile: the raised glyph alone (a part on its own filament) and fused with
    the body (one nozzle), as CAD shapes and as meshes."""

    raised: Any  # CadQuery shapes (untyped)
    whole: Any
    raised_mesh: Any  # their meshes (mesh.TriangleMesh, imported with CadQuery)
    whole_mesh: Any


class _Products:
    """Every file's bytes, in the order they are listed; the CAD work happens here.

    Each glyph is built and meshed once (and once per colour when marks are
    on); plates are copies of those meshes moved into place.
    """

    def __init__(
        self, plan: StlPlan, glyphs: tuple[Glyph, ...] | None = None, colours: tuple[Colour, ...] | None = None
    ) -> None:
        from . import model
        from .mesh import tessellate, volume

        self.plan = plan
        self.glyph_set = plan.tiles.glyphs if glyphs is None else glyphs
        self.colour_set = plan.tiles.colours if colours is None else colours
        self.products: list[_Product] = []
        self.plates: list[Plate] = []
        self.pictures: dict[tuple, bytes] = {}
        tile = plan.tile
        self.body_shape = model.tile_body(
            tile.footprint, tile.body_height, tile.chamfer, tile.elephant_foot
        )
        self.body_mesh = tessellate(self.body_shape)
        self._body_volume = volume(self.body_mesh.triangles)
        if plan.raised:
            self._build_glyphs()

    def all(self) -> list[_Product]:
        if self.plan.raised:
            self._raised_stl_plates()
            self._single_tiles()
            for colour in self.colour_set:
                self.colour_change_3mf(colour)
                self.two_filament_3mf(colour)
            if self.plan.full_set:
                self._full_set_3mf()
        if self.plan.flat:
            self._flat()
        files = Files(tuple(self.plates), self.plan.markings, self.plan.bed, self.plan.tiles, self.plan.slug)
        text = instructions_text(self.plan.layers, self.plan.tile, files)
        self.products.append(
            _Product(INSTRUCTIONS.format(slug=self.plan.slug), "print instructions", text.encode(), self.plan.params)
        )
        return self.products

    # --- raised tiles -------------------------------------------------------

    def _build_glyphs(self) -> None:
        from . import model
        from .mesh import tessellate
        from .shapes import Placement, outline_shapes

        tile = self.plan.tile
        outlines = glyph_outlines(self.plan.tiles.faces)
        self.glyphs: dict[Glyph, _GlyphTile] = {}
        for glyph in self.glyph_set:
            shapes = outline_shapes(outlines[glyph.symbol], Placement(tile.glyph_box))
            raised = model.relief(shapes, tile.body_height, tile.relief)
            whole = model.fused(self.body_shape, raised)
            self.glyphs[glyph] = _GlyphTile(raised, whole, tessellate(raised), tessellate(whole))
        self.marked: dict[tuple[Glyph, Colour], tuple[Any, Any]] = {}  # (whole mesh, marks mesh)
        if self.plan.markings != "none":
            for colour in self.colour_set:
                marks = model.relief(
                    mark_shapes(tile, self.plan.markings, colour, self.plan.tiles),
                    tile.body_height,
                    mark_relief(self.plan.layers),
                )
                marks_mesh = tessellate(marks)
                for glyph in self.glyph_set:
                    whole = model.fused(self.body_shape, self.glyphs[glyph].raised, marks)
                    self.marked[glyph, colour] = (tessellate(whole), marks_mesh)

    def _whole(self, glyph: Glyph, colour: Colour | None):
        """The one-nozzle mesh of a tile: body, glyph and (with markings) the colour's marks."""
        if self.plan.markings == "none" or colour is None:
            return self.glyphs[glyph].whole_mesh
        return self.marked[glyph, colour][0]

    def _raised_stl_plates(self) -> None:
        from .mesh import placed, stl_bytes, volume

        layers = self.plan.layers
        colours = [None] if self.plan.markings == "none" else list(self.colour_set)
        for colour in colours:
            stem = f"{self.plan.slug}-raised-plate" + ("" if colour is None else f"-{colour.name}")
            stem += _suffix(self.plan)
            count = len(self.plan.raised_plates)
            for index, centres in enumerate(self.plan.raised_plates):
                done = sum(map(len, self.plan.raised_plates[:index]))
                glyphs = self.glyph_set[done : done + len(centres)]
                triangles = np.concatenate(
                    [placed(self._whole(g, colour).triangles, [c]) for g, c in zip(glyphs, centres)]
                )
                name = _numbered(stem, index, count, "stl")
                header = (
                    f"grawlix-print {len(centres)} raised tiles {self.plan.tile.size:g} mm, "
                    f"swap at Z {mm_text(layers.body)}"
                )
                self.products.append(
                    _Product(
                        name,
                        "STL raised plate",
                        stl_bytes(triangles, header),
                        self.plan.params | {"triangles": len(triangles), "tiles": len(centres)},
                    )
                )
                base = self._body_volume * len(centres)
                self.plates.append(
                    Plate(name, "raised", len(centres), grams(base),
                          grams(volume(triangles) - base), colour=colour.name if colour else None)
                )  # fmt: skip

    def _single_tiles(self) -> None:
        from .mesh import placed, stl_bytes
        from .model import step_bytes

        centre = (self.plan.bed.width / 2, self.plan.bed.depth / 2)
        for glyph in self.glyph_set:
            triangles = placed(self.glyphs[glyph].whole_mesh.triangles, [centre])
            header = f"grawlix-print raised tile {glyph.symbol} {self.plan.tile.size:g} mm"
            name = f"{self.plan.slug}-raised-{glyph_slug(glyph)}"
            self.products.append(
                _Product(
                    f"{name}.stl",
                    "STL raised tile",
                    stl_bytes(triangles, header),
                    self.plan.params | {"triangles": len(triangles), "tiles": 1},
                )
            )
            self.products.append(
                _Product(
                    f"{name}.step",
                    "STEP raised tile",
                    step_bytes(self.glyphs[glyph].whole, f"{self.plan.tiles.title} tile {glyph.symbol}"),
                    self.plan.params | {"tiles": 1},
                )
            )

    def _materials(self, colours: list[Colour]):
        from .threemf import Material

        return [Material(BASE, self.plan.tiles.face.rgb)] + [Material(c.name, ink(c).rgb) for c in colours]

    def _pieces_on_plates(self, tiles: list[tuple[Glyph, Colour]], plates_: list[list[Centre]]):
        """(glyph, colour, plate number, x, y) for each tile, plate by plate."""
        placed_tiles, queue = [], iter(tiles)
        for index, centres in enumerate(plates_):
            ox, oy = plate_origin(index, self.plan.bed)
            for x, y in centres:
                glyph, colour = next(queue)
                placed_tiles.append((glyph, colour, index + 1, ox + x, oy + y))
        return placed_tiles

    def colour_change_3mf(self, colour: Colour) -> None:
        """One nozzle: each tile a single part, the colour change set for every slicer."""
        from .threemf import Package, Part, Piece, threemf_bytes

        layers = self.plan.layers
        placed = self._pieces_on_plates([(g, colour) for g in self.glyph_set], self.plan.raised_plates)
        pieces = []
        for glyph, _, plate, x, y in placed:
            whole = self._whole(glyph, colour)
            accent = (whole.triangles[:, :, 2].mean(axis=1) > layers.body + 1e-6).astype(int)
            pieces.append(
                Piece(_piece_name(glyph, colour), (Part("tile", whole, 1, accent),), x, y, plate)
            )
        materials = self._materials([colour])
        picture = self._picture(placed)
        plate_numbers = sorted({p.plate for p in pieces})
        package = Package(
            f"{self.plan.tiles.title} tiles, {colour.name} glyphs, one nozzle",
            dialects.BAMBU_DIALECT,
            materials,
            pieces,
            files={
                dialects.PRUSA_MODEL_CONFIG: dialects.prusa_model_config(pieces, layers),
                dialects.PRUSA_PROJECT_CONFIG: dialects.prusa_project_config(layers),
                dialects.PRUSA_COLOUR_CHANGE: dialects.prusa_colour_change(layers, materials[1].hex),
                dialects.BAMBU_MODEL_SETTINGS: dialects.bambu_model_settings(pieces, layers),
                dialects.BAMBU_PROJECT_SETTINGS: dialects.bambu_project_settings(layers),
                dialects.BAMBU_COLOUR_CHANGE: dialects.bambu_colour_change(
                    layers, materials[1].hex, plate_numbers
                ),
                **{dialects.BAMBU_PLATE_PICTURE.format(n): picture for n in plate_numbers},
            },
            metadata=dialects.BAMBU_METADATA,
            namespaces=(dialects.BAMBU_NAMESPACE,),
            thumbnail=picture,
        )
        self._add_3mf(
            f"{self.plan.slug}-raised-{colour.name}-colour-change{_suffix(self.plan)}.3mf",
            "3MF one-nozzle plate",
            threemf_bytes(package),
            pieces,
            colour.name,
        )

    def two_filament_3mf(self, colour: Colour) -> None:
        """Body on filament 1 and glyph (with marks) on filament 2, read alike by every slicer."""
        from .threemf import Piece

        placed = self._pieces_on_plates([(g, colour) for g in self.glyph_set], self.plan.raised_plates)
        pieces = [
            Piece(_piece_name(glyph, colour), self._parts(glyph, colour, 2), x, y, plate)
            for glyph, _, plate, x, y in placed
        ]
        self._prusa_dialect_3mf(
            f"{self.plan.slug}-raised-{colour.name}-two-filaments{_suffix(self.plan)}.3mf",
            f"{self.plan.tiles.title} tiles, {colour.name} glyphs, two filaments",
            "3MF two-filament plate",
            [colour],
            pieces,
            self._picture(placed),
            colour.name,
        )

    def _full_set_3mf(self) -> None:
        """Every tile over the fewest plates, each glyph on its colour's filament (2 onwards)."""
        from .threemf import Piece

        tiles = [(t.glyph, t.colour) for t in self.plan.tiles.tiles]
        layout = plates(len(tiles), self.plan.bed, self.plan.tile.size)
        placed = self._pieces_on_plates(tiles, layout)
        pieces = [
            Piece(_piece_name(g, c), self._parts(g, c, c.index + 2), x, y, plate)
            for g, c, plate, x, y in placed
        ]
        filaments = in_words(len(self.plan.tiles.colours) + 1)
        self._prusa_dialect_3mf(
            f"{self.plan.slug}-raised-full-set-{filaments}-filaments{_suffix(self.plan)}.3mf",
            f"{self.plan.tiles.title} tiles, the full set, {filaments} filaments",
            full_set_kind(self.plan.tiles),
            list(self.plan.tiles.colours),
            pieces,
            self._picture(placed),
            None,
            plates_count=len(layout),
        )

    def _parts(self, glyph: Glyph, colour: Colour, filament: int):
        from .mesh import TriangleMesh
        from .threemf import Part

        raised = self.glyphs[glyph].raised_mesh
        if self.plan.markings != "none":
            marks = self.marked[glyph, colour][1]
            raised = TriangleMesh(
                np.concatenate([raised.vertices, marks.vertices]),
                np.concatenate([raised.faces, marks.faces + len(raised.vertices)]),
            )
        return (
            Part("body", self.body_mesh, 1, 0),
            Part("glyph", raised, filament, filament - 1),
        )

    def _prusa_dialect_3mf(
        self, name, title, kind, colours, pieces, picture, colour_name, plates_count=1
    ) -> None:
        from .threemf import Package, threemf_bytes

        package = Package(
            title,
            dialects.PRUSA_DIALECT,
            self._materials(colours),
            pieces,
            files={dialects.PRUSA_MODEL_CONFIG: dialects.prusa_model_config(pieces, self.plan.layers)},
            thumbnail=picture,
        )
        self._add_3mf(name, kind, threemf_bytes(package), pieces, colour_name, plates_count)

    def _add_3mf(self, name, kind, data, pieces, colour_name, plates_count=1) -> None:
        triangles = sum(len(part.mesh.faces) for piece in pieces for part in piece.parts)
        self.products.append(
            _Product(
                name,
                kind,
                data,
                self.plan.params
                | {"triangles": triangles, "tiles": len(pieces), "colour": colour_name},
            )
        )
        base, accent = self._piece_grams(pieces)
        self.plates.append(
            Plate(name, kind, len(pieces), base, accent, colour=colour_name, plates=plates_count)
        )

    def _picture(self, placed) -> bytes:
        """The tiles of the first plate as they will print: bodies grey, glyphs in their colours.

        Drawn from the one-nozzle meshes, whose body tops are cut around the glyphs, so the
        painter's algorithm never lays a whole body top over a glyph's side.
        """
        from .picture import mesh_picture, two_colours

        key = tuple((g.symbol, c.name, x, y) for g, c, plate, x, y in placed if plate == 1)
        if key in self.pictures:  # the one-nozzle and two-filament plates look alike
            return self.pictures[key]
        triangles, colours = [], []
        for glyph, colour, plate, x, y in placed:
            if plate == 1:
                tile = self._whole(glyph, colour).triangles + np.array([x, y, 0.0])
                triangles.append(tile)
                colours.append(two_colours(tile, self.plan.layers.body, ink(colour).rgb, self.plan.tiles.face.rgb))
        self.pictures[key] = mesh_picture(np.concatenate(triangles), np.concatenate(colours))
        return self.pictures[key]

    # --- weights ------------------------------------------------------------

    def _piece_grams(self, pieces) -> tuple[float, float]:
        """(base, accent) grams: every tile's body is the base, the rest is accent."""
        from .mesh import volume

        body = self._body_volume * len(pieces)
        whole = sum(volume(part.mesh.triangles) for p in pieces for part in p.parts)
        return grams(body), grams(whole - body)

    # --- flat tiles ---------------------------------------------------------

    def _flat(self) -> None:
        from .mesh import placed, stl_bytes, volume

        count = len(self.plan.flat_plates)
        tile = self.plan.tile
        for index, centres in enumerate(self.plan.flat_plates):
            triangles = placed(self.body_mesh.triangles, centres)
            name = _numbered(f"{self.plan.slug}-flat-plate", index, count, "stl")
            header = (
                f"grawlix-print {len(centres)} flat tiles {tile.size:g} mm, "
                f"{mm_text(tile.body_height)} mm high"
            )
            self.products.append(
                _Product(
                    name,
                    "STL flat plate",
                    stl_bytes(triangles, header),
                    self.plan.params | {"triangles": len(triangles), "tiles": len(centres)},
                )
            )
            self.plates.append(Plate(name, "flat", len(centres), grams(volume(triangles)), 0.0))


PLA_DENSITY = 1.24
"""g/cm3 of PLA, the filament most tiles will be printed in."""
SOLID_SHARE = 0.45
"""Share of a tile's volume a slicer fills with plastic at the settings the notes give
(3 walls, 4 top and 4 bottom layers, 15 % infill); the rest is air between infill lines.
Measured: PrusaSlicer 2.5 lays 42 % of a flat plate's volume and 47 % of a raised one's."""


def grams(volume_mm3: float) -> float:
    """Filament for a solid of this volume at the notes' settings."""
    return volume_mm3 / 1000 * PLA_DENSITY * SOLID_SHARE


def _piece_name(glyph: Glyph, colour: Colour) -> str:
    return f"{glyph.symbol} {colour.name} {glyph.name}"
