"""The games: plug-ins found through Python entry points, each bringing its components, rules and templates.

``game("grawlix")`` gives a game bound to its built-in templates;
``game(templates="my-game/templates")`` the game a designer's folder names.
A separate package adds a game by registering a ``Game`` subclass under the
entry-point group ``grawlix_print.games``, as the built-in games do.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from ..errors import StudioError
from .base import Game
from .faults import debugging, load_fault, plugin_fault
from ..notes import note
from .templates import COMPONENTS_FILE, TEMPLATES_FOLDER, checked_folder, game_named_by

GROUP = "grawlix_print.games"
DEFAULT_GAME = "grawlix"
LOCAL_TEMPLATES = Path(TEMPLATES_FOLDER)
HERE = Path(".")


@cache
def _registered() -> dict[str, object]:
    """Every game's entry point, by name (nothing is imported until a game is asked for)."""
    return {point.name: point for point in sorted(entry_points(group=GROUP), key=lambda p: p.name)}


def game_names() -> tuple[str, ...]:
    """The installed games, by name."""
    names = tuple(_registered())
    if not names:
        raise StudioError("no games are installed: reinstall grawlix-print")
    return names


def known_game(name: str, where: str | None = None) -> str:
    """``name`` as the registry spells it; a name of no installed game is one line naming ``where``."""
    key = name.strip().lower()
    if key not in _registered():
        raise StudioError(f"no game {name!r} (games: {', '.join(game_names())})", where)
    return key


@cache
def game_class(name: str) -> type[Game]:
    """The class of game ``name``; an unknown name or a plug-in that fails to load is one line."""
    point = _registered()[known_game(name)]
    try:
        loaded = point.load()  # type: ignore[attr-defined]
    except BaseException as error:  # a plug-in may fail in any way, sys.exit and Ctrl-C too: one line
        if debugging():
            raise
        raise load_fault(name, error) from None
    where = f"game {name} ({point.value})"  # type: ignore[attr-defined]
    if not (isinstance(loaded, type) and issubclass(loaded, Game)):
        raise StudioError("is not a grawlix_print.Game subclass (its entry point names what to load)", where)
    for attribute in ("name", "summary"):
        if not isinstance(getattr(loaded, attribute, None), str):
            raise StudioError(f"{loaded.__name__} has no {attribute} (a class attribute, a str)", where)
    left = sorted(getattr(loaded, "__abstractmethods__", ()))
    if left:
        raise StudioError(f"{loaded.__name__} does not define {', '.join(left)} (the methods every game must have)", where)
    return loaded


def _made(cls: type[Game], templates: Path | None = None) -> Game:
    """An instance of a game's class; a constructor that raises is one line naming the plug-in's line."""
    try:
        return cls(templates) if templates is not None else cls()
    except StudioError:
        raise
    except Exception as error:
        if debugging():
            raise
        raise plugin_fault(cls.name, error, "while it was made", home=_home(cls)) from None


def _home(cls: type) -> Path | None:
    import inspect

    try:
        return Path(inspect.getfile(cls)).resolve().parent
    except (TypeError, OSError):
        return None


def game(name: str | None = None, templates: str | Path | None = None) -> Game:
    """The game called ``name``, bound to ``templates`` (a designer's folder) or to its own.

    With ``templates`` alone, the game its ``components.toml`` names; with
    neither, ``./templates`` if it is a game's folder, else the current folder
    if it is one (the designer stands in it: said in a note), else the default
    game.
    """
    if name is not None and not name.strip():
        known_game(name)  # a blank name (`--game ''`) is no game's: its one line, never the default game
    if templates is not None:
        folder = checked_folder(templates)
        named = _game_of(folder)
        if name is not None and name.strip().lower() != named:
            raise StudioError(f"holds a {named} game, not {name}", str(folder / COMPONENTS_FILE))
        return _made(game_class(named), folder)
    for local in (LOCAL_TEMPLATES, HERE):
        if (local / COMPONENTS_FILE).is_file():
            named = _game_of(local)
            if name is None or name.strip().lower() == named:
                if local == HERE:
                    note(f"this folder is a templates folder ({COMPONENTS_FILE} names {named}): using it")
                return _made(game_class(named), local)
            break
    return _made(game_class(name or DEFAULT_GAME))


def _game_of(folder: Path) -> str:
    """The installed game a templates folder names; a name of none is one line naming its file and key."""
    return known_game(game_named_by(folder), f"{folder / COMPONENTS_FILE}: game")


def builtin_templates(name: str = DEFAULT_GAME) -> Path:
    """A game's own templates folder (to copy, or to read its examples)."""
    return game_class(name).builtin_templates()


__all__ = ["DEFAULT_GAME", "GROUP", "Game", "builtin_templates", "game", "game_class", "game_names", "known_game"]
