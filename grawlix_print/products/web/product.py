"""The rules on screen, as a product: Markdown with SVG diagrams, one HTML page, and screenshots."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...options import setting
from ..base import PREVIEWS, Entry, Job, Planned, Product

if TYPE_CHECKING:
    from ...files import Written
    from ...games.base import Game

@dataclass(frozen=True)
class WebOptions:
    previews: bool = setting(True, "Screenshots of rules.html at 360 and 1280 px in previews/ (needs Chromium).")


class Web(Product):
    name = "web"
    summary = "The rules for screens: Markdown with SVG diagrams, one HTML page."
    description = """The rules for screens: rules.md with diagrams/*.svg (a README), and a one-file rules.html.

    Writes them into web/ in the --out folder. The same text, placeholders
    and engine checks as the leaflet, plus the sections of web.md in the
    templates folder (the proven fun facts).
    """
    heading = "The rules on screen"
    order = 30
    options = WebOptions

    def offers(self, game: Game) -> bool:
        return True

    def jobs(self, game: Game, papers: Sequence[str], options: WebOptions, kit: Sequence[Planned] = ()) -> list[Job]:
        # The rules link to the kit's own files, named as the products that write them name them.
        from .previews import browser_found

        links = [[planned.title, f"../{planned.path}", planned.how] for planned in kit]
        tools = browser_found() if options.previews else ""
        return [Job("web", {"links": links, "previews": options.previews}, tools=tools)]

    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        """Both web editions (linking the kit's own files), then screenshots of the HTML one;
        skipped screenshots are a note."""
        from ...notes import note
        from .build import HTML, build_web
        from .edition import KitLink

        links = [KitLink("The whole kit", "../index.html", "every file, what it is, and what to print it on")]
        links += [KitLink(*link) for link in params["links"]]
        written = build_web(game, self.folder(out), tuple(links))
        if not params.get("previews", True):
            return written
        from .previews import page_screenshots

        shots, said = page_screenshots(self.folder(out) / HTML, out / PREVIEWS)
        if said:
            note(said)
        return written + shots

    def describe(self, record: dict) -> Entry | None:
        kind = record["kind"]
        if kind == "web-markdown":
            return Entry("The rules in Markdown with the diagrams beside it, ready to be a repository's README.")
        if kind == "web-html":
            return Entry("The rules as one web page for phones and desktops, light or dark, with everything inside it.",
                         "Prints too, on A4 or Letter. Print at actual size (100 %, never “fit to page”).")  # fmt: skip
        if kind == "web-diagram":
            return Entry("A diagram of the rules (SVG), linked from the Markdown.")
        return None
