"""Reading Grawlix's templates: its tile set (``components.toml``) and its rules (``rules.toml``)."""

from __future__ import annotations

from pathlib import Path

from ...errors import StudioError
from .tiles import TileSet, parse_components
from ...files import read_toml
from ..templates import COMPONENTS_FILE, RULES_FILE
from .rules import PARAMETERS, Rules

POSITIONS_DIR = "positions"


def read_components(folder: Path) -> TileSet:
    """The tile set of ``folder/components.toml``: as many colours as glyphs, since a full grid is a square."""
    path = folder / COMPONENTS_FILE
    tiles = parse_components(read_toml(path), str(path), folder)
    if len(tiles.glyphs) != len(tiles.colours):
        raise StudioError(
            f"Grawlix needs as many colours as glyphs (a full grid is a square of both), "
            f"found {len(tiles.glyphs)} glyphs and {len(tiles.colours)} colours",
            str(path),
        )
    return tiles


def read_rules(folder: Path, tiles: TileSet | None = None) -> Rules:
    """The tile set and the rules parameters of ``folder/rules.toml``, each a positive integer."""
    tiles = tiles or read_components(folder)
    path = folder / RULES_FILE
    data = read_toml(path)
    for key in data:
        if key not in PARAMETERS:
            raise StudioError(f"unknown key {key!r} (known: {', '.join(PARAMETERS)})", str(path))
    missing = [name for name in PARAMETERS if name not in data]
    if missing:
        raise StudioError(f"missing {missing[0]}", str(path))
    try:
        return Rules(tiles, **data)
    except ValueError as error:
        raise StudioError(str(error), str(path)) from None
