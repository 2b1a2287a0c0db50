"""Finding a game's templates folder (the designer's own, or a built-in game) and reading its files.

Everything a designer may change without touching Python lives in that
folder: ``components.toml`` (which also names the game), ``rules.toml``, the
examples and the rules' text.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import StudioError
from ..files import read_toml
from ..notes import note

COMPONENTS_FILE = "components.toml"
"""Every templates folder has one: the game's pieces, and the name of the game it belongs to."""
RULES_FILE = "rules.toml"
TEMPLATES_FOLDER = "templates"
"""What a project calls its templates folder (``init`` writes one; the commands look for it)."""
SHIPPED = "templates"
"""Where the built-in games' templates live: ``templates/NAME`` at the top of the repository, which
the wheel carries as ``grawlix_print/templates/NAME``."""


def shipped_templates(name: str) -> Path:
    """A built-in game's templates folder: inside the installed package (a wheel), else at the top of
    the source checkout the package is imported from (an editable install, or a clone on the path)."""
    package = Path(__file__).resolve().parents[1]
    candidates = (package / SHIPPED / name, package.parent / SHIPPED / name)
    for folder in candidates:
        if (folder / COMPONENTS_FILE).is_file():
            return folder
    raise StudioError(f"the built-in templates of {name} are missing: reinstall grawlix-print", str(candidates[0]))


def checked_folder(chosen: str | Path) -> Path:
    """A templates folder the user named: it must exist and hold a ``components.toml``. The folder
    that holds one (a project: ``my-game/`` for ``my-game/templates/``) means the one it holds."""
    path = Path(chosen)
    if not path.is_dir():
        what = "not a folder" if path.exists() else "no such templates folder"
        raise StudioError(what, str(path))
    if not (path / COMPONENTS_FILE).is_file():
        inside = path / TEMPLATES_FOLDER
        if (inside / COMPONENTS_FILE).is_file():
            note(f"{path} holds a templates folder: using {inside}")
            return inside
        raise StudioError(f"no {COMPONENTS_FILE} in this templates folder", str(path))
    return path


def game_named_by(folder: Path) -> str:
    """The game a templates folder belongs to: ``game = "..."`` in its ``components.toml``."""
    path = folder / COMPONENTS_FILE
    name = read_toml(path).get("game")
    if not isinstance(name, str) or not name.strip():
        raise StudioError('names no game: add a line such as game = "grawlix" at its top', f"{path}: game")
    return name.strip()
