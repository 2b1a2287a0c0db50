"""Finding a game's templates folder (the designer's own, or a built-in game) and reading its files.

Everything a designer may change without touching Python lives in that
folder: ``components.toml`` (which also names the game), ``rules.toml``, the
examples and the rules' text.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from .. import files
from ..errors import GrawlixError

COMPONENTS_FILE = "components.toml"
"""Every templates folder has one: the game's pieces, and the name of the game it belongs to."""
RULES_FILE = "rules.toml"
MAX_TEMPLATE_BYTES = 1 << 20  # the leaflet text is about 10 kB


def builtin_templates() -> Path:
    """The game as published, shipped inside the package, so every command works anywhere."""
    folder = Path(__file__).resolve().parent / "grawlix" / "templates"
    if (folder / COMPONENTS_FILE).is_file():
        return folder
    raise GrawlixError("the built-in game is missing from this installation: reinstall grawlix-print")


def find_templates(chosen: str | Path | None = None) -> Path:
    """The templates folder: the one chosen, else ``./templates``, else the built-in game."""
    if chosen is not None:
        path = Path(chosen)
        if not path.is_dir():
            what = "not a folder" if path.exists() else "no such templates folder"
            raise GrawlixError(what, str(path))
        if not (path / COMPONENTS_FILE).is_file():
            raise GrawlixError(f"no {COMPONENTS_FILE} in this templates folder", str(path))
        return path
    local = Path("templates")
    if (local / COMPONENTS_FILE).is_file():
        return local
    return builtin_templates()


def is_builtin(templates: Path) -> bool:
    """Whether ``templates`` is the built-in game rather than a designer's own folder."""
    return templates.resolve() == builtin_templates().resolve()


def read_text(path: Path) -> str:
    """A template file's text; an unreadable, huge or non-UTF-8 file is a one-line error."""
    return files.read_text(path, MAX_TEMPLATE_BYTES)


def parse_toml(text: str, where: str) -> dict:
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as error:  # TOMLDecodeError, a huge integer, deep nesting
        reason = "nested too deeply" if isinstance(error, RecursionError) else error
        raise GrawlixError(f"malformed TOML: {reason}", where) from None


def read_toml(path: Path) -> dict:
    return parse_toml(read_text(path), str(path))
