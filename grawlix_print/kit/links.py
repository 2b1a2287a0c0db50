"""The kit's own files as the rules' web edition links them (its ``[kit files]`` list).

The names come from the products that write the files (the leaflet's, the
sheets', the 3D notes'), for the papers and sheet options the kit is built
with; the links are relative to ``web/``, so they work wherever the kit's
folders stand together (a folder, a zip, a repository).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..games.base import Game
from ..papers import paper_size
from ..products.web.edition import KitLink
from .index import INDEX
from .plan import installed_products


def kit_links(game: Game, papers: Sequence[str], sheets: dict) -> tuple[KitLink, ...]:
    """The kit's own files a reader of the rules may want, as links from ``web/``.

    Named as the kit names them (the same functions write them), for the papers
    and sheet options the kit is built with; the kit's index lists the rest.
    """
    from ..products.leaflet import booklet, build

    links = [KitLink("The whole kit", f"../{INDEX}", "every file, what it is, and what to print it on")]
    for paper in papers:
        name = paper_size(paper).name
        if "leaflet" in game.products and game.leaflet_format == "tri-fold":
            trifold, reading, press = build.output_names(paper)
            links += [
                KitLink(f"Rules leaflet ({name})", f"../leaflet/{trifold}",
                        "print both sides at 100 %, flipping on the short edge, and fold in three"),
                KitLink(f"Rules leaflet for a print shop ({name})", f"../leaflet/{press}",
                        "with 3 mm bleed, crop marks and fold marks"),
                KitLink(f"Rules to read on a screen ({name})", f"../leaflet/{reading}", "one panel a page"),
            ]  # fmt: skip
        elif "leaflet" in game.products:
            printed, reading = booklet.output_names(paper)
            links += [
                KitLink(f"Rulebook ({name})", f"../leaflet/{printed}", "print at 100 %, never “fit to page”"),
                KitLink(f"Rules to read on a screen ({name})", f"../leaflet/{reading}", "one page at a time"),
            ]
        if "sheets" in game.products and game.tile_set() is not None:
            tiles, stickers = sheet_names(paper, sheets)
            links += [
                KitLink(f"Tile sheets ({name})", f"../sheets/{tiles}", "card of 250–300 g/m², at 100 %"),
                KitLink(f"Sticker sheets ({name})", f"../sheets/{stickers}",
                        "full-sheet sticker paper, for one-inch squares"),
            ]  # fmt: skip
    if "3d" in installed_products(game)[0]:  # not without its extra (CadQuery): no link to nothing
        from ..products.solid.plan import instructions_name, slug

        links.append(KitLink("3D-printed tiles", f"../3d/{instructions_name(slug(game.title))}",
                             "which files to print, with which filaments and settings"))  # fmt: skip
    return tuple(links)


def sheet_names(paper: str, options: dict) -> tuple[str, str]:
    """The unmarked tile and sticker sheets the kit builds for ``paper`` with the sheets' ``options``."""
    from ..pieces.tile_look import BACK_DESIGNS
    from ..products.sheets.build import sheet_file_name
    from ..products.sheets.layout import TILE_BLEED_MM, PAPER_TILE_MM, card_spec, sticker_spec

    size = options.get("tile_size") or PAPER_TILE_MM
    bleed = TILE_BLEED_MM if options.get("bleed") is None else options["bleed"]
    card = card_spec(paper, size, bleed, options.get("backs", True), options.get("arrangement"))
    sticker = sticker_spec(paper, size, options.get("sticker_size"), bleed=bleed)
    design, frame = BACK_DESIGNS[options.get("back_design") or "light"], bool(options.get("frame"))
    return sheet_file_name(card, design, frame), sheet_file_name(sticker, design, frame)
