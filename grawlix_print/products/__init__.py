"""The products: the built-in ones and plug-ins found through Python entry points, each making
files from any game.

``products()`` lists every installed product, in the order a player needs
them (the rules first); ``product("sheets")`` gives one by name (or by the
command that builds it alone: ``stl`` is ``3d``). A separate package adds a
product by registering a ``Product`` subclass under the entry-point group
``grawlix_print.products``. The built-in products are named here
(``BUILT_IN_PRODUCTS``), as the built-in games are, not in this package's
metadata: a new one is there without a reinstall, and no plug-in can take its
name. A product that fails to load is left out (and named where products are
listed); asked for by name, it is one line (``PRODUCTS``: the one policy of
every seam, ``registry``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..errors import StudioError
from ..registry import Registry
from .base import Entry, Job, Planned, Product

if TYPE_CHECKING:
    from ..games.base import Game

BUILT_IN_PRODUCTS = {
    name: f"{__name__}.{value}"
    for name, value in (
        ("leaflet", "leaflet.product:Leaflet"),
        ("sheets", "sheets.product:Sheets"),
        ("web", "web.product:Web"),
        ("images", "images.product:Images"),
        ("print-on-demand", "ondemand.product:OnDemand"),
        ("3d", "solid.product:Solid"),
        ("boxes", "boxes.product:Boxes"),
        ("errata", "errata.product:Errata"),
    )
}
"""The products of this package, each ``module:Class`` as an entry point names a plug-in's."""


def _accepted(name: str, loaded: object) -> Product:
    """What a product's entry point names must be: a ``Product`` subclass of that name (made once)."""
    if not (isinstance(loaded, type) and issubclass(loaded, Product)):
        raise StudioError("is not a grawlix_print Product subclass (its entry point names what to load)")
    if getattr(loaded, "name", None) != name:
        raise StudioError(f"{loaded.__name__} calls itself {getattr(loaded, 'name', None)!r}, not {name!r}")
    return loaded()


PRODUCTS: Registry[Product] = Registry("product", "products", BUILT_IN_PRODUCTS, _accepted)
"""Every product: the built-in ones, then the plug-ins of the entry-point group ``grawlix_print.products``."""
GROUP = PRODUCTS.group


def products() -> tuple[Product, ...]:
    """Every installed product that loads, in the kit's order."""
    return tuple(sorted(PRODUCTS.entries().values(), key=lambda p: (p.order, p.name)))


def failed_products() -> dict[str, str]:
    """The registered products that do not load, each with its one-line reason."""
    return PRODUCTS.failed()


def product_names() -> tuple[str, ...]:
    """The installed products that load, by name, in the kit's order (what ``all --only`` takes)."""
    return tuple(p.name for p in products())


def product(name: str) -> Product:
    """The product called ``name`` (or built alone by the command ``name``); an unknown one is one line."""
    key = name.strip().lower()
    if key in PRODUCTS:
        return PRODUCTS.load(key)  # that one alone loaded (a kit step of sheets loads no 3D product), or its error
    for candidate in products():
        if key == candidate.command_name():
            return candidate
    raise StudioError(f"no product {name!r} (products: {', '.join(product_names())})")


def offered(game: Game, only: Iterable[str] | None = None) -> tuple[Product, ...]:
    """The products ``game`` offers (those in ``only``, each checked, when given)."""
    if only is None:
        return tuple(p for p in products() if p.offers(game))
    chosen = [product(name) for name in only]
    for candidate in chosen:
        if not candidate.offers(game):
            names = ", ".join(p.name for p in products() if p.offers(game))
            raise StudioError(f"{game.name} has no {candidate.name} product (its products: {names})")
    return tuple(sorted(chosen, key=lambda p: (p.order, p.name)))


__all__ = ["BUILT_IN_PRODUCTS", "GROUP", "PRODUCTS", "Entry", "Job", "Planned", "Product", "failed_products", "offered", "product", "product_names", "products"]
