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
listed); asked for by name, it is one line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

from ..errors import StudioError
from ..notes import note
from .base import Entry, Job, Planned, Product

if TYPE_CHECKING:
    from ..games.base import Game

GROUP = "grawlix_print.products"




@dataclass(frozen=True)
class BuiltIn:
    """A product of this package, loaded as a plug-in's entry point is (``module:Class``)."""

    name: str
    value: str

    def load(self) -> object:
        module, _, attribute = self.value.partition(":")
        return getattr(import_module(module), attribute)


BUILT_IN_PRODUCTS = {
    name: BuiltIn(name, f"{__name__}.{value}")
    for name, value in (
        ("leaflet", "leaflet.product:Leaflet"),
        ("sheets", "sheets.product:Sheets"),
        ("web", "web.product:Web"),
        ("images", "images.product:Images"),
        ("print-on-demand", "ondemand.product:OnDemand"),
        ("3d", "solid.product:Solid"),
        ("boxes", "boxes.product:Boxes"),
    )
}


@cache
def _points() -> dict[str, object]:
    """Every product, by name: the built-in ones, then each plug-in's entry point. A plug-in under a
    built-in product's name is left out, with a note."""
    from importlib.metadata import entry_points

    found: dict[str, object] = dict(BUILT_IN_PRODUCTS)
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        if point.name in BUILT_IN_PRODUCTS:
            if point.value != BUILT_IN_PRODUCTS[point.name].value:  # (an older install's own entries: no word)
                note(f"the plug-in product {point.name} ({point.value}) is not loaded: a built-in product has that name")
            continue
        found[point.name] = point
    return dict(sorted(found.items()))


@cache
def _load(name: str) -> Product:
    """The product registered as ``name``; one that fails to load, or is no Product, is one line."""
    point = _points()[name]
    try:
        loaded = point.load()  # type: ignore[attr-defined]
    except Exception as error:  # a third-party plug-in may fail in any way: one line, not a traceback
        raise StudioError(f"the product {name!r} failed to load ({point.value}): {error}") from None  # type: ignore[attr-defined]
    if not (isinstance(loaded, type) and issubclass(loaded, Product)):
        raise StudioError(f"the product {name!r} ({point.value}) is not a grawlix_print Product")  # type: ignore[attr-defined]
    if loaded.name != name:
        raise StudioError(f"the product registered as {name!r} ({point.value}) calls itself {loaded.name!r}")  # type: ignore[attr-defined]
    return loaded()


def products() -> tuple[Product, ...]:
    """Every installed product that loads, in the kit's order."""
    found = []
    for name in _points():
        try:
            found.append(_load(name))
        except StudioError:
            continue  # listed as failing by ``failed_products``; never fatal to the others
    return tuple(sorted(found, key=lambda p: (p.order, p.name)))


def failed_products() -> dict[str, str]:
    """The registered products that do not load, each with its one-line reason."""
    failed = {}
    for name in _points():
        try:
            _load(name)
        except StudioError as error:
            failed[name] = str(error)
    return failed


def product_names() -> tuple[str, ...]:
    return tuple(p.name for p in products())


def product(name: str) -> Product:
    """The product called ``name`` (or built alone by the command ``name``); an unknown one is one line."""
    key = name.strip().lower()
    for candidate in products():
        if key in (candidate.name, candidate.command_name()):
            return candidate
    if key in _points():
        return _load(key)  # its own error
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


__all__ = ["BUILT_IN_PRODUCTS", "GROUP", "Entry", "Job", "Planned", "Product", "failed_products", "offered", "product", "product_names", "products"]
