"""grawlix-print: print-and-play kits for board games, from each game's components, rules engine and templates.

The package is also a library: the studio, for any game::

    import grawlix_print as gp

    game = gp.game("permutations")          # a game by name (gp.game_names()), or gp.game(templates="my/templates")
    gp.build_leaflet("out", game=game)      # the rules in print into out/leaflet/, as `grawlix-print leaflet`
    gp.build_product("boxes", "out", game=game, papers=["letter"])   # any product, a plug-in's too
    gp.build_all("out", game=game)          # the whole kit, as `grawlix-print all`
    gp.playtest_games(game, 500, players=3) # the figures `grawlix-print playtest --json` reports

Each builder returns what it wrote (a list of ``Written``); a problem with the
input raises ``StudioError`` (``Problems`` for several), its message naming
the file and the reason. A game of one's own subclasses ``gp.Game`` (the
plug-in base; ``grawlix_print.plugin`` has the rest, ``docs/writing-a-game.md``
the guide); a built-in game's own names live under its folder
(``grawlix_print.games.grawlix``: ``Grid``, ``load_rules``, ``Position``...).
``docs/api.md`` says which modules are the public API and how they change.

Folders, each depending only on those before it: ``games`` (each game's
folder, the plug-in base) -> ``facts`` -> ``drawing`` -> ``products``
(``products.leaflet``, ``products.sheets``, ``products.solid``...) -> ``kit``
-> ``cli``. Importing the package loads nothing heavy: each name below is
imported the first time it is used, and the 3D stack (CadQuery) only when 3D
tiles are built.
"""

from __future__ import annotations

__version__ = "0.2.0"

# Public name -> the module (below this package) that defines it.
_EXPORTS = {
    # the games, and the base class of every game's plug-in (docs/writing-a-game.md)
    "Game": "games.base",
    "game": "games",
    "game_names": "games",
    "builtin_templates": "games",
    # the products, each writing into its sub-folder of the output folder, as the commands do
    "build_leaflet": "kit",
    "build_sheets": "kit",
    "build_web": "kit",
    "build_stl": "kit",
    "build_all": "kit",
    "build_product": "kit",  # any product by name: images, boxes, on-demand, a plug-in's own
    "product_names": "products",
    "Written": "files",
    # a playtest: the figures `grawlix-print playtest --json` reports, no files written
    "playtest_games": "playtest.session",
    # what goes wrong, in one line each
    "StudioError": "errors",
    "Problems": "errors",
}

_DEPRECATED = {
    **{name: "games.grawlix" for name in (
        "Glyph", "Colour", "Tile", "TileSet", "UnknownTile", "tile_from_token", "Rules", "load_rules", "Grid",
        "Allowed", "RuleError", "Problem", "Match", "Move", "Position", "load_position",
    )},  # fmt: skip
    "GrawlixError": "errors",
}
"""Names the top level had in 0.1, kept for one release with a ``DeprecationWarning``: the first game's own
(now ``grawlix_print.games.grawlix.NAME``) and the studio's error under its old name (``StudioError``)."""
_INSTEAD = {"GrawlixError": "grawlix_print.StudioError"}
REMOVED_IN = "0.3"

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> object:
    """Import a public name on first use (PEP 562), so ``import grawlix_print`` stays instant; an old
    name still answers, with a warning saying what to use instead. Nothing is imported at the top: the
    command line holds Ctrl-C only once this package has loaded, and a program pays for what it uses."""
    import importlib

    module = _EXPORTS.get(name)
    if module is not None:
        value = getattr(importlib.import_module(f".{module}", __name__), name)
        globals()[name] = value
        return value
    old = _DEPRECATED.get(name)
    if old is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import warnings

    instead = _INSTEAD.get(name, f"grawlix_print.{old}.{name}")
    warnings.warn(f"grawlix_print.{name} is deprecated and goes in {REMOVED_IN}: use {instead}", DeprecationWarning,
                  stacklevel=2)  # fmt: skip
    return getattr(importlib.import_module(f".{old}", __name__), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
