"""Reading Grawlix's templates: its tile set (``components.toml``) and its rules (``rules.toml``)."""

from __future__ import annotations

from pathlib import Path

from ...errors import GrawlixError
from ..templates import COMPONENTS_FILE, RULES_FILE, find_templates, read_toml
from ...components.tiles import TileSet, parse_components
from .rules import PARAMETERS, Rules

POSITIONS_DIR = "positions"


def load_components(templates: str | Path | None = None) -> TileSet:
    """The tile set of ``templates/components.toml`` (None: ./templates or the built-in game)."""
    folder = find_templates(templates)
    path = folder / COMPONENTS_FILE
    return parse_components(read_toml(path), str(path), folder)


def load_rules(templates: str | Path | None = None) -> Rules:
    """The tile set and the rules parameters of ``rules.toml``, each a positive integer.

    ``templates`` None means ./templates or, without one, the built-in game.
    """
    folder = find_templates(templates)
    tiles = load_components(folder)
    path = folder / RULES_FILE
    data = read_toml(path)
    for key in data:
        if key not in PARAMETERS:
            raise GrawlixError(f"unknown key {key!r} (known: {', '.join(PARAMETERS)})", str(path))
    missing = [name for name in PARAMETERS if name not in data]
    if missing:
        raise GrawlixError(f"missing {missing[0]}", str(path))
    try:
        return Rules(tiles, **data)
    except ValueError as error:
        raise GrawlixError(str(error), str(path)) from None
