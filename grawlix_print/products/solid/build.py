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

from ...pieces.tile_look import ink
from ...pieces.tiles import Colour, Glyph, TileSet
from ...drawing.outline import glyph_outlines
from ...errors import GrawlixError
from ...facts.wording import in_words
from ...files import Written, write_bytes
from ...games.base import Game
from . import dialects
from .filament import body_grams, raised_grams
from .instructions import CHANGE_WORDS, Files, Plate, full_set_kind, instructions_text
from .layers import mm_text
from .marks import mark_relief, mark_shapes
from .plan import StlPlan, instructions_name, plan_stl, stl_options
from .plates import Centre, plates

BASE = "base (light grey)"


def glyph_slug(glyph: Glyph) -> str:
    return glyph.name.replace(" ", "-")


def _suffix(plan: StlPlan) -> str:
    return "" if plan.markings == "none" else f"-{plan.markings}"


def _numbered(stem: str, index: int, count: int, extension: str) -> str:
    return f"{stem}{'' if count == 1 else f'-{index + 1}'}.{extension}"


@dataclass(frozen=True)
class Credits:
    """Who designed the game and under what licence: the files say so (CC BY asks it)."""

    authors: tuple[str, ...]
    licence: str
    licence_url: str = ""

    @classmethod
    def of(cls, game: Game) -> Credits:
        """The game's rulebook front matter's."""
        meta = game.front_matter
        return cls(tuple(meta.authors), meta.licence, meta.licence_url)


def build_stl(game: Game, out: Path, credits: Credits | None = None, **options) -> list[Written]:
    """Build and write the meshes, 3MF plates, STEP files and printing notes of the game's tiles.

    ``options`` are those of ``stl_options``; ``credits`` are the game's unless given.
    """
    plan = plan_stl(stl_options(**options), solid_tiles(game))
    products = _Products(plan, credits or Credits.of(game)).all()
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
    products = _Products(plan, Credits.of(game), glyphs, (colour,))
    products.one_nozzle_3mf(colour)
    products.two_filament_3mf(colour)
    return {product.name: product.data for product in products.products}


def sample_grams(game: Game, symbols: str, colour_name: str, **options) -> tuple[float, float]:
    """(base, accent) grams the notes give for the tiles of ``symbols`` in one colour."""
    plan = plan_stl(stl_options("raised", **options), solid_tiles(game))
    glyphs = tuple(g for g in plan.tiles.glyphs if g.symbol in symbols)
    colour = next(c for c in plan.tiles.colours if c.name == colour_name)
    grams = _Grams(plan, glyphs, (colour,))
    return grams.body * len(glyphs), sum(grams.accent(g, colour) for g in glyphs)


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


_Placed = tuple[Glyph, Colour, float, float]
"""A tile on a plate: its glyph and colour, and where its centre stands on the bed."""


class _Grams:
    """Filament of each part, estimated once: the body, each glyph, each colour's marks."""

    def __init__(self, plan: StlPlan, glyphs: tuple[Glyph, ...], colours: tuple[Colour, ...]) -> None:
        from .shapes import Placement, outline_shapes

        layers, tile = plan.layers, plan.tile
        self.body = body_grams(tile, layers)
        self.glyphs: dict[Glyph, float] = {}
        self.marks: dict[Colour, float] = {}
        if not plan.raised:
            return
        outlines = glyph_outlines(plan.tiles.faces)
        for glyph in glyphs:
            shapes = outline_shapes(outlines[glyph.symbol], Placement(tile.glyph_box))
            self.glyphs[glyph] = raised_grams(shapes, layers, layers.body_layers, layers.relief_layers)
        if plan.markings != "none":
            mark_layers = round(mark_relief(layers) / layers.layer)
            for colour in colours:
                shapes = mark_shapes(tile, plan.markings, colour, plan.tiles)
                self.marks[colour] = raised_grams(shapes, layers, layers.body_layers, mark_layers)

    def accent(self, glyph: Glyph, colour: Colour | None) -> float:
        """A tile's glyph, with its colour's marks when the tiles carry them."""
        return self.glyphs[glyph] + (0.0 if colour is None else self.marks.get(colour, 0.0))


class _Products:
    """Every file's bytes, in the order they are listed; the CAD work happens here.

    Each glyph is built and meshed once (and once per colour when marks are
    on); plates are copies of those meshes moved into place. Every 3MF holds
    one plate that fits the bed.
    """

    def __init__(
        self, plan: StlPlan, credits: Credits, glyphs: tuple[Glyph, ...] | None = None,
        colours: tuple[Colour, ...] | None = None,
    ) -> None:  # fmt: skip
        from . import model
        from .mesh import tessellate

        self.plan = plan
        self.credits = credits
        self.glyph_set = plan.tiles.glyphs if glyphs is None else glyphs
        self.colour_set = plan.tiles.colours if colours is None else colours
        self.products: list[_Product] = []
        self.plates: list[Plate] = []
        self.pictures: dict[tuple, bytes] = {}
        self.grams = _Grams(plan, self.glyph_set, self.colour_set)
        tile = plan.tile
        self.body_shape = model.tile_body(
            tile.footprint, tile.body_height, tile.chamfer, tile.elephant_foot
        )
        self.body_mesh = tessellate(self.body_shape)
        if plan.raised:
            self._build_glyphs()

    def all(self) -> list[_Product]:
        if self.plan.raised:
            self._raised_stl_plates()
            self._single_tiles()
            for colour in self.colour_set:
                self.one_nozzle_3mf(colour)
                self.two_filament_3mf(colour)
            if self.plan.full_set:
                self._full_set_3mf()
        if self.plan.flat:
            self._flat()
        files = Files(
            tuple(self.plates), self.plan.markings, self.plan.bed, self.plan.tiles, self.plan.slug,
            self.plan.colour_change,
        )  # fmt: skip
        text = instructions_text(self.plan.layers, self.plan.tile, files)
        self.products.append(
            _Product(instructions_name(self.plan.slug), "print instructions", text.encode(), self.plan.params)
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
        from .mesh import placed, stl_bytes

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
                accent = sum(self.grams.accent(g, colour) for g in glyphs)
                self.plates.append(
                    Plate(name, "raised", len(centres), self.grams.body * len(centres), accent,
                          colour=colour.name if colour else None)
                )  # fmt: skip

    def _single_tiles(self) -> None:
        """One tile per glyph, as STL and STEP, both standing at the middle of the bed."""
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
                    step_bytes(self.glyphs[glyph].whole, self._step_header(glyph, f"{name}.step"), centre),
                    self.plan.params | {"tiles": 1},
                )
            )

    def _step_header(self, glyph: Glyph, file_name: str):
        from .model import StepHeader

        title, tile = self.plan.tiles.title, self.plan.tile
        product = f"{title} tile {glyph.symbol} ({glyph.name})"
        return StepHeader(
            file_name,
            product,
            file_name.removesuffix(".step"),
            (
                f"{product}, {mm_text(tile.footprint)} mm square",
                self._designed_by(),
                f"Licence: {self.credits.licence}",
                *((self.credits.licence_url,) if self.credits.licence_url else ()),
                _CHANGED,
            ),
            self.credits.authors,
            self.credits.licence,
        )

    def _designed_by(self) -> str:
        return f"{self.plan.tiles.title} by {_names(self.credits.authors)}"

    def _licence_line(self) -> str:
        licence = self.credits.licence
        return f"{licence} ({self.credits.licence_url})" if self.credits.licence_url else licence

    def _metadata(self, what: str) -> tuple[tuple[str, str], ...]:
        """The 3MF core's well-known metadata: who designed the game and under what licence."""
        return (
            ("Designer", _names(self.credits.authors)),
            ("Description", f"{self.plan.tiles.title} tiles, {what}. {self._designed_by()}. {_CHANGED}."),
            ("LicenseTerms", self._licence_line()),
        )

    def _materials(self, colours: list[Colour]):
        from .threemf import Material

        return [Material(BASE, self.plan.tiles.face.rgb)] + [Material(c.name, ink(c).rgb) for c in colours]

    def _on_plates(self, tiles: list[tuple[Glyph, Colour]], layout: list[list[Centre]]) -> list[list[_Placed]]:
        """The tiles, plate by plate, each at its place on the bed."""
        queue, result = iter(tiles), []
        for centres in layout:
            result.append([(*next(queue), x, y) for x, y in centres])
        return result

    def one_nozzle_3mf(self, colour: Colour) -> None:
        """One nozzle: each tile a single part, the change set for every slicer, one file a plate."""
        from .threemf import Package, Part, Piece, threemf_bytes

        layers = self.plan.layers
        change = dialects.CHANGES[self.plan.colour_change]
        layout = self._on_plates([(g, colour) for g in self.glyph_set], self.plan.raised_plates)
        stem = f"{self.plan.slug}-raised-{colour.name}-{CHANGE_WORDS[change.name]}{_suffix(self.plan)}"
        for index, placed in enumerate(layout):
            pieces = []
            for glyph, _, x, y in placed:
                whole = self._whole(glyph, colour)
                accent = (whole.triangles[:, :, 2].mean(axis=1) > layers.body + 1e-6).astype(int)
                pieces.append(Piece(_piece_name(glyph, colour), (Part("tile", whole, 1, accent),), x, y))
            materials = self._materials([colour])
            picture = self._picture(placed)
            message = f"Load the {colour.name} filament"
            package = Package(
                f"{self.plan.tiles.title} tiles, {colour.name} glyphs, one nozzle",
                dialects.BAMBU_DIALECT,
                materials,
                pieces,
                files={
                    dialects.PRUSA_MODEL_CONFIG: dialects.prusa_model_config(pieces, layers),
                    dialects.PRUSA_PROJECT_CONFIG: dialects.prusa_project_config(layers),
                    dialects.PRUSA_COLOUR_CHANGE: dialects.prusa_colour_change(
                        layers, change, materials[1].hex, message
                    ),
                    dialects.BAMBU_MODEL_SETTINGS: dialects.bambu_model_settings(pieces, layers),
                    dialects.BAMBU_COLOUR_CHANGE: dialects.bambu_colour_change(
                        layers, change, materials[1].hex, message
                    ),
                    dialects.BAMBU_PLATE_PICTURE: picture,
                },
                metadata=dialects.BAMBU_METADATA + self._metadata(f"{colour.name} glyphs for one nozzle"),
                namespaces=(dialects.BAMBU_NAMESPACE,),
                thumbnail=picture,
            )
            self._add_3mf(
                _numbered(stem, index, len(layout), "3mf"), "3MF one-nozzle plate", threemf_bytes(package),
                pieces, placed, colour.name,
            )  # fmt: skip

    def two_filament_3mf(self, colour: Colour) -> None:
        """Body on filament 1 and glyph (with marks) on filament 2, read alike by every slicer."""
        from .threemf import Piece

        layout = self._on_plates([(g, colour) for g in self.glyph_set], self.plan.raised_plates)
        stem = f"{self.plan.slug}-raised-{colour.name}-two-filaments{_suffix(self.plan)}"
        for index, placed in enumerate(layout):
            pieces = [
                Piece(_piece_name(glyph, colour), self._parts(glyph, colour, 2), x, y)
                for glyph, _, x, y in placed
            ]
            self._prusa_dialect_3mf(
                _numbered(stem, index, len(layout), "3mf"),
                f"{colour.name} glyphs, two filaments",
                "3MF two-filament plate",
                [colour],
                pieces,
                placed,
                colour.name,
            )

    def _full_set_3mf(self) -> None:
        """Every tile over the fewest plates, one file a plate, each glyph on its colour's
        filament (2 onwards)."""
        from .threemf import Piece

        tiles = [(t.glyph, t.colour) for t in self.plan.tiles.tiles]
        layout = self._on_plates(tiles, plates(len(tiles), self.plan.bed, self.plan.tile.size))
        filaments = in_words(len(self.plan.tiles.colours) + 1)
        stem = f"{self.plan.slug}-raised-full-set-{filaments}-filaments{_suffix(self.plan)}"
        for index, placed in enumerate(layout):
            pieces = [Piece(_piece_name(g, c), self._parts(g, c, c.index + 2), x, y) for g, c, x, y in placed]
            plate = f", plate {index + 1} of {len(layout)}" if len(layout) > 1 else ""
            self._prusa_dialect_3mf(
                _numbered(stem, index, len(layout), "3mf"),
                f"the full set{plate}, {filaments} filaments",
                full_set_kind(self.plan.tiles),
                list(self.plan.tiles.colours),
                pieces,
                placed,
                None,
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

    def _prusa_dialect_3mf(self, name, what, kind, colours, pieces, placed, colour_name) -> None:
        from .threemf import Package, threemf_bytes

        package = Package(
            f"{self.plan.tiles.title} tiles, {what}",
            dialects.PRUSA_DIALECT,
            self._materials(colours),
            pieces,
            files={dialects.PRUSA_MODEL_CONFIG: dialects.prusa_model_config(pieces, self.plan.layers)},
            metadata=self._metadata(what),
            thumbnail=self._picture(placed),
        )
        self._add_3mf(name, kind, threemf_bytes(package), pieces, placed, colour_name)

    def _add_3mf(self, name: str, kind: str, data: bytes, pieces, placed: list[_Placed], colour_name) -> None:
        triangles = sum(len(part.mesh.faces) for piece in pieces for part in piece.parts)
        self.products.append(
            _Product(
                name,
                kind,
                data,
                self.plan.params
                | {"triangles": triangles, "tiles": len(placed), "colour": colour_name},
            )
        )
        accent = sum(self.grams.accent(g, c) for g, c, _, _ in placed)
        self.plates.append(
            Plate(name, kind, len(placed), self.grams.body * len(placed), accent, colour=colour_name)
        )

    def _picture(self, placed: list[_Placed]) -> bytes:
        """The plate's tiles as they will print: bodies grey, glyphs in their colours.

        Drawn from the one-nozzle meshes, whose body tops are cut around the glyphs, so the
        painter's algorithm never lays a whole body top over a glyph's side.
        """
        from .picture import mesh_picture, two_colours

        key = tuple((g.symbol, c.name, x, y) for g, c, x, y in placed)
        if key in self.pictures:  # the one-nozzle and two-filament plates look alike
            return self.pictures[key]
        triangles, colours = [], []
        for glyph, colour, x, y in placed:
            tile = self._whole(glyph, colour).triangles + np.array([x, y, 0.0])
            triangles.append(tile)
            colours.append(two_colours(tile, self.plan.layers.body, ink(colour).rgb, self.plan.tiles.face.rgb))
        self.pictures[key] = mesh_picture(np.concatenate(triangles), np.concatenate(colours))
        return self.pictures[key]

    # --- flat tiles ---------------------------------------------------------

    def _flat(self) -> None:
        from .mesh import placed, stl_bytes

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
            self.plates.append(Plate(name, "flat", len(centres), self.grams.body * len(centres), 0.0))


_CHANGED = "Changed: 3D model made with grawlix-print"
"""CC BY asks a changed work to say it was changed."""


def _names(authors: tuple[str, ...]) -> str:
    from ...facts.wording import join_words

    return join_words(list(authors)) if authors else "its designers"


def _piece_name(glyph: Glyph, colour: Colour) -> str:
    return f"{glyph.symbol} {colour.name} {glyph.name}"
