"""The games' own commands (a position checker, a scorer...) on the command line.

A game brings its own commands as plain click commands (``Game.commands``);
here each is given ``--game`` and ``--templates`` and its recorded settings,
like every command, and run on the game they name. A command is found the
first time it is asked for, by loading the games one by one (the default
game first), so a command that every build runs never loads another game's
code, and a plug-in that fails to load costs only its own commands.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import click

from ..errors import StudioError
from ..games import DEFAULT_GAME, Game, game_class, game_names
from .options import templates_option
from .settings import with_settings


def _classes() -> list[type[Game]]:
    """The installed games' classes that load, the default game first."""
    names = sorted(game_names(), key=lambda name: name != DEFAULT_GAME)
    found = []
    for name in names:
        try:
            found.append(game_class(name))
        except StudioError:
            continue  # a plug-in that fails to load is named by ``games`` and when asked for
    return found


def own_command_names() -> list[str]:
    """Every game's own commands, by name (for ``--help``)."""
    return sorted({name for kind in _classes() for name in kind.command_names()})


@cache
def own_command(name: str) -> click.Command | None:
    """The command ``name`` as some game brings it, ready for the command line; None if none does."""
    for kind in _classes():
        for command in kind.commands():
            if command.name == name:
                return _on_the_command_line(command)
    return None


def _on_the_command_line(command: click.Command) -> click.Command:
    """The game's command with ``--game``, ``--templates`` and settings; run on the game they name,
    which must bring a command of this name itself."""
    name = command.name or ""

    def run(game: Game, **values: Any) -> None:
        own = {c.name: c for c in type(game).commands()}
        if name not in own:
            raise game.unanswered(name)
        callback = own[name].callback
        assert callback is not None, "a game's command has a callback"
        callback(game=game, **values)

    function = templates_option(with_settings(run))
    made = click.command(name, short_help=command.short_help, help=command.help)(function)
    made.params[0:0] = list(command.params)
    return made
