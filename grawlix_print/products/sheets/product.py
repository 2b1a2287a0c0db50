"""Sheets to print and cut, as a product: for each of a game's kinds of piece, its sheets.

Tiles and tokens get card-stock sheets and sticker sheets, cards get card
sheets (``build``); which options a game takes, which files ``all`` builds and
what the kit's index says of them all follow from its kinds, never from which
game it is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ...facts.wording import Noun, capitalised
from ...options import LENGTH, LENGTH_OR_ZERO, OneLineChoice, option_label, setting
from ...papers import PAPERS, paper_size
from ...pieces.faces import FRAME_INSET_MM
from ...pieces.kinds import MARKINGS, PieceKind
from ..base import ACTUAL_SIZE, PIECES, PREVIEWS, Entry, Job, Planned, Product
from ..colour_blind import MARKINGS_SHOWN
from .layout import ARRANGEMENTS, MIN_TILE_MM, STICKER_ROOM_MM, default_sticker

if TYPE_CHECKING:
    from ...files import Written
    from ...games.base import Game

TILE_OPTIONS = ("tile_size", "sticker_size", "frame")
"""Options only tiles and tokens take (a game of cards alone refuses them, and ``init`` leaves them out)."""
CARD_OPTIONS = ("card_size",)


class CardSize(click.ParamType):
    """A card's width and height: ``63.5x88.9``, ``2.5inx3.5in`` (each a length, millimetres if bare),
    or a TOML list of two lengths in a settings file."""

    name = "WIDTHxHEIGHT"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ...errors import StudioError
        from ...units import parse_length

        label = option_label(param, ctx)
        parts = value if isinstance(value, (list, tuple)) else str(value).lower().split("x")
        if len(parts) != 2:
            raise StudioError(f"{label} {value!r} is not a card size such as 63.5x88.9 or 2.5inx3.5in")
        return tuple(parse_length(part, label) for part in parts)


class DesignName(click.ParamType):
    """A back design's name, in any case (``Dark`` is ``dark``): which names there are, the game's kinds say."""

    name = "NAME"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ...errors import StudioError

        folded = str(value).strip().casefold()
        if not folded:
            raise StudioError(f"{option_label(param, ctx)} names no back design")
        return folded


@dataclass(frozen=True)
class SheetsOptions:
    tile_size: float | None = setting(
        None, "Width of one tile or token, cut line to cut line (a round token's diameter), and of the blanks "
        "stickers go on: 25.4, 25.4mm, 2.54cm or 1in; by default each kind's own.",
        LENGTH, show="each kind's own")  # fmt: skip
    bleed: float | None = setting(
        None, "How far the faces run past the outer cut lines; 0 for none.", LENGTH_OR_ZERO,
        show="2mm for tiles and tokens, 3mm for cards")  # fmt: skip
    backs: bool = setting(True, "Print the backs: of tiles and tokens on the card-stock sheets, of cards after (or beside) the fronts.")
    arrangement: str | None = setting(
        None, "Backs on the next page for two-sided printing (duplex), or beside the fronts to fold and glue (gutter-fold).",
        OneLineChoice(ARRANGEMENTS), show="duplex")  # fmt: skip
    markings: str | None = setting(
        None, "Colour-blind markings on the faces of pieces told apart by colour: each colour's letter, or its "
        "shape.", OneLineChoice(MARKINGS), show=MARKINGS_SHOWN)  # fmt: skip
    sticker_size: float | None = setting(
        None, "Width of one sticker, at most --tile-size (the blank it goes on); unless given, "
        f"{2 * STICKER_ROOM_MM:g} mm less than --tile-size, room to press it on by hand, but never under "
        f"{MIN_TILE_MM:g} mm while the blank is larger. As large as --tile-size makes stickers exactly as large "
        "as their blanks.", LENGTH, show=f"{2 * STICKER_ROOM_MM:g} mm under the blank")  # fmt: skip
    back_design: str | None = setting(
        None, "The back design to print, by name, for kinds of piece that have several; by default each kind's "
        "first. A name none has is refused with the game's list.", DesignName(), show="each kind's first")  # fmt: skip
    frame: bool = setting(
        False, f"A dark frame {FRAME_INSET_MM:g} mm inside each cut of tiles and tokens; without it the faces run "
        "to the cut with no line near it, so a cut a little off does not show.")  # fmt: skip
    card_size: tuple[float, float] | None = setting(
        None, "Cards' width x height, cut line to cut line: 63.5x88.9 or 2.5inx3.5in "
        "(by default each kind's own).", CardSize(), show="each kind's own")  # fmt: skip


class Sheets(Product):
    name = "sheets"
    summary = "Sheets to print and cut (PDF): tiles, tokens and stickers, cards."
    description = """Sheets of every kind of piece a game has, to print and cut (PDF).

    Tiles and tokens get card-stock sheets (cut lines, bleed, backs) and
    sticker sheets for wooden blanks: sheets/tiles-<paper>...pdf,
    sheets/stickers-<paper>...pdf; cards get card sheets (every card, its
    back, crop marks): sheets/cards-<paper>...pdf; each file is named after
    its kind. The pieces are the game's, from its templates folder.
    """
    heading = "Sheets to print and cut"
    order = 20
    options = SheetsOptions
    papers = True

    def offers(self, game: Game) -> bool:
        return bool(game.piece_kinds())

    def jobs(self, game: Game, papers: Sequence[str], options: SheetsOptions, kit: Sequence[Planned] = ()) -> list[Job]:
        """A step per paper and marking, each printing the kinds that marking applies to: every kind
        unmarked, and marked only the kinds whose colours have such marks, large enough to read."""
        kinds = game.piece_kinds()
        given = dataclasses.asdict(options)
        found = []
        for paper in papers:
            for marking in MARKINGS:
                names = [kind.name for kind in kinds if _marked(kind, marking, options)]
                if names:
                    params = {**given, "paper": paper, "markings": marking, "kinds": names}
                    found.append(Job(f"sheets-{paper}-{marking}", params, reads=PIECES))
        return found

    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        from ...notes import note
        from ..previews import Previewer, Wanted
        from .build import build_sheets, kind_words

        chosen = dict(params)
        plain = chosen.pop("plain", [])
        if chosen.get("card_size") is not None:
            chosen["card_size"] = tuple(chosen["card_size"])
        with Previewer(out / PREVIEWS) as previewer:
            # A card sheet's pages repeat one another: the first sheet and the first cards show them.
            def previewed(item: Written) -> None:
                previewer.add(Wanted(item.path, 700, 4 if item.kind == "card sheets" else None))

            written = build_sheets(game, self.folder(out), **chosen, on_written=previewed)
            if plain:  # the command's marked sheets: said once they are made
                note(f"{kind_words([k for k in game.piece_kinds() if k.name in plain])} have no colours to mark:"
                     " their sheets are the unmarked ones")  # fmt: skip
            return written + previewer.done()

    def for_kinds(self, game: Game, params: dict, kinds: Sequence[str]) -> dict:
        """Each kind has its own sheets: the job's kinds that are among ``kinds``."""
        every = params.get("kinds") or [kind.name for kind in game.piece_kinds()]
        chosen = [name for name in every if name in kinds]
        return {**params, "kinds": chosen} if chosen else {}

    def command_jobs(
        self, game: Game, papers: Sequence[str], options: SheetsOptions, kit: Sequence[Planned] = ()
    ) -> list[Job]:
        """The command builds the marking asked for (``--markings``), not every one: every kind unmarked,
        or marked the kinds told apart by colour, as ``all``'s step of that marking (the others have
        nothing to mark: their sheets are the unmarked ones, and a note says so). Marks too small to
        read are refused here, where ``all`` leaves them out."""
        from ...options import OptionError
        from .build import kind_words

        kinds = game.piece_kinds()
        marking = options.markings
        if marking is None:  # each kind's default (``colour_blind``)
            given = dataclasses.asdict(options)
            return [Job(f"sheets-{paper}-default", {**given, "paper": paper}, reads=PIECES) for paper in papers]
        names = [kind.name for kind in kinds if marking == "none" or kind.colours]
        if not names:
            raise OptionError(f"{{markings}} {marking}: {game.name} has no colours to mark on its {kind_words(kinds)}",
                              "markings")  # fmt: skip
        plain = [kind.name for kind in kinds if kind.name not in names]
        given = {**dataclasses.asdict(options), "kinds": names, **({"plain": plain} if plain else {})}
        return [Job(f"sheets-{paper}-{marking}", {**given, "paper": paper}, reads=PIECES) for paper in papers]

    def takes(self, game: Game, option: str) -> bool:
        from .build import back_designs, on_tiles

        kinds = game.piece_kinds()
        if option in TILE_OPTIONS:
            return any(on_tiles(kind) for kind in kinds)
        if option in CARD_OPTIONS:
            return any(not on_tiles(kind) for kind in kinds)
        if option == "back_design":
            return bool(back_designs(kinds))
        return True

    def shown_default(self, game: Game, option: str) -> str | None:
        """The game's own defaults, as its first kind of each sort has them."""
        from .build import back_designs, default_bleed, on_tiles

        kinds = game.piece_kinds()
        tiles = [kind for kind in kinds if on_tiles(kind)]
        cards = [kind for kind in kinds if not on_tiles(kind)]
        if option == "bleed" and kinds:
            return f"{default_bleed(kinds[0]):g}mm"
        if option == "tile_size" and tiles:
            return f"{tiles[0].width:g}mm"
        if option == "sticker_size" and tiles:
            return f"{default_sticker(tiles[0].width):g}mm"
        if option == "card_size" and cards:
            return "x".join(f"{v:g}" for v in cards[0].size)
        if option == "back_design" and back_designs(kinds):
            return back_designs(kinds)[0]
        if option == "markings":
            from ..colour_blind import default_marking

            return default_marking(game)  # letters where the game's colours look alike
        return None

    def planned(self, game: Game, papers: Sequence[str], options: SheetsOptions) -> list[Planned]:
        """Every kind's unmarked sheets on each paper, as the kit will hold them."""
        from .build import planned_names

        found = []
        for paper in papers:
            name = paper_size(paper).name
            for kind, what, file in planned_names(game, paper, options):
                if what == "panels":
                    found.append(Planned(f"{self.name}/{file}", f"{kind.singular.capitalize()} in panels ({name})",
                                         "card of 250–300 g/m², at 100 %, cut and glued as its first page shows"))  # fmt: skip
                elif what == "card-stock":
                    found.append(Planned(f"{self.name}/{file}", f"{kind.singular.capitalize()} sheets ({name})",
                                         "card of 250–300 g/m², at 100 %"))  # fmt: skip
                elif what == "stickers":
                    whose = f" for {kind.plural}" if file.startswith(f"stickers-{_slug(kind)}-") else ""
                    found.append(Planned(f"{self.name}/{file}", f"Sticker sheets{whose} ({name})",
                                         f"full-sheet sticker paper, for {_blanks(kind, options.tile_size)}"))  # fmt: skip
                else:
                    found.append(Planned(f"{self.name}/{file}", f"{kind.singular.capitalize()} sheets ({name})",
                                         "card of 250–300 g/m², at 100 %"))  # fmt: skip
        return found

    def describe(self, record: dict) -> Entry | None:
        kind, params = record["kind"], record["params"]
        paper = PAPERS[params["paper"]].name if params.get("paper") in PAPERS else ""
        marking = _MARKS.get(str(params.get("markings")), "")
        if kind == "card sheets":
            width, height = params.get("card_mm", (0, 0))
            count = params.get("count", params.get("cards"))
            cards = Noun(params.get("piece", "card"), params.get("pieces", ""))
            two_sided = "Print two-sided, flipping on the long edge. " if params.get("backs") == "duplex" else ""
            return Entry(f"{capitalised(cards.count(count))} of {width:g} × {height:g} mm with {params.get('bleed_mm'):g} mm"
                         f" bleed{marking}, on {paper}.", f"Card of 250–300 g/m². {two_sided}{ACTUAL_SIZE}",
                         essential=True)  # fmt: skip
        if kind == "tiled sheets":
            pieces = Noun(params.get("piece", "board"), params.get("pieces", ""))
            width, height = params.get("size_mm", (0, 0))
            two_sided = "Print two-sided, flipping on the long edge. " if params.get("backs") == "duplex" else ""
            count = int(params.get("count", 1))
            rows, columns = int(params.get("rows", 1)), int(params.get("columns", 1))
            return Entry(f"{capitalised(pieces.the(count))} of {width:g} × {height:g} mm in"
                         f" {Noun('panel').count(int(params.get('panels', 1)))}{' each' if count > 1 else ''}"
                         f" ({Noun('row').count(rows)} of {columns}) to glue together{marking}, on {paper};"
                         " the first page maps them.",
                         f"Card of 250–300 g/m². {two_sided}{ACTUAL_SIZE}", essential=True)  # fmt: skip
        if kind not in ("tile sheets", "sticker sheets"):
            return None
        size = f"{params.get('tile_size_mm'):g}"
        if params.get("tile_height_mm") is not None:
            size += f" × {params['tile_height_mm']:g}"
        pieces = Noun(params.get("piece", "tile"), params.get("pieces", ""))
        count = params.get("count", params.get("tiles"))
        sets = params.get("sets", 1)
        if kind == "sticker sheets":
            pieces = Noun("sticker")

        def counted(noun: Noun) -> str:
            return f"{sets} sets of {noun.count(count)}" if sets and sets > 1 else noun.count(count)

        if kind == "sticker sheets":
            blanks = params.get("blanks", "squares")
            return Entry(f"{capitalised(counted(pieces))} of {size} mm for {params.get('square_mm'):g} mm {blanks}{marking},"
                         f" on {paper}.", f"Full-sheet sticker paper, printed on one side. {ACTUAL_SIZE}")  # fmt: skip
        from .build import card_advice

        how = card_advice(params.get("backs"), pieces.plural, pieces.singular)  # the words the sheet's own notes print
        return Entry(f"{capitalised(counted(pieces))} of {size} mm for card{marking}, on {paper}.", f"{how} {ACTUAL_SIZE}",
                     essential=True)


_MARKS = {"letters": ", marked with each colour's letter", "shapes": ", marked with each colour's shape"}


def _marked(kind: PieceKind, marking: str, options: SheetsOptions) -> bool:
    """Whether ``all`` prints ``kind`` in ``marking``: every kind unmarked; marked, a kind with colours
    that have such marks, whose marks are large enough to read at the sizes it is printed."""
    from .build import marks_readable

    if marking == "none":
        return True
    if not kind.colours or marking not in kind.markings:
        return False
    return marks_readable(kind, options.tile_size, options.sticker_size, options.card_size)


def _slug(kind: PieceKind) -> str:
    from .cards import slug

    return slug(kind.name)


def _blanks(kind: PieceKind, tile_size: float | None) -> str:
    """``one-inch squares``, ``20 mm discs``: what a kind's stickers go on, for the web's list."""
    from .build import blank_words

    width = kind.width if tile_size is None else tile_size
    size = "one-inch" if abs(width - 25.4) < 1e-6 else f"{width:g} mm"
    return f"{size} {blank_words(kind)}"
