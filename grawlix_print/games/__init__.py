"""The games: the built-in ones and plug-ins found through Python entry points, each bringing its
components, rules and templates.

``game("grawlix")`` gives a game bound to its built-in templates;
``game(templates="my-game/templates")`` the game a designer's folder names.
A separate package adds a game by registering a ``Game`` subclass under the
entry-point group ``grawlix_print.games``. The built-in games are named here
(``GAMES``, a ``registry.Registry`` as every seam's is), not as entry points: a
command on one of them then reads no other package's metadata (a third of a
``playtest`` run's start-up, with a hundred packages installed), and no plug-in
can take a built-in game's name.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import StudioError
from .base import Game
from ..plugin_faults import debugging, plugin_fault
from ..notes import note
from ..registry import Registry
from .templates import COMPONENTS_FILE, TEMPLATES_FOLDER, checked_folder, game_named_by

DEFAULT_GAME = "grawlix"
LOCAL_TEMPLATES = Path(TEMPLATES_FOLDER)
HERE = Path(".")


def _accepted(name: str, loaded: object) -> type[Game]:
    """What a game's entry point names must be: a ``Game`` subclass with its name and summary and
    every method a game must have."""
    if not (isinstance(loaded, type) and issubclass(loaded, Game)):
        raise StudioError("is not a grawlix_print.Game subclass (its entry point names what to load)")
    for attribute in ("name", "summary"):
        if not isinstance(getattr(loaded, attribute, None), str):
            raise StudioError(f"{loaded.__name__} has no {attribute} (a class attribute, a str)")
    left = sorted(getattr(loaded, "__abstractmethods__", ()))
    if left:
        raise StudioError(f"{loaded.__name__} does not define {', '.join(left)} (the methods every game must have)")
    return loaded


GAMES: Registry[type[Game]] = Registry(
    "game", "games", {name: f"{__name__}.{name}:GAME" for name in (DEFAULT_GAME, "permutations", "spreadsheet")}, _accepted
)
"""Every game: the built-in ones (each folder ``games/NAME`` names its class ``GAME``), then the
plug-ins of the entry-point group ``grawlix_print.games``."""
BUILT_IN_GAMES = GAMES.built_in
GROUP = GAMES.group


def game_names() -> tuple[str, ...]:
    """The installed games, by name."""
    return GAMES.names()


def known_game(name: str, where: str | None = None) -> str:
    """``name`` as the registry spells it; a name of no installed game is one line naming ``where``."""
    key = name.strip().lower()
    if key not in GAMES:  # a built-in game's name: no package is read
        raise StudioError(f"no game {name!r} (games: {', '.join(game_names())})", where)
    return key


def game_class(name: str) -> type[Game]:
    """The class of game ``name``; an unknown name or a plug-in that fails to load is one line."""
    return GAMES.load(known_game(name))


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


__all__ = ["DEFAULT_GAME", "GAMES", "GROUP", "Game", "builtin_templates", "game", "game_class", "game_names", "known_game"]
