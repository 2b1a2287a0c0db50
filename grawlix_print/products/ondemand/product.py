"""Print-on-demand exports as a product: a folder per service, its files and its "get it printed" page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import StudioError
from ...facts.wording import Noun
from ...options import NameList, OneLineChoice, setting
from ...pieces.kinds import MARKINGS
from ..base import PIECES, PREVIEWS, Entry, Job, Planned, Product
from ..colour_blind import MARKINGS_SHOWN
from .services import SERVICES

if TYPE_CHECKING:
    from ...files import Written
    from ...games.base import Game


@dataclass(frozen=True)
class OnDemandOptions:
    services: tuple[str, ...] | None = setting(
        None, "The services to make files for, comma-separated; by default every one that prints one of"
        " the game's pieces.", NameList(tuple(SERVICES)), show="those that print the game's pieces")  # fmt: skip
    markings: str | None = setting(None, "Colour-blind markings on the faces.", OneLineChoice(MARKINGS), show=MARKINGS_SHOWN)


class OnDemand(Product):
    name = "print-on-demand"
    command = "on-demand"
    summary = "Files to order printed pieces from print-on-demand services."
    description = """Files to order printed pieces from print-on-demand services.

    Writes print-on-demand/<service>/ for each service that prints one of
    the game's kinds of piece (by its form, outline and size): for The Game
    Crafter and MakePlayingCards (or PrinterStudio) an image per face and the
    back, at the service's size with its bleed; for DriveThruCards one CMYK
    PDF per deck, each card's back then its front. Each folder's
    GET-IT-PRINTED.html says which file to upload where, the card stock and
    finish to choose, and how much duller ink is than a screen.
    """
    heading = "Printed by a print-on-demand service"
    order = 45
    options = OnDemandOptions

    def offers(self, game: Game) -> bool:
        kinds = game.piece_kinds()
        return any(service.size_of(kind) for service in SERVICES.values() for kind in kinds)

    def refusal(self, game: Game) -> StudioError:
        sizes = ", ".join(f"{kind.plural} of {kind.width:g} x {kind.height:g} mm" for kind in game.piece_kinds())
        return StudioError(f"no print-on-demand service here prints {game.name}'s pieces ({sizes or 'none'})")

    def shown_default(self, game: Game, option: str) -> str | None:
        """``init`` names the services that print the game's pieces (naming another is an error)."""
        if option == "markings":
            from ..colour_blind import default_marking

            return default_marking(game)  # letters where the game's colours look alike
        if option != "services":
            return None
        from .build import chosen_services

        return ",".join(service.key for service in chosen_services(game, None))

    def jobs(self, game: Game, papers: Sequence[str], options: OnDemandOptions, kit: Sequence[Planned] = ()) -> list[Job]:
        services = list(options.services) if options.services is not None else None
        return [Job("print-on-demand", {"services": services, "markings": options.markings}, reads=PIECES, heavy=True)]

    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        """Every chosen service's files; the DriveThruCards PDF's first card (back and front) previewed
        (an image is its own preview)."""
        from ..previews import previews_of
        from .build import build_on_demand

        written = build_on_demand(game, self.folder(out), params.get("services"), params.get("markings"))
        return written + previews_of(written, out / PREVIEWS, width_px=400, most=2)

    def describe(self, record: dict) -> Entry | None:
        kind, params = record["kind"], record["params"]
        service = params.get("service")
        if kind == "print guide":
            return Entry(f"{service}: how to get it printed. Which file to upload where, the card stock and finish,"
                         " and how colours print.", "Read it first.")  # fmt: skip
        if kind == "print-on-demand image":
            return Entry(f"{service}, {params.get('product')}: the {params.get('side')} {params.get('face')},"
                         f" {params.get('pixels', ['?', '?'])[0]} x {params.get('pixels', ['?', '?'])[1]} px.",
                         f"Upload it to {service}.")  # fmt: skip
        if kind == "print-on-demand pdf":
            cards = Noun(str(params.get("piece", params.get("kind", "card"))), str(params.get("plural", "")))
            return Entry(f"{service}, {params.get('product')}: {cards.the(int(params.get('cards', 0)))} in one"
                         f" CMYK PDF, each card's back then its front ({params.get('pages')} pages).",
                         f"Upload it to {service} as the deck's card file.")  # fmt: skip
        return None
