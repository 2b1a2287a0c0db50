"""grawlix-print: print-and-play kits for board games, from each game's components, rules engine and templates.

The package is also a library. The rules core::

    import grawlix_print as gp

    rules = gp.load_rules()                  # the built-in game (or load_rules("my/templates"))
    grid = gp.Grid(rules)
    grid.place((0, 0), gp.tile_from_token("R&"))
    grid.legal_locations()                   # [(-1, 0), (0, -1), (0, 1), (1, 0)]
    grid.allowed((0, 1)).glyphs              # the glyphs a tile there may have
    position = gp.load_position("templates/positions/example-2.toml", rules)

a game of one's own subclasses ``gp.Game`` (the plug-in base; ``grawlix_print.plugin`` has
the rest, ``docs/writing-a-game.md`` the guide); and the products, each a function of paths and options that returns what it
wrote (a list of ``Written``): ``build_leaflet``, ``build_sheets``,
``build_stl`` and ``build_all`` (the whole kit, as ``grawlix-print all``).

Folders, each depending only on those before it: ``tile`` (the tile
definition) -> ``game`` (rules engine, positions) -> ``facts`` -> ``drawing``
-> products (``products.leaflet``, ``products.sheets``, ``products.solid``...) -> ``kit`` -> ``cli``.
Importing the package loads nothing heavy: each name below is imported the
first time it is used, and the 3D stack (CadQuery) only when 3D tiles are built.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

# Public name -> the module (below this package) that defines it.
_EXPORTS = {
    # the games, and the base class of every game's plug-in (docs/writing-a-game.md)
    "Game": "games.base",
    "game": "games",
    "game_names": "games",
    "builtin_templates": "games",
    # the tiles
    "Glyph": "games.grawlix.tiles",
    "Colour": "games.grawlix.tiles",
    "Tile": "games.grawlix.tiles",
    "TileSet": "games.grawlix.tiles",
    "UnknownTile": "games.grawlix.tiles",
    "tile_from_token": "games.grawlix",
    # the rules of Grawlix
    "Rules": "games.grawlix.rules",
    "load_rules": "games.grawlix",
    "Grid": "games.grawlix.engine",
    "Allowed": "games.grawlix.engine",
    "RuleError": "games.grawlix.engine",
    "Problem": "games.grawlix.engine",
    "Match": "games.grawlix.engine",  # a game of Grawlix in play
    "Move": "games.grawlix.engine",
    # positions
    "Position": "games.grawlix.positions",
    "load_position": "games.grawlix.positions",
    # the products, each writing into its sub-folder of the output folder, as the commands do
    "build_leaflet": "kit",
    "build_sheets": "kit",
    "build_web": "kit",
    "build_stl": "kit",
    "build_all": "kit",
    "build_product": "kit",  # any product by name: images, boxes, on-demand, a plug-in's own
    # a playtest: the figures `grawlix-print playtest --json` reports, no files written
    "playtest_games": "playtest.session",
    "Written": "files",
    "StudioError": "errors",
    "GrawlixError": "errors",  # the old name of StudioError
}

__all__ = list(_EXPORTS)


def __getattr__(name: str):
    """Import a public name on first use (PEP 562), so ``import grawlix_print`` stays instant."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
