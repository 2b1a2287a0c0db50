"""The built-in game's tile set, read once from its components.toml, for tests that name tiles."""

from __future__ import annotations

from pathlib import Path

from grawlix_print.games.grawlix.templates import read_components

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "grawlix"
TILE_SET = read_components(TEMPLATES)
TILES = TILE_SET.tiles
GLYPHS = TILE_SET.glyphs
COLOURS = TILE_SET.colours
tile_from_token = TILE_SET.tile_from_token
