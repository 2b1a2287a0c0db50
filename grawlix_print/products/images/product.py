"""Every face as an image, as a product: 300 dpi PNGs with bleed, and Tabletop Simulator decks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...options import OneLineChoice, setting
from ...pieces.kinds import MARKINGS
from ..base import PIECES, Entry, Job, Planned, Product
from ..colour_blind import MARKINGS_SHOWN

if TYPE_CHECKING:
    from ...files import Written
    from ...games.base import Game


@dataclass(frozen=True)
class ImagesOptions:
    markings: str | None = setting(None, "Colour-blind markings on the faces.", OneLineChoice(MARKINGS), show=MARKINGS_SHOWN)


class Images(Product):
    name = "images"
    summary = "Every face as a 300 dpi PNG with bleed; Tabletop Simulator decks."
    description = """Every face as a 300 dpi PNG with bleed, and Tabletop Simulator decks.

    Writes images/<face>.png (each card or tile, and the back, with 1/8 in of
    bleed, as print-on-demand services ask), images/tts/deck-N.png and the
    back (sheets of up to 10 x 7 faces for a custom deck) and
    images/README.txt, which gives the sizes and the deck's import settings.
    With --markings letters or shapes every name ends in -letters or -shapes
    (card-08-shapes.png, README-shapes.txt), as the sheets' do, so the marked
    set sits beside the plain one.
    """
    heading = "Images, for print-on-demand services and Tabletop Simulator"
    order = 40
    options = ImagesOptions

    def offers(self, game: Game) -> bool:
        return bool(game.piece_kinds())

    def jobs(self, game: Game, papers: Sequence[str], options: ImagesOptions, kit: Sequence[Planned] = ()) -> list[Job]:
        return [Job("images", {"markings": options.markings}, reads=PIECES)]

    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        """Every face as a PNG and the Tabletop Simulator sheets; the first sheet is its own preview."""
        from .build import build_images

        return build_images(game, self.folder(out), params["markings"])

    def shown_default(self, game: Game, option: str) -> str | None:
        if option == "markings":
            from ..colour_blind import default_marking

            return default_marking(game)  # letters where the game's colours look alike
        return None

    def describe(self, record: dict) -> Entry | None:
        kind, params = record["kind"], record["params"]
        if kind == "face image":
            return Entry(f"One face as an image ({params.get('face')}), {params.get('dpi')} dpi with bleed.",
                         "For print-on-demand services.")  # fmt: skip
        if kind == "deck sheet":
            return Entry(f"A deck sheet for Tabletop Simulator: {params.get('faces')} faces,"
                         f" {params.get('columns')} by {params.get('rows')}.")  # fmt: skip
        if kind == "deck back":
            return Entry("The back of every piece, for Tabletop Simulator's deck.")
        if kind == "image notes":
            return Entry("What the images are and how to use them.", "Read it first.")
        return None
