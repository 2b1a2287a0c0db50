"""Boxes, as a product: a tuck box for each kind of card, a tray and lid for each kind of tile or token.

Everything the rest of the studio knows about boxes is here: the command
``grawlix-print boxes`` and its options (``BoxesOptions``, so ``[boxes]`` in
grawlix.toml and ``init``'s settings too), ``all``'s steps (one per paper),
what the kit's index says of a box and the files the web edition may link.
Nothing here knows a game: a box is made from a kind's form, size and count.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...facts.wording import Noun
from ...options import LENGTH, LENGTH_OR_ZERO, OptionError, setting
from ...papers import PAPERS, paper_size
from ...pieces.kinds import Form
from ..base import ACTUAL_SIZE, PIECES, PREVIEWS, Entry, Job, Planned, Product
from .sizes import CARD_THICKNESS_MM, TILE_THICKNESS_MM, Choice

if TYPE_CHECKING:
    from ...files import Written
    from ...games.base import Game

STOCK_RANGE_MM = (0.1, 1.5)
"""Card a box can be folded from: under 0.1 mm is paper, over 1.5 mm will not fold crisply by hand."""
CLEARANCE_MOST_MM = 10.0
PIECE_MOST_MM = 20.0
BLEED_MOST_MM = 5.0


@dataclass(frozen=True)
class BoxesOptions:
    stock_thickness: float = setting(
        0.4, "Thickness of the card the boxes are printed on (0.3-0.5 mm is usual, about 250-350 g/m²): every "
        "fold and panel allows for it.", LENGTH)  # fmt: skip
    clearance: float = setting(
        1.0, "Room the pieces get inside a box, beyond their own size, in each direction: enough to slide a deck "
        "in or lift a stack out.", LENGTH_OR_ZERO)  # fmt: skip
    piece_thickness: float | None = setting(
        None, "How thick one piece is, which sets a box's depth: by default "
        f"{CARD_THICKNESS_MM:g} mm for cards (300 g/m² card), {TILE_THICKNESS_MM:g} mm for tiles and tokens (a layer"
        " of the card stock the sheets are printed on; more for pieces on greyboard or wooden blanks).",
        LENGTH, show=f"{CARD_THICKNESS_MM:g}mm for cards, {TILE_THICKNESS_MM:g}mm for tiles and tokens")  # fmt: skip
    bleed: float = setting(3.0, "How far a box's printed ground runs past its cut lines; 0 for none.", LENGTH_OR_ZERO)


def check_options(options: BoxesOptions) -> None:
    """Refuse, in one line naming it, an option no box can be made with."""
    low, high = STOCK_RANGE_MM
    if not low <= options.stock_thickness <= high:
        raise OptionError(f"{{stock_thickness}} {options.stock_thickness:g} mm is not card a box folds from"
                          f" (use {low:g} to {high:g} mm; 0.3-0.5 mm is usual)", "stock_thickness")  # fmt: skip
    if options.clearance > CLEARANCE_MOST_MM:
        raise OptionError(f"{{clearance}} {options.clearance:g} mm would let the pieces rattle"
                          f" (at most {CLEARANCE_MOST_MM:g} mm)", "clearance")  # fmt: skip
    if options.piece_thickness is not None and options.piece_thickness > PIECE_MOST_MM:
        raise OptionError(f"{{piece_thickness}} {options.piece_thickness:g} mm is no card, tile or token"
                          f" (at most {PIECE_MOST_MM:g} mm)", "piece_thickness")  # fmt: skip
    if options.bleed > BLEED_MOST_MM:
        raise OptionError(f"{{bleed}} {options.bleed:g} mm is more than a box needs: a bleed only covers a"
                          f" slightly missed cut (2-3 mm; at most {BLEED_MOST_MM:g})", "bleed")  # fmt: skip


def choice_of(options: BoxesOptions) -> Choice:
    return Choice(options.stock_thickness, options.clearance, options.piece_thickness, options.bleed)


def given_options(options: BoxesOptions) -> tuple[str, ...]:
    """The options set to other than their defaults: the first suspects when a box is too large."""
    default = BoxesOptions()
    return tuple(
        name for name in ("piece_thickness", "clearance", "bleed")
        if getattr(options, name) != getattr(default, name)
    )  # fmt: skip


class Boxes(Product):
    name = "boxes"
    summary = "Boxes to fold (PDF): a tuck box per deck, a tray and lid per set."
    description = """Boxes for the pieces, to print on card, cut, fold and glue (PDF).

    Each kind of card gets a tuck box, each kind of tile or token a tray and
    a lid, sized for a whole set from the pieces' size and count, the
    card's thickness (--stock-thickness), the pieces' own (--piece-thickness)
    and some room to spare (--clearance): boxes/<pieces>-box-<paper>.pdf.
    The front carries the game's title and one of the pieces, a side their
    name and count; the lines to cut, fold (away from the print or towards
    it) and glue are drawn on each net, with a calibration square and notes.
    """
    heading = "Boxes to fold"
    order = 25
    options = BoxesOptions
    papers = True

    def offers(self, game: Game) -> bool:
        return any(kind.boxed for kind in game.piece_kinds())

    def jobs(self, game: Game, papers: Sequence[str], options: BoxesOptions, kit: Sequence[Planned] = ()) -> list[Job]:
        check_options(options)
        given = dataclasses.asdict(options)
        return [Job(f"boxes-{paper}", {**given, "paper": paper}, reads=PIECES) for paper in papers]

    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        """Every kind's box for the paper, then each file's previews (its nets)."""
        from ..previews import previews_of
        from .build import build_boxes

        chosen = dict(params)
        paper = chosen.pop("paper")
        options = BoxesOptions(**chosen)
        check_options(options)
        written = build_boxes(game, self.folder(out), paper, choice_of(options), given_options(options))
        return written + previews_of(written, out / PREVIEWS, width_px=700)

    def takes(self, game: Game, option: str) -> bool:
        return True

    def shown_default(self, game: Game, option: str) -> str | None:
        """A game of one form gets that form's piece thickness in ``init``'s settings."""
        if option != "piece_thickness":
            return None
        forms = {kind.form == Form.CARD for kind in game.piece_kinds()}
        if forms == {True}:
            return f"{CARD_THICKNESS_MM:g}mm"
        if forms == {False}:
            return f"{TILE_THICKNESS_MM:g}mm"
        return None

    def planned(self, game: Game, papers: Sequence[str], options: BoxesOptions) -> list[Planned]:
        from .build import box_file_name, box_words

        return [
            Planned(f"{self.name}/{box_file_name(kind, paper)}", f"{box_words(kind).capitalize()} ({paper_size(paper).name})",
                    f"card {options.stock_thickness:g} mm thick, at 100 %, cut, folded and glued")  # fmt: skip
            for paper in papers
            for kind in game.piece_kinds()
            if kind.boxed
        ]

    def describe(self, record: dict) -> Entry | None:
        if record["kind"] != "box":
            return None
        params = record["params"]
        paper = PAPERS[params["paper"]].name if params.get("paper") in PAPERS else ""
        inside = " × ".join(f"{v:g}" for v in params.get("inside_mm", ()))
        pieces = Noun(params.get("piece", "piece"), params.get("pieces", ""))
        return Entry(
            f"{params.get('box', 'A box').capitalize()} for {pieces.the(params.get('count', 0))},"
            f" {inside} mm inside, on {paper} ({_pages(params.get('pages'))}).",
            f"Card {params.get('stock_mm'):g} mm thick, printed on one side. {ACTUAL_SIZE}"
            " Cut along the solid lines, fold along the dashed ones and glue the hatched flaps, as each page says.",
        )  # fmt: skip


def _pages(count: object) -> str:
    return "1 page" if count == 1 else f"{count} pages"
