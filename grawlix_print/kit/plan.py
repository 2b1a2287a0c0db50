"""What ``grawlix-print all`` builds: each product in each edition, with previews (the kit's plan).

A product is one entry of ``PRODUCTS``: its name (for ``--only``, and the
sub-folder it writes), the command whose recorded options it takes, which of
those options, and its steps. A new product adds one entry. Each step function
calls one product's own build, then renders previews of what it wrote, so a
step's files and their previews are cached together. Products are imported
inside the steps: the 3D step (OpenCASCADE) runs in a worker process, and a
build without it never loads OpenCASCADE.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import GrawlixError
from ..extras import EXTRAS
from ..files import Written
from ..pieces.tile_look import MARKINGS
from ..games import Game, game
from ..papers import PRINTER_PAPERS

if TYPE_CHECKING:
    from .build import Step

COMPONENTS = ("components.toml", "*.ttf", "*.otf")
"""What the sheets and 3D tiles read of the templates: the pieces and any typeface beside them."""
PAPERS = PRINTER_PAPERS
"""Every paper, by key: what ``all`` builds unless told otherwise."""
PREVIEWS = "previews"


@dataclass(frozen=True)
class Product:
    """One thing ``all`` makes, in the sub-folder of the same name.

    ``steps(papers, options)`` lists its steps; ``options`` are the recorded
    options of ``command`` that it takes (``options`` names them).
    """

    name: str
    command: str
    options: tuple[str, ...]
    steps: Callable[[Game, Sequence[str], dict], list[Step]]
    extra: str | None = None
    """The extra of the install it needs (``3d``), if any: see ``grawlix_print.extras``."""


def _leaflet_steps(game: Game, papers: Sequence[str], options: dict) -> list[Step]:
    from .build import Step

    return [Step(f"leaflet-{paper}", leaflet_step, {"paper": paper}) for paper in papers]


def _sheet_steps(game: Game, papers: Sequence[str], options: dict) -> list[Step]:
    from ..pieces.tile_look import available_markings, smallest_marked_tile
    from ..products.sheets.layout import PAPER_TILE_MM, default_sticker

    from .build import Step

    tiles = game.tile_set()
    markings = available_markings(tiles) if tiles is not None else MARKINGS
    # Marks too small to read are refused: tiles (or stickers) that small get none.
    square = options.get("tile_size") or PAPER_TILE_MM
    smallest = min(square, options.get("sticker_size") or default_sticker(square))
    if tiles is not None and smallest < smallest_marked_tile():
        markings = MARKINGS[:1]
    return [
        Step(
            f"sheets-{paper}-{marking}",
            sheets_step,
            {**options, "paper": paper, "markings": marking},
            reads=COMPONENTS,
        )
        for paper in papers
        for marking in markings
    ]


def _web_steps(game: Game, papers: Sequence[str], options: dict) -> list[Step]:
    from .build import Step

    # The rules link to the kit's own leaflets and sheets, named as those steps name them.
    return [Step("web", web_step, {"papers": list(papers), "sheets": options.get("sheets", {})})]


def _image_steps(game: Game, papers: Sequence[str], options: dict) -> list[Step]:
    from .build import Step

    return [Step("images", images_step, options, reads=COMPONENTS)]


def _solid_steps(game: Game, papers: Sequence[str], options: dict) -> list[Step]:
    from ..products.solid.build import Credits
    from .build import Step

    # The published kit carries the full multi-filament set unless grawlix.toml says otherwise.
    solid = {"full_set": True, **options}
    # The files name the designers and licence: those (not the whole rules text) key the step.
    credits = Credits.of(game)
    solid["credits"] = {"authors": list(credits.authors), "licence": credits.licence,
                        "licence_url": credits.licence_url}  # fmt: skip
    return [Step("3d", stl_step, solid, heavy=True, reads=COMPONENTS)]


PRODUCTS: tuple[Product, ...] = (
    Product("leaflet", "leaflet", (), _leaflet_steps),
    Product(
        "sheets",
        "sheets",
        ("tile_size", "sticker_size", "bleed", "backs", "arrangement", "back_design", "card_size", "frame"),
        _sheet_steps,
    ),
    Product("web", "web", ("sheets",), _web_steps),
    Product("images", "images", ("markings",), _image_steps),
    Product(
        "3d",
        "stl",
        ("tile_size", "body_height", "relief", "layer_height", "first_layer_height",
         "elephant_foot", "fit", "bed", "markings", "full_set", "colour_change"),  # fmt: skip
        _solid_steps,
        extra="3d",
    ),
)
PRODUCT_NAMES = tuple(product.name for product in PRODUCTS)


def product(name: str) -> Product:
    """The product called ``name``; its output sub-folder has the same name."""
    for candidate in PRODUCTS:
        if candidate.name == name:
            return candidate
    raise GrawlixError(f"no product {name!r} (products: {', '.join(PRODUCT_NAMES)})")


def output_folder(out: Path, name: str) -> Path:
    """Where product ``name`` writes inside ``out``, for ``all`` and the single commands alike."""
    return out / product(name).name


def kit_steps(
    game: Game,
    only: Iterable[str] | None = None,
    papers: Sequence[str] = PAPERS,
    options: dict[str, dict] | None = None,
) -> list[Step]:
    """The steps that build the game's products named in ``only`` (None: all it offers) for ``papers``.

    ``options`` maps a product's name to its options (those it does not take are
    left out, so a top-level setting meant for another command changes nothing).
    """
    options = options or {}
    wanted = set(game.products if only is None else only)
    for name in wanted:
        if name not in game.products:
            raise GrawlixError(f"{game.name} has no {name} product (its products: {', '.join(game.products)})")
    steps: list[Step] = []
    for entry in PRODUCTS:
        if entry.name in wanted:
            given = {**options.get(entry.name, {}), **{name: options.get(name, {}) for name in PRODUCT_NAMES}}
            chosen = {k: v for k, v in given.items() if k in entry.options}
            steps += [replace(step, product=entry.name) for step in entry.steps(game, papers, chosen)]
    return steps


def installed_products(game: Game, only: Iterable[str] | None = None) -> tuple[tuple[str, ...], list[str]]:
    """The products to build, and a line for each one left out because its extra is not installed.

    Unasked (``only`` None), such a product is skipped with that line; asked for
    by name, it is the one-line error.
    """
    names = tuple(game.products if only is None else only)
    kept, skipped = [], []
    for name in names:
        extra = EXTRAS[entry.extra] if (entry := product(name)).extra else None
        if extra is None or name not in game.products or extra.installed():
            kept.append(name)
        elif only is None:
            skipped.append(extra.skipped)
        else:
            extra.require()
    return tuple(kept), skipped


# Leaflet previews share one scale: a reading-edition page is one panel, a third of a tri-fold page.
LEAFLET_PREVIEW_PX = {"leaflet-tri-fold": 1100, "leaflet-reading": 400, "leaflet-booklet": 1100, "leaflet-press": 1211}
"""(The press edition's page is 30 mm wider than the tri-fold's sheet: 1211 px keeps the scale.)"""


def leaflet_step(out: Path, templates: Path, paper: str) -> list[Written]:
    """Both editions of the leaflet for ``paper``, then previews: the tri-fold's first."""
    from ..products.leaflet.build import build_leaflet

    written = build_leaflet(game(templates=templates), output_folder(out, "leaflet"), paper)
    previews = [
        preview
        for item in written
        for preview in _pdf_previews([item], out / PREVIEWS, LEAFLET_PREVIEW_PX[item.kind])
    ]
    return written + previews


def web_step(out: Path, templates: Path, papers: Sequence[str] = PAPERS, sheets: dict | None = None) -> list[Written]:
    """Both web editions (linking the kit's own files), then screenshots of the HTML one;
    skipped screenshots are a note."""
    from ..products.web.build import HTML, build_web
    from ..products.web.previews import page_screenshots
    from .build import step_note
    from .links import kit_links

    chosen = game(templates=templates)
    written = build_web(chosen, output_folder(out, "web"), kit_links(chosen, papers, sheets or {}))
    shots, note = page_screenshots(output_folder(out, "web") / HTML, out / PREVIEWS)
    if note:
        step_note(note)
    return written + shots


def sheets_step(out: Path, templates: Path, **options) -> list[Written]:
    from ..products.sheets.build import build_sheets

    written = build_sheets(game(templates=templates), output_folder(out, "sheets"), **options)
    # A card sheet's pages repeat one another: the first sheet and the first cards show them.
    most = 4 if any(item.kind == "card sheets" for item in written) else None
    return written + _pdf_previews(written, out / PREVIEWS, width_px=700, most=most)


def images_step(out: Path, templates: Path, **options) -> list[Written]:
    """Every face as a PNG and the Tabletop Simulator sheets; the first sheet is its own preview."""
    from ..products.images.build import build_images

    return build_images(game(templates=templates), output_folder(out, "images"), **options)


def stl_step(out: Path, templates: Path, credits: dict | None = None, **options) -> list[Written]:
    from ..products.solid.build import Credits, build_stl, solid_tiles

    chosen = game(templates=templates)
    named = Credits(tuple(credits["authors"]), credits["licence"], credits["licence_url"]) if credits else None
    written = build_stl(chosen, output_folder(out, "3d"), named, **options)
    return written + _plate_previews(written, out / PREVIEWS, solid_tiles(chosen))


def _pdf_previews(written: list[Written], folder: Path, width_px: int = 1100, most: int | None = None) -> list[Written]:
    from .previews import pdf_previews

    return [
        preview
        for item in written
        if item.path.suffix == ".pdf"
        for preview in pdf_previews(item.path, folder, width_px, most)
    ]


def _plate_previews(written: list[Written], folder: Path, tiles) -> list[Written]:
    """A picture of each plate: STL plates drawn with their glyphs in red, 3MF plates as the
    picture they carry (in the colours they print in)."""
    from .previews import stl_preview, threemf_preview

    previews = []
    for item in written:
        path = folder / f"{item.path.stem}.png"
        if item.path.suffix == ".3mf":
            previews.append(threemf_preview(item.path, path))
        elif item.path.suffix == ".stl" and "plate" in item.kind:
            split = item.params["body_height"]
            previews.append(stl_preview(item.path, path, split, tiles.colours[0].ink.rgb, tiles.face.rgb))
    return previews
