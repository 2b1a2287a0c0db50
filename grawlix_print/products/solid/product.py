"""3D-printed tiles, as a product: STL, 3MF with the colour change set, STEP, and printing notes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ...options import LENGTH, LENGTH_OR_ZERO, OneLineChoice, option_label, setting
from ...pieces.kinds import MARKINGS
from ..base import PIECES, PREVIEWS, Entry, Job, Planned, Product
from .dimensions import SOLID_TILE, STYLES
from .layers import COLOUR_CHANGES, DEFAULT_FIRST_LAYER_MM, DEFAULT_LAYER_MM
from .plates import DEFAULT_BED

if TYPE_CHECKING:
    from ...files import Written
    from ...games.base import Game



class BedSize(click.ParamType):
    """``WIDTHxDEPTH`` (or a TOML list of the two), as a (width, depth) pair in millimetres."""

    name = "WxD"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from .plates import parse_bed

        bed = parse_bed(value, option_label(param, ctx))
        return (bed.width, bed.depth)


@dataclass(frozen=True)
class SolidOptions:
    style: str = setting("both", "Raised tiles (the relief on top, two colours), flat blank tiles, or both.", OneLineChoice((*STYLES, "both")))
    body_size: float | None = setting(
        None, "Width of a piece's body (a hexagon's across the flats, a disc's diameter; its depth in proportion): "
        "its place in the grid (--fit prints it smaller).", LENGTH, show="each kind's own",
        renamed=("tile_size",))  # fmt: skip
    body_height: float = setting(SOLID_TILE.body_height, "Body height; snapped to a layer top.", LENGTH)
    relief: float = setting(SOLID_TILE.relief, "How far the relief (a glyph, a picture) stands above the body; snapped to whole layers.", LENGTH)
    layer_height: float = setting(DEFAULT_LAYER_MM, "Your slicer's layer height.", LENGTH)
    first_layer_height: float = setting(DEFAULT_FIRST_LAYER_MM, "Your slicer's first-layer height.", LENGTH)
    elephant_foot: float = setting(
        SOLID_TILE.elephant_foot, "Chamfer on the bottom edge for the first layer's flare (0 turns it off).", LENGTH_OR_ZERO)
    fit: float = setting(SOLID_TILE.fit, "Print each tile this much smaller than --body-size, for play.", LENGTH_OR_ZERO)
    bed: tuple[float, float] = setting(
        (DEFAULT_BED.width, DEFAULT_BED.depth), "Your print bed, width x depth in mm: as many tiles per plate as fit.",
        BedSize())  # fmt: skip
    markings: str = setting(
        "none", "Colour-blind marks raised in the corners: the colour's letter or shape, as on paper.", OneLineChoice(MARKINGS))
    colour_change: str = setting(
        "m600", "What the one-nozzle 3MF files do at the first relief-only layer: a filament change (M600), a pause "
        "(M601, or PAUSE on Klipper) or a switch to tool/filament 2.", OneLineChoice(COLOUR_CHANGES))  # fmt: skip
    full_set: bool | None = setting(
        None, "Also one 3MF of every tile of the set, each relief on its colour's filament (one more for the "
        "bodies); all makes it unless this is false.", show="false")  # fmt: skip


class Solid(Product):
    name = "3d"
    command = "stl"
    summary = "3D-printable tiles: STL, 3MF, STEP and printing notes."
    description = """3D-printable tiles: STL, 3MF (colour change set, or one filament per part), STEP, notes.

    Writes into 3d/ in the --out folder. The body height is snapped to a
    layer boundary of your slicer settings, so that one filament change prints
    the relief (a glyph, a picture) in the accent colour. Every 3MF holds one
    plate that fits --bed. Every kind of the game's pieces with a relief on
    each piece is printed (tiles with a glyph each, say). Needs CadQuery: pip
    install "grawlix-print[3d]".
    """
    heading = "3D-printed tiles"
    order = 50
    options = SolidOptions
    extra = "3d"

    def shown_default(self, game: Game, option: str) -> str | None:
        """The body's width is the game's first 3D kind's own (``PieceKind.body_width``, else its width)."""
        if option != "body_size":
            return None
        from .kinds import printable

        kind = next((k for k in game.piece_kinds() if printable(k)), None)
        return f"{kind.body_width or kind.width:g}mm" if kind is not None else None

    def offers(self, game: Game) -> bool:
        from .kinds import printable

        return any(printable(kind) for kind in game.piece_kinds())

    def refusal(self, game: Game) -> Any:
        from ...errors import StudioError
        from .kinds import nothing_to_print

        return StudioError(nothing_to_print(game))

    @staticmethod
    def _params(options: SolidOptions, full_set: bool) -> dict:
        """The builder's options (it still calls the body's side ``tile_size``)."""
        return {
            "style": None if options.style == "both" else options.style,
            "tile_size": options.body_size, "body_height": options.body_height, "relief": options.relief,
            "layer_height": options.layer_height, "first_layer_height": options.first_layer_height,
            "elephant_foot": options.elephant_foot, "fit": options.fit, "bed": list(options.bed),
            "markings": options.markings, "colour_change": options.colour_change,
            "full_set": full_set if options.full_set is None else options.full_set,
        }  # fmt: skip

    def jobs(self, game: Game, papers: Sequence[str], options: SolidOptions, kit: Sequence[Planned] = ()) -> list[Job]:
        from .build import Credits
        from .kinds import own_templates

        # The published kit carries the full multi-filament set unless grawlix.toml says otherwise.
        params = self._params(options, full_set=True)
        # The files name the designers and licence: those (not the whole rules text) key the step.
        credits = Credits.of(game)
        params["credits"] = {"authors": list(credits.authors), "licence": credits.licence, "licence_url": credits.licence_url}
        # The notes' command names a templates folder of one's own as it was given: that keys the step too.
        params["templates"] = own_templates(game)
        return [Job("3d", params, heavy=True, reads=PIECES)]

    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        from .build import Credits, build_stl

        chosen = dict(params)
        credits = chosen.pop("credits", None)
        chosen.pop("templates", None)  # the kinds read it from the game (``SolidKind.templates``)
        named = Credits(tuple(credits["authors"]), credits["licence"], credits["licence_url"]) if credits else None
        return build_stl(game, self.folder(out), named, out / PREVIEWS, **chosen)

    def foreword(self, game: Game, options: SolidOptions) -> str:
        """The layers as snapped to the slicer's: what the colour change depends on (the same for
        every kind: the options are)."""
        from .kinds import solid_kinds
        from .layers import describe_snap
        from .plan import plan_stl, stl_options

        kind = solid_kinds(game)[0]
        return describe_snap(plan_stl(stl_options(**self._params(options, full_set=False)), kind).layers, kind.relief_word)

    def command_jobs(
        self, game: Game, papers: Sequence[str], options: SolidOptions, kit: Sequence[Planned] = ()
    ) -> list[Job]:
        """The command makes the full set only when asked (``all`` unless told not to)."""
        return [replace(job, params={**job.params, "full_set": bool(options.full_set)}) for job in self.jobs(game, papers, options, kit)]

    def report_line(self, item: Written) -> str:
        triangles = item.params.get("triangles")
        extra = f", {triangles:,} triangles" if triangles is not None else ""
        return f"wrote {item.path} ({item.kind}{extra})"

    def planned(self, game: Game, papers: Sequence[str], options: SolidOptions) -> list[Planned]:
        from .kinds import notes_names

        return [Planned(f"{self.name}/{name}", "3D-printed tiles", "which files to print, with which filaments and settings")
                for name in notes_names(game)]  # fmt: skip

    def describe(self, record: dict) -> Entry | None:
        kind = record["kind"]
        if kind == "print instructions":
            return Entry("How to print the 3D tiles: which file, which filaments, which settings.", "Read it first.")
        if kind.startswith(("STL", "STEP", "3MF")):
            return Entry(f"3D tiles: {kind}.", "Open it in a slicer; the printing notes in this folder say how.")
        return None
