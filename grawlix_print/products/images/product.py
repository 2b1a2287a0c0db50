"""Every face as an image, as a product: 300 dpi PNGs with bleed, and Tabletop Simulator saved objects."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ...errors import StudioError
from ...options import OneLineChoice, option_label, setting
from ...pieces.kinds import MARKINGS
from ...facts.wording import Noun
from ..base import PIECES, Entry, Job, Planned, Product
from ..colour_blind import MARKINGS_SHOWN

if TYPE_CHECKING:
    from ...files import Written
    from ...games.base import Game

SCHEMES = ("https://", "http://", "file:///")
"""Where a saved object may load its pictures from: a web host, or a folder on the player's computer."""
KIT_STAGING = ".staging"
"""The folder inside the output folder that ``all`` and every product's command build into before
each file moves to the same place in the output folder (``kit.build``): a saved object names the
pictures where they will be, not where they were drawn. (A hook of the kit's telling a product its
final folder would replace this name.)"""


class Address(click.ParamType):
    """Where the saved objects will find the ``tts`` folder's pictures: ``https://host/path/`` or
    ``file:///C:/Users/me/Games/tts/``; ``/`` is added at the end if missing, "" is the default."""

    name = "URL"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value).strip()
        if not text:
            return ""
        label = option_label(param, ctx)
        if not text.lower().startswith(SCHEMES):
            raise StudioError(f"{label} {text!r} must start with {', '.join(SCHEMES[:-1])} or {SCHEMES[-1]}")
        if any(c.isspace() or c in '"<>\\' or not c.isprintable() for c in text):
            raise StudioError(f"{label} {text!r} has a space or a character an address cannot hold: write it as %20 and so on")
        return text if text.endswith("/") else text + "/"


@dataclass(frozen=True)
class ImagesOptions:
    markings: str | None = setting(None, "Colour-blind markings on the faces.", OneLineChoice(MARKINGS), show=MARKINGS_SHOWN)
    tts_url: str = setting(
        "", "Where the Tabletop Simulator saved objects load their pictures from: the address you will put"
        " the images/tts folder's contents at (https://example.org/game/), for playing online; by default"
        " the tts folder itself, on this computer.", Address())  # fmt: skip


class Images(Product):
    name = "images"
    summary = "Every face as a PNG with bleed; Tabletop Simulator saved objects."
    description = """Every face as a 300 dpi PNG with bleed, and Tabletop Simulator saved objects.

    Writes, for each kind of piece, images/<kind>/<face>.png and each back
    (1/8 in of bleed, as print-on-demand services ask), and
    images/tts/<game>-<kind>.json, a saved object for Tabletop Simulator
    (cards as a deck, tiles and tokens laid out face up) with the pictures
    it loads; images/README.txt says how to use them, online too. With
    --markings letters or shapes every name ends in -letters or -shapes, so
    the marked set sits beside the plain one.
    """
    heading = "Images, for print-on-demand services and Tabletop Simulator"
    order = 40
    options = ImagesOptions

    def offers(self, game: Game) -> bool:
        return bool(game.piece_kinds())

    def jobs(self, game: Game, papers: Sequence[str], options: ImagesOptions, kit: Sequence[Planned] = ()) -> list[Job]:
        return [Job("images", {"markings": options.markings, "tts_url": options.tts_url}, reads=PIECES)]

    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        """Every face as a PNG and the saved objects; a picture is its own preview."""
        from .build import build_images

        kit = out.parent if out.name == KIT_STAGING else out
        return build_images(game, self.folder(out), params["markings"], params.get("tts_url", ""), self.folder(kit))

    def shown_default(self, game: Game, option: str) -> str | None:
        if option == "markings":
            from ..colour_blind import default_marking

            return default_marking(game)  # letters where the game's colours look alike
        return None

    def describe(self, record: dict) -> Entry | None:
        kind, params = record["kind"], record["params"]
        pieces = Noun(str(params.get("piece", params.get("kind", "piece"))), str(params.get("plural", "")))
        if kind in ("face image", "back image"):
            return Entry(f"One {'back' if kind == 'back image' else 'face'} of the {pieces.plural} as an image"
                         f" ({params.get('face')}), {params.get('dpi')} dpi with 1/8 in bleed.",
                         "For print-on-demand services.")  # fmt: skip
        if kind == "tts saved object":
            laid = "a deck" if params.get("object") == "deck" else "laid out face up"
            return Entry(f"A Tabletop Simulator saved object: {pieces.the(int(params.get('pieces', 0)))}, {laid}.",
                         "Copy it into Tabletop Simulator's Saves/Saved Objects folder; images/README.txt says"
                         " how, and how to play online (Steam Cloud).")  # fmt: skip
        if kind == "deck sheet":
            return Entry(f"A deck sheet for Tabletop Simulator: {pieces.count(int(params.get('faces', 0)))},"
                         f" {params.get('columns')} by {params.get('rows')}.")  # fmt: skip
        if kind == "deck back":
            return Entry(f"The back of the {pieces.plural}, for Tabletop Simulator's deck.")
        if kind == "tts tile image":
            return Entry(f"A picture of {pieces.a()} for Tabletop Simulator, cut to its outline.")
        if kind == "image notes":
            return Entry("What the images are, and how to use them in Tabletop Simulator (online too).", "Read it first.")
        return None
