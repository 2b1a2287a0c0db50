"""Sheets to print and cut, as a product: tile and sticker sheets for tiles, card sheets for cards."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ...errors import GrawlixError
from ...options import LENGTH, LENGTH_OR_ZERO, OneLineChoice, option_label, setting
from ...papers import PAPERS, paper_size
from ...pieces.kinds import MARKINGS
from ..base import ACTUAL_SIZE, PIECES, PREVIEWS, Entry, Job, Planned, Product
from .layout import ARRANGEMENTS, CARD_BLEED_MM, FRAME_INSET_MM, MIN_TILE_MM, PAPER_TILE_MM, STICKER_ROOM_MM, TILE_BLEED_MM, default_sticker

if TYPE_CHECKING:
    from ...files import Written
    from ...games.base import Game

TILE_OPTIONS = ("tile_size", "sticker_size", "back_design", "frame")
"""Options only a game of tiles takes (a card game refuses them, and ``init`` leaves them out)."""
CARD_OPTIONS = ("card_size",)
BLEED_DEFAULTS = {"tiles": f"{TILE_BLEED_MM:g}mm", "cards": f"{CARD_BLEED_MM:g}mm"}
"""The bleed a game's pieces get unless told: what ``--help`` and ``init``'s settings file show."""


class CardSize(click.ParamType):
    """A card's width and height: ``63.5x88.9``, ``2.5inx3.5in`` (each a length, millimetres if bare),
    or a TOML list of two lengths in a settings file."""

    name = "WIDTHxHEIGHT"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ...units import parse_length

        label = option_label(param, ctx)
        parts = value if isinstance(value, (list, tuple)) else str(value).lower().split("x")
        if len(parts) != 2:
            raise GrawlixError(f"{label} {value!r} is not a card size such as 63.5x88.9 or 2.5inx3.5in")
        return tuple(parse_length(part, label) for part in parts)


@dataclass(frozen=True)
class SheetsOptions:
    tile_size: float | None = setting(
        None, "Side of one tile, cut line to cut line, and of the squares stickers go on: 25.4, 25.4mm, 2.54cm or 1in.",
        LENGTH, show=f"{PAPER_TILE_MM:g}mm")  # fmt: skip
    bleed: float | None = setting(
        None, "How far the faces run past the outer cut lines; 0 for none.", LENGTH_OR_ZERO,
        show=" for tiles, ".join(BLEED_DEFAULTS.values()) + " for cards")  # fmt: skip
    backs: bool = setting(True, "Print the backs: of tiles on the card-stock sheets, of cards after (or beside) the fronts.")
    arrangement: str | None = setting(
        None, "Backs on the next page for two-sided printing (duplex), or beside the fronts to fold and glue (gutter-fold).",
        OneLineChoice(ARRANGEMENTS), show="duplex")  # fmt: skip
    markings: str = setting(
        "none", "Colour-blind markings on the faces: in the tile corners, under the card's corner numbers.",
        OneLineChoice(MARKINGS))  # fmt: skip
    sticker_size: float | None = setting(
        None, "Side of one sticker, at most --tile-size (the square it goes on); unless given, "
        f"{2 * STICKER_ROOM_MM:g} mm less than --tile-size, room to press it on by hand, but never under "
        f"{MIN_TILE_MM:g} mm while the square is larger. {PAPER_TILE_MM:g}mm makes stickers exactly as large "
        "as one-inch squares.", LENGTH, show=f"{default_sticker(PAPER_TILE_MM):g}mm")  # fmt: skip
    back_design: str | None = setting(
        None, "Tile backs: light (pale grey, little ink) or dark (charcoal, much ink).",
        OneLineChoice(("light", "dark")), show="light")  # fmt: skip
    frame: bool = setting(
        False, f"A dark frame {FRAME_INSET_MM:g} mm inside each cut; without it the faces run to the cut with no "
        "line near it, so a cut a little off does not show.")  # fmt: skip
    card_size: tuple[float, float] | None = setting(
        None, "A card game's card, width x height, cut line to cut line: 63.5x88.9 or 2.5inx3.5in "
        "(by default the game's own size).", CardSize(), show="63.5x88.9")  # fmt: skip


class Sheets(Product):
    name = "sheets"
    summary = "Sheets to print and cut (PDF): tiles and stickers, or cards."
    description = """Tile sheets for card stock and sticker sheets, or card sheets (PDF).

    For a tile game, writes sheets/tiles-<paper>...pdf (cut lines, bleed,
    backs) and sheets/stickers-<paper>...pdf in the --out folder; for a card
    game, sheets/cards-<paper>...pdf (every card, its back, crop marks). The
    pieces are those of components.toml in the templates folder.
    """
    heading = "Sheets to print and cut"
    order = 20
    options = SheetsOptions
    papers = True

    def offers(self, game: Game) -> bool:
        return bool(game.piece_kinds())

    def jobs(self, game: Game, papers: Sequence[str], options: SheetsOptions, kit: Sequence[Planned] = ()) -> list[Job]:
        from ...pieces.tile_look import smallest_marked_tile

        kind = game.piece_kinds()[0]
        markings = kind.markings
        # Marks too small to read are refused: tiles (or stickers) that small get none.
        square = options.tile_size or PAPER_TILE_MM
        smallest = min(square, options.sticker_size or default_sticker(square))
        if game.tile_set() is not None and smallest < smallest_marked_tile():
            markings = MARKINGS[:1]
        given = dataclasses.asdict(options)
        return [
            Job(f"sheets-{paper}-{marking}", {**given, "paper": paper, "markings": marking}, reads=PIECES)
            for paper in papers
            for marking in markings
        ]

    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        from ..previews import previews_of
        from .build import build_sheets

        chosen = dict(params)
        if chosen.get("card_size") is not None:
            chosen["card_size"] = tuple(chosen["card_size"])
        written = build_sheets(game, self.folder(out), **chosen)
        # A card sheet's pages repeat one another: the first sheet and the first cards show them.
        most = 4 if any(item.kind == "card sheets" for item in written) else None
        return written + previews_of(written, out / PREVIEWS, width_px=700, most=most)

    def command_jobs(
        self, game: Game, papers: Sequence[str], options: SheetsOptions, kit: Sequence[Planned] = ()
    ) -> list[Job]:
        """The command builds the marking asked for (``--markings``), not every one."""
        given = dataclasses.asdict(options)
        return [Job(f"sheets-{paper}-{options.markings}", {**given, "paper": paper}, reads=PIECES) for paper in papers]

    def takes(self, game: Game, option: str) -> bool:
        cards = game.tile_set() is None
        return option not in (TILE_OPTIONS if cards else CARD_OPTIONS)

    def shown_default(self, game: Game, option: str) -> str | None:
        if option == "bleed":
            return BLEED_DEFAULTS["cards" if game.tile_set() is None else "tiles"]
        return None

    def planned(self, game: Game, papers: Sequence[str], options: SheetsOptions) -> list[Planned]:
        if game.tile_set() is None:
            return []
        found = []
        for paper in papers:
            name = paper_size(paper).name
            tiles, stickers = sheet_names(paper, options)
            found += [
                Planned(f"{self.name}/{tiles}", f"Tile sheets ({name})", "card of 250–300 g/m², at 100 %"),
                Planned(f"{self.name}/{stickers}", f"Sticker sheets ({name})", "full-sheet sticker paper, for one-inch squares"),
            ]  # fmt: skip
        return found

    def describe(self, record: dict) -> Entry | None:
        kind, params = record["kind"], record["params"]
        paper = PAPERS[params["paper"]].name if params.get("paper") in PAPERS else ""
        marking = _MARKS.get(str(params.get("markings")), "")
        if kind == "card sheets":
            width, height = params.get("card_mm", (0, 0))
            two_sided = "Print two-sided, flipping on the long edge. " if params.get("backs") == "duplex" else ""
            return Entry(f"{params.get('cards')} cards of {width:g} × {height:g} mm with {params.get('bleed_mm'):g} mm"
                         f" bleed{marking}, on {paper}.", f"Card of 250–300 g/m². {two_sided}{ACTUAL_SIZE}")  # fmt: skip
        if kind not in ("tile sheets", "sticker sheets"):
            return None
        size = params.get("tile_size_mm")
        sets = params.get("sets", 1)
        count = f"{sets} sets of {params.get('tiles')}" if sets and sets > 1 else f"{params.get('tiles')}"
        if kind == "sticker sheets":
            return Entry(f"{count} stickers of {size:g} mm for {params.get('square_mm'):g} mm squares{marking}, on {paper}.",
                         f"Full-sheet sticker paper, printed on one side. {ACTUAL_SIZE}")  # fmt: skip
        from .build import CARD_ADVICE

        how = CARD_ADVICE[params.get("backs") or ""]  # the words the sheet's own notes print
        return Entry(f"{count} tiles of {size:g} mm for card{marking}, on {paper}.", f"{how} {ACTUAL_SIZE}")


_MARKS = {"letters": ", marked with each colour's letter", "shapes": ", marked with each colour's shape"}


def sheet_names(paper: str, options: SheetsOptions) -> tuple[str, str]:
    """The unmarked tile and sticker sheets the kit builds for ``paper`` with the sheets' ``options``."""
    from ...pieces.tile_look import BACK_DESIGNS
    from .build import sheet_file_name
    from .layout import card_spec, sticker_spec

    size = options.tile_size or PAPER_TILE_MM
    bleed = TILE_BLEED_MM if options.bleed is None else options.bleed
    card = card_spec(paper, size, bleed, options.backs, options.arrangement)
    sticker = sticker_spec(paper, size, options.sticker_size, bleed=bleed)
    design = BACK_DESIGNS[options.back_design or "light"]
    return sheet_file_name(card, design, options.frame), sheet_file_name(sticker, design, options.frame)
