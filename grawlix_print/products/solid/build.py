"""``grawlix-print stl``: build each distinct relief once, then make and write every file.

Every file is made in memory before the first one is written, so a failure
while building writes nothing, and each file is replaced whole or not at all
(``grawlix-print all`` switches the whole set at once). The options were
checked by ``plan``. A game with several kinds of piece to print in 3D gets
each kind's set, its files' names beginning with the kind's name.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ...errors import StudioError
from ...facts.wording import in_words
from ...files import Written, slug, write_bytes
from ...games.base import Game
from ...pieces.kinds import Accent, PieceColour
from . import dialects
from .filament import body_grams, prints_solid, raised_grams
from ...pieces.shapes import SQUARE
from .instructions import CHANGE_WORDS, Files, Plate, full_set_kind, instructions_text, outline_size
from .kinds import RaisedPiece, SolidKind, solid_kinds
from .layers import mm_text
from .marks import mark_relief, mark_shapes
from .plan import StlPlan, instructions_name, plan_stl, stl_options
from .plates import Centre


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


def build_stl(
    game: Game, out: Path, credits: Credits | None = None, previews: Path | None = None, **options
) -> list[Written]:
    """Build and write the meshes, 3MF plates, STEP files and printing notes of each kind of the
    game's pieces that has reliefs, and into ``previews`` (if given) a picture of each plate.

    ``options`` are those of ``stl_options``; ``credits`` are the game's unless given. Every
    kind is planned (and so checked) before any is built. A plate's picture is its 3MF's
    thumbnail, or an STL plate's as a 3MF of the same pieces would carry it, drawn from the
    meshes in memory.
    """
    chosen = stl_options(**options)
    plans = [plan_stl(chosen, kind) for kind in solid_kinds(game)]
    credits = credits or Credits.of(game)
    products = [product for plan in plans for product in _Products(plan, credits).all()]
    written = [
        Written(write_bytes(Path(out) / product.name, product.data), product.kind, product.params)
        for product in products
    ]
    if previews is None:
        return written
    return written + [
        Written(write_bytes(Path(previews) / f"{Path(p.name).stem}.png", p.picture), "preview", {"of": p.name})
        for p in products if p.picture is not None
    ]  # fmt: skip


def _sample(game: Game, picks: Collection[str], accent_name: str, options: dict) -> tuple[StlPlan, list[RaisedPiece]]:
    """The game's first kind to print in 3D, planned, and its pieces in one accent whose relief is
    named or labelled in ``picks`` (each once)."""
    plan = plan_stl(stl_options("raised", **options), solid_kinds(game)[0])
    pieces = [
        piece for piece in plan.kind.pieces
        if piece.relief.accent.name == accent_name and (piece.relief.name in picks or piece.relief.label in picks)
    ]  # fmt: skip
    if not pieces:
        raise StudioError(f"no {plan.kind.plural} in {accent_name!r} show any of {', '.join(map(repr, picks))}")
    return plan, [RaisedPiece(p.relief, p.colour, 1, p.description) for p in pieces]


def sample_plates(game: Game, picks: Collection[str], accent_name: str, **options) -> dict[str, bytes]:
    """An accent's one-nozzle and two-filament 3MF with only the pieces whose relief ``picks``
    names or labels (``"*#"``: two glyphs).

    The same code as the full set, on a model small enough to slice in a moment
    (to try a slicer, or a layer setting, before printing a set).
    """
    plan, pieces = _sample(game, picks, accent_name, options)
    products = _Products(plan, Credits.of(game), pieces)
    accent = pieces[0].relief.accent
    products.one_nozzle_3mf(accent)
    products.two_filament_3mf(accent)
    return {product.name: product.data for product in products.products}


def sample_grams(game: Game, picks: Collection[str], accent_name: str, **options) -> tuple[float, float]:
    """(base, accent) grams the notes give for the pieces of ``picks`` in one accent."""
    plan, pieces = _sample(game, picks, accent_name, options)
    grams = _Grams(plan, pieces)
    return grams.body * len(pieces), sum(grams.accent(p) for p in pieces)


@dataclass(frozen=True)
class _Product:
    name: str
    kind: str
    data: bytes
    params: dict
    picture: bytes | None = None
    """A plate's picture (PNG), for the kit's previews."""


@dataclass(frozen=True)
class _ReliefTile:
    """One relief's tile: the relief alone (a part on its own filament) and fused with the
    body (one nozzle), as CAD shapes and as meshes."""

    raised: Any  # OpenCASCADE shapes (untyped)
    whole: Any
    raised_mesh: Any  # their meshes (mesh.TriangleMesh, imported with OpenCASCADE)
    whole_mesh: Any


_Placed = tuple[RaisedPiece, float, float]
"""A piece on a plate, and where its centre stands on the bed."""


def _colour_name(colour: PieceColour | None) -> str | None:
    return colour.name if colour is not None else None


def _distinct_colours(pieces: Sequence[RaisedPiece]) -> list[PieceColour]:
    """The pieces' colours, each once, in the order they first appear."""
    return list({p.colour.name: p.colour for p in reversed(pieces) if p.colour is not None}.values())[::-1]


class _Grams:
    """Filament of each part, estimated once: the body, each relief, each colour's marks."""

    def __init__(self, plan: StlPlan, pieces: Sequence[RaisedPiece]) -> None:
        from .shapes import outline_shapes

        layers, tile = plan.layers, plan.tile
        self.body = body_grams(tile, layers)
        self.reliefs: dict[str, float] = {}
        self.marks: dict[str, float] = {}
        self.solid = True
        """Whether every relief prints solid (its strokes narrower than the walls on both sides)."""
        if not plan.raised:
            return
        for relief in {p.relief.name: p.relief for p in pieces}.values():
            shapes = outline_shapes(plan.kind.outlines[relief.name], plan.placement(relief))
            self.reliefs[relief.name] = raised_grams(shapes, layers, layers.body_layers, layers.relief_layers)
            self.solid = self.solid and prints_solid(shapes, layers)
        if plan.markings != "none":
            mark_layers = round(mark_relief(layers) / layers.layer)
            for colour in _distinct_colours(pieces):
                shapes = mark_shapes(tile, plan.markings, colour, plan.reach)
                self.marks[colour.name] = raised_grams(shapes, layers, layers.body_layers, mark_layers)

    def accent(self, piece: RaisedPiece, marked: bool = True) -> float:
        """A piece's relief, with its colour's marks when the pieces carry them."""
        marks = self.marks.get(piece.colour.name, 0.0) if marked and piece.colour is not None else 0.0
        return self.reliefs[piece.relief.name] + marks


class _Products:
    """Every file's bytes, in the order they are listed; the CAD work happens here.

    Each relief is built and meshed once (and once per colour when marks are
    on); plates are copies of those meshes moved into place. Every 3MF holds
    one plate that fits the bed.
    """

    def __init__(self, plan: StlPlan, credits: Credits, pieces: Sequence[RaisedPiece] | None = None) -> None:
        from . import model
        from .mesh import tessellate

        self.plan = plan
        self.kind: SolidKind = plan.kind
        self.credits = credits
        self.pieces = list(plan.kind.pieces if pieces is None else pieces)
        self.shapes = list({p.relief.name: p.relief for p in reversed(self.pieces)}.values())[::-1]
        self.accents = list({p.relief.accent.name: p.relief.accent for p in reversed(self.pieces)}.values())[::-1]
        self.products: list[_Product] = []
        self.plates: list[Plate] = []
        self.pictures: dict[tuple, bytes] = {}
        self.views: dict[tuple, Any] = {}  # picture.View of each plate's tiles in their places
        self.mesh_texts: dict = {}  # each mesh's 3MF text at each place (threemf_bytes)
        self.grams = _Grams(plan, self.pieces)
        tile = plan.tile
        self.body_shape = model.body(tile.outline, tile.body_height, tile.chamfer, tile.elephant_foot)
        self.body_mesh = tessellate(self.body_shape)
        if plan.raised:
            self._build_reliefs()

    def batch(self, accent: Accent) -> list[RaisedPiece]:
        """The pieces of one accent colour, as many of each as a set holds."""
        return self.kind.in_accent(accent, self.pieces)

    def all(self) -> list[_Product]:
        if self.plan.raised:
            self._raised_stl_plates()
            self._single_tiles()
            for accent in self.accents:
                self.one_nozzle_3mf(accent)
                self.two_filament_3mf(accent)
            if self.plan.full_set:
                self._full_set_3mf()
        if self.plan.flat:
            self._flat()
        files = Files(
            tuple(self.plates), self.plan.markings, self.plan.bed, self.kind, self.plan.slug, self.plan.colour_change,
            self.grams.solid,
        )  # fmt: skip
        text = instructions_text(self.plan.layers, self.plan.tile, files)
        self.products.append(
            _Product(instructions_name(self.plan.slug), "print instructions", text.encode(), self.plan.params)
        )
        return self.products

    # --- raised tiles -------------------------------------------------------

    def _build_reliefs(self) -> None:
        from . import model
        from .mesh import tessellate
        from .shapes import Placement, outline_shapes

        tile = self.plan.tile
        self.reliefs: dict[str, _ReliefTile] = {}
        for relief in self.shapes:
            shapes = outline_shapes(self.kind.outlines[relief.name], self.plan.placement(relief))
            raised = model.relief(shapes, tile.body_height, tile.relief)
            whole = model.fused(self.body_shape, raised)
            self.reliefs[relief.name] = _ReliefTile(raised, whole, tessellate(raised), tessellate(whole))
        self.marked: dict[tuple[str, str], tuple[Any, Any]] = {}  # (whole mesh, marks mesh)
        if self.plan.markings == "none":
            return
        shown = {(p.relief.name, p.colour.name) for p in self.pieces if p.colour is not None}
        for colour in _distinct_colours(self.pieces):
            marks = model.relief(
                mark_shapes(tile, self.plan.markings, colour, self.plan.reach),
                tile.body_height,
                mark_relief(self.plan.layers),
            )
            marks_mesh = tessellate(marks)
            for relief in self.shapes:
                if (relief.name, colour.name) in shown:
                    whole = model.fused(self.body_shape, self.reliefs[relief.name].raised, marks)
                    self.marked[relief.name, colour.name] = (tessellate(whole), marks_mesh)

    def _marked(self, piece: RaisedPiece) -> bool:
        return self.plan.markings != "none" and piece.colour is not None

    def _whole(self, piece: RaisedPiece, marked: bool = True):
        """The one-nozzle mesh of a piece: body, relief and (with markings) its colour's marks."""
        if not (marked and self._marked(piece)):
            return self.reliefs[piece.relief.name].whole_mesh
        assert piece.colour is not None
        return self.marked[piece.relief.name, piece.colour.name][0]

    def _raised_stl_plates(self) -> None:
        """Plates of raised tiles for one nozzle: one plate printed once per accent colour when every
        accent holds the same reliefs and no marks tell colours apart; else a plate per accent."""
        if self.plan.markings == "none" and self.kind.uniform:
            self._raised_stl_plate(self.plan.slug + "-raised-plate", self.batch(self.accents[0]), None, marked=False)
            return
        for accent in self.accents:
            stem = f"{self.plan.slug}-raised-plate-{slug(accent.name)}{_suffix(self.plan)}"
            self._raised_stl_plate(stem, self.batch(accent), accent, marked=True)

    def _raised_stl_plate(self, stem: str, batch: list[RaisedPiece], accent: Accent | None, marked: bool) -> None:
        from .mesh import placed, stl_bytes

        layout = self.plan.layout(len(batch))
        colour = {} if accent is None else {"colour": slug(accent.name)}  # a plate of one accent's pieces
        for index, centres in enumerate(layout):
            done = sum(map(len, layout[:index]))
            pieces = batch[done : done + len(centres)]
            triangles = np.concatenate([placed(self._whole(p, marked).triangles, [c]) for p, c in zip(pieces, centres)])
            name = _numbered(stem, index, len(layout), "stl")
            header = (
                f"grawlix-print {len(centres)} raised {self.kind.plural} {self.plan.tile.size:g} mm, "
                f"swap at Z {mm_text(self.plan.layers.body)}"
            )
            self.products.append(
                _Product(
                    name,
                    "STL raised plate",
                    stl_bytes(triangles, header),
                    self.plan.params | {"triangles": len(triangles), "tiles": len(centres)} | colour,
                    self._picture([(p, x, y) for p, (x, y) in zip(pieces, centres)]),
                )
            )
            grams = sum(self.grams.accent(p, marked) for p in pieces)
            self.plates.append(
                Plate(name, "raised", len(centres), self.grams.body * len(centres), grams,
                      colour=slug(accent.name) if accent else None)
            )  # fmt: skip

    def _single_tiles(self) -> None:
        """One tile per relief, as STL and STEP, both standing at the middle of the bed."""
        from .mesh import placed, stl_bytes
        from .model import step_bytes

        centre = (self.plan.bed.width / 2, self.plan.bed.depth / 2)
        for relief in self.shapes:
            made = self.reliefs[relief.name]
            triangles = placed(made.whole_mesh.triangles, [centre])
            header = f"grawlix-print raised {self.kind.singular} {relief.label or relief.name} {self.plan.tile.size:g} mm"
            name = f"{self.plan.slug}-raised-{self.kind.file_word(relief)}"
            self.products.append(
                _Product(
                    f"{name}.stl",
                    "STL raised tile",
                    stl_bytes(triangles, header),
                    self.plan.params | {"triangles": len(triangles), "tiles": 1},
                )
            )
            product = f"{self.kind.title} {self.kind.singular} " + (
                f"{relief.label} ({relief.name})" if relief.label else relief.name
            )
            self.products.append(
                _Product(
                    f"{name}.step",
                    "STEP raised tile",
                    step_bytes(made.whole, self._step_header(product, f"{name}.step"), centre),
                    self.plan.params | {"tiles": 1},
                )
            )

    def _step_header(self, product: str, file_name: str):
        from .model import StepHeader

        return StepHeader(
            file_name,
            product,
            file_name.removesuffix(".step"),
            (
                f"{product}, " + (f"{mm_text(self.plan.tile.footprint)} mm square" if self.plan.tile.shape == SQUARE
                                  else outline_size(self.plan.tile.outline, self.plan.tile)),
                self._designed_by(),
                f"Licence: {self.credits.licence}",
                *((self.credits.licence_url,) if self.credits.licence_url else ()),
                _CHANGED,
            ),
            self.credits.authors,
            self.credits.licence,
        )

    def _designed_by(self) -> str:
        return f"{self.kind.title} by {_names(self.credits.authors)}"

    def _licence_line(self) -> str:
        licence = self.credits.licence
        return f"{licence} ({self.credits.licence_url})" if self.credits.licence_url else licence

    def _metadata(self, what: str) -> tuple[tuple[str, str], ...]:
        """The 3MF core's well-known metadata: who designed the game and under what licence."""
        return (
            ("Designer", _names(self.credits.authors)),
            ("Description", f"{self.kind.title} {self.kind.plural}, {what}. {self._designed_by()}. {_CHANGED}."),
            ("LicenseTerms", self._licence_line()),
        )

    def _materials(self, accents: Sequence[Accent]):
        from .threemf import Material

        body = self.kind.body
        return [Material(body.name, body.ink.rgb)] + [Material(a.name, a.ink.rgb) for a in accents]

    @staticmethod
    def _on_plates(pieces: list[RaisedPiece], layout: list[list[Centre]]) -> list[list[_Placed]]:
        """The pieces, plate by plate, each at its place on the bed."""
        queue, result = iter(pieces), []
        for centres in layout:
            result.append([(next(queue), x, y) for x, y in centres])
        return result

    def one_nozzle_3mf(self, accent: Accent) -> None:
        """One nozzle: each tile a single part, the change set for every slicer, one file a plate."""
        from .threemf import Package, Part, Piece, threemf_bytes

        layers = self.plan.layers
        change = dialects.CHANGES[self.plan.colour_change]
        batch = self.batch(accent)
        layout = self._on_plates(batch, self.plan.layout(len(batch)))
        stem = f"{self.plan.slug}-raised-{slug(accent.name)}-{CHANGE_WORDS[change.name]}{_suffix(self.plan)}"
        for index, placed in enumerate(layout):
            pieces = []
            for piece, x, y in placed:
                whole = self._whole(piece)
                colours = (whole.triangles[:, :, 2].mean(axis=1) > layers.body + 1e-6).astype(int)
                pieces.append(Piece(piece.name, (Part(self.kind.singular, whole, 1, colours),), x, y))
            materials = self._materials([accent])
            picture = self._picture(placed)
            message = f"Load the {accent.name} filament"
            package = Package(
                f"{self.kind.title} {self.kind.plural}, {accent.name} {self.kind.relief_words}, one nozzle",
                dialects.BAMBU_DIALECT,
                materials,
                pieces,
                files={
                    dialects.PRUSA_MODEL_CONFIG: dialects.prusa_model_config(pieces, layers),
                    dialects.PRUSA_PROJECT_CONFIG: dialects.prusa_project_config(
                        layers, self.kind.plural, self.kind.singular
                    ),
                    dialects.PRUSA_COLOUR_CHANGE: dialects.prusa_colour_change(
                        layers, change, materials[1].hex, message
                    ),
                    dialects.BAMBU_MODEL_SETTINGS: dialects.bambu_model_settings(pieces, layers),
                    dialects.BAMBU_COLOUR_CHANGE: dialects.bambu_colour_change(
                        layers, change, materials[1].hex, message
                    ),
                    dialects.BAMBU_PLATE_PICTURE: picture,
                },
                metadata=dialects.BAMBU_METADATA + self._metadata(f"{accent.name} {self.kind.relief_words} for one nozzle"),
                namespaces=(dialects.BAMBU_NAMESPACE,),
                thumbnail=picture,
            )
            self._add_3mf(
                _numbered(stem, index, len(layout), "3mf"), "3MF one-nozzle plate", threemf_bytes(package, self.mesh_texts),
                pieces, placed, slug(accent.name),
            )  # fmt: skip

    def two_filament_3mf(self, accent: Accent) -> None:
        """Body on filament 1 and relief (with marks) on filament 2, read alike by every slicer."""
        from .threemf import Piece

        batch = self.batch(accent)
        layout = self._on_plates(batch, self.plan.layout(len(batch)))
        stem = f"{self.plan.slug}-raised-{slug(accent.name)}-two-filaments{_suffix(self.plan)}"
        for index, placed in enumerate(layout):
            pieces = [Piece(piece.name, self._parts(piece, 2), x, y) for piece, x, y in placed]
            self._prusa_dialect_3mf(
                _numbered(stem, index, len(layout), "3mf"),
                f"{accent.name} {self.kind.relief_words}, two filaments",
                "3MF two-filament plate",
                [accent],
                pieces,
                placed,
                slug(accent.name),
            )

    def _full_set_3mf(self) -> None:
        """Every piece of the set over the fewest plates, one file a plate, each relief on its
        accent's filament (2 onwards)."""
        from .threemf import Piece

        every = [piece for piece in self.pieces for _ in range(piece.count)]
        layout = self._on_plates(every, self.plan.layout(len(every)))
        filaments = in_words(len(self.accents) + 1)
        stem = f"{self.plan.slug}-raised-full-set-{filaments}-filaments{_suffix(self.plan)}"
        for index, placed in enumerate(layout):
            pieces = [
                Piece(piece.name, self._parts(piece, self.kind.filament(piece.relief.accent)), x, y)
                for piece, x, y in placed
            ]
            plate = f", plate {index + 1} of {len(layout)}" if len(layout) > 1 else ""
            self._prusa_dialect_3mf(
                _numbered(stem, index, len(layout), "3mf"),
                f"the full set{plate}, {filaments} filaments",
                full_set_kind(self.kind),
                list(self.accents),
                pieces,
                placed,
                None,
            )

    def _parts(self, piece: RaisedPiece, filament: int):
        from .mesh import TriangleMesh
        from .threemf import Part

        raised = self.reliefs[piece.relief.name].raised_mesh
        if self._marked(piece):
            assert piece.colour is not None
            marks = self.marked[piece.relief.name, piece.colour.name][1]
            raised = TriangleMesh(
                np.concatenate([raised.vertices, marks.vertices]),
                np.concatenate([raised.faces, marks.faces + len(raised.vertices)]),
            )
        return (
            Part("body", self.body_mesh, 1, 0),
            Part(self.kind.relief_word, raised, filament, filament - 1),
        )

    def _prusa_dialect_3mf(self, name, what, kind, accents, pieces, placed, colour_name) -> None:
        from .threemf import Package, threemf_bytes

        package = Package(
            f"{self.kind.title} {self.kind.plural}, {what}",
            dialects.PRUSA_DIALECT,
            self._materials(accents),
            pieces,
            files={dialects.PRUSA_MODEL_CONFIG: dialects.prusa_model_config(pieces, self.plan.layers)},
            metadata=self._metadata(what),
            thumbnail=self._picture(placed),
        )
        self._add_3mf(name, kind, threemf_bytes(package, self.mesh_texts), pieces, placed, colour_name)

    def _add_3mf(self, name: str, kind: str, data: bytes, pieces, placed: list[_Placed], colour_name) -> None:
        triangles = sum(len(part.mesh.faces) for piece in pieces for part in piece.parts)
        self.products.append(
            _Product(
                name,
                kind,
                data,
                self.plan.params
                | {"triangles": triangles, "tiles": len(placed), "colour": colour_name},
                self._picture(placed),
            )
        )
        accent = sum(self.grams.accent(piece) for piece, _, _ in placed)
        self.plates.append(
            Plate(name, kind, len(placed), self.grams.body * len(placed), accent, colour=colour_name)
        )

    def _picture(self, placed: list[_Placed]) -> bytes:
        """The plate's tiles as they will print: bodies in their colour, reliefs in theirs.

        Drawn from the one-nozzle meshes, whose body tops are cut around the reliefs, so the
        painter's algorithm never lays a whole body top over a relief's side. Plates of the
        same tiles in the same places (one per accent) are seen once and coloured each.
        """
        from .picture import two_colours, view

        key = tuple((p.relief.name, p.relief.accent.name, _colour_name(p.colour), x, y) for p, x, y in placed)
        if key in self.pictures:  # the one-nozzle and two-filament plates look alike
            return self.pictures[key]
        tiles = [self._whole(piece).triangles + np.array([x, y, 0.0]) for piece, x, y in placed]
        where = tuple((p.relief.name, _colour_name(p.colour) if self._marked(p) else None, x, y) for p, x, y in placed)
        if where not in self.views:
            self.views[where] = view(np.concatenate(tiles))
        body = self.kind.body.ink.rgb
        colours = np.concatenate([
            two_colours(tile, self.plan.layers.body, piece.relief.accent.ink.rgb, body) for tile, (piece, _, _) in zip(tiles, placed)
        ])  # fmt: skip
        self.pictures[key] = self.views[where].picture(colours)
        return self.pictures[key]

    def _flat_picture(self, centres: list[Centre], triangles: np.ndarray) -> bytes:
        """A plate of blank bodies in their colour; plates of as many in the same places look alike."""
        from .picture import mesh_picture

        key = ("flat", tuple(centres))
        if key not in self.pictures:
            colours = np.broadcast_to(np.array(self.kind.body.ink.rgb), (len(triangles), 3))
            self.pictures[key] = mesh_picture(triangles, colours)
        return self.pictures[key]

    # --- flat tiles ---------------------------------------------------------

    def _flat(self) -> None:
        from .mesh import placed, stl_bytes

        layout = self.plan.layout(self.kind.count)
        tile = self.plan.tile
        for index, centres in enumerate(layout):
            triangles = placed(self.body_mesh.triangles, centres)
            name = _numbered(f"{self.plan.slug}-flat-plate", index, len(layout), "stl")
            header = (
                f"grawlix-print {len(centres)} flat {self.kind.plural} {tile.size:g} mm, "
                f"{mm_text(tile.body_height)} mm high"
            )
            self.products.append(
                _Product(
                    name,
                    "STL flat plate",
                    stl_bytes(triangles, header),
                    self.plan.params | {"triangles": len(triangles), "tiles": len(centres)},
                    self._flat_picture(centres, triangles),
                )
            )
            self.plates.append(Plate(name, "flat", len(centres), self.grams.body * len(centres), 0.0))


_CHANGED = "Changed: 3D model made with grawlix-print"
"""CC BY asks a changed work to say it was changed."""


def _names(authors: tuple[str, ...]) -> str:
    from ...facts.wording import join_words

    return join_words(list(authors)) if authors else "its designers"
