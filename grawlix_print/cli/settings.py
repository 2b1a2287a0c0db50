"""Recorded option values: ``grawlix.toml``, or ``[tool.grawlix-print]`` in a ``pyproject.toml``.

One way to find them, whichever layout a project has: look in the templates
folder in use, then in the folder that holds it (with the built-in game, in
the current folder); in each, ``grawlix.toml`` before ``pyproject.toml``. The
first one found is read; any other is named in a warning, never half-merged.

Top-level keys apply to every command that has such an option; a table per
command (``[sheets]``, ``[stl]``, ``[check]``...) applies to that command only
and wins over the top level. Keys are option names, with ``-`` or ``_``.
Flags given on the command line always win. The whole file is checked on
every run, through the very types that check the command line: an unknown
table or key, or a value its option refuses, is an error naming file and key.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

import click
from click.core import ParameterSource

from ..errors import GrawlixError
from ..games import LOCAL_TEMPLATES, Game, game
from ..files import read_toml
from ..games.templates import COMPONENTS_FILE
from .app import main
from .options import SETTING_KEY

SETTINGS_FILE = "grawlix.toml"
PYPROJECT_FILE = "pyproject.toml"
PYPROJECT_TABLE = ("tool", "grawlix-print")
NOT_RECORDED = frozenset({"templates", "out"})  # where things are, not how to build them
GAME_KEY = "game"  # the one setting read before the others: it says whose settings they are
NO_SETTINGS_COMMANDS = frozenset({"init", "games"})  # one writes a settings file, one lists games: neither reads one
_CONTEXT_KEY = "grawlix.settings"


@dataclass(frozen=True)
class Settings:
    """Option values recorded for each command, converted and checked; ``source`` names the file."""

    values: dict[str, dict[str, object]] = field(default_factory=dict)
    source: str = ""
    game: str | None = None  # the game they are for (``game = "..."`` at the top), if they say

    def for_command(self, name: str) -> dict[str, object]:
        return self.values.get(name, {})


def recordable(command: click.Command) -> dict[str, click.Option]:
    """The options of a command that a settings file may record, by key: the flag, no dashes."""
    return {
        _setting_key(next((o for o in p.opts if o.startswith("--")), p.opts[0])): p
        for p in command.params
        if isinstance(p, click.Option) and p.name not in NOT_RECORDED and p.name != GAME_KEY
    }


def setting_commands() -> dict[str, click.Command]:
    """Every command that reads settings, by name (``all`` included)."""
    return {n: c for n, c in sorted(main.commands.items()) if n not in NO_SETTINGS_COMMANDS}


def settings_folders(templates: Path, builtin: bool = False) -> list[Path]:
    """Where settings may be, nearest first: the templates folder, then the folder holding it.

    With a game's own (``builtin``) templates, the current folder.
    """
    if builtin:
        return [Path(".")]
    folders: list[Path] = []
    for folder in (templates, templates.parent):
        if all(folder.resolve() != known.resolve() for known in folders):
            folders.append(folder)
    return folders


def find_settings(templates: Path, builtin: bool = False) -> list[tuple[dict, str]]:
    """Every settings file beside ``templates``, nearest first, as (data, name for messages)."""
    found = []
    for folder in settings_folders(templates, builtin):
        path = folder / SETTINGS_FILE
        if path.is_file():
            found.append((read_toml(path), str(path)))
        pyproject = folder / PYPROJECT_FILE
        if pyproject.is_file():
            table: object = read_toml(pyproject)
            for key in PYPROJECT_TABLE:
                table = table.get(key) if isinstance(table, dict) else None
            where = f"{pyproject} [tool.grawlix-print]"
            if table is not None and not isinstance(table, dict):
                raise GrawlixError("must be a table of settings", where)
            if table is not None:
                found.append((table, where))
    return found


def load_settings(templates: Path, builtin: bool = False) -> Settings:
    """The settings that apply with this templates folder, every key and value checked."""
    found = find_settings(templates, builtin)
    if not found:
        return Settings()
    (data, source), others = found[0], found[1:]
    for _, ignored in others:
        click.echo(f"warning: {ignored} is not read: {source} comes first", err=True)
    commands = setting_commands()
    values: dict[str, dict[str, object]] = {name: {} for name in commands}
    tables = {key: value for key, value in data.items() if isinstance(value, dict)}
    recorded_game = data.get(GAME_KEY)
    if recorded_game is not None and not isinstance(recorded_game, str):
        raise GrawlixError(f"{GAME_KEY} must be the name of a game, not {recorded_game!r}", source)
    for key, value in data.items():
        if key in tables or key == GAME_KEY:
            continue
        owners = [c for c, command in commands.items() if _setting_key(key) in recordable(command)]
        if not owners:
            raise GrawlixError(f"unknown setting {key!r}: no command has such an option", source)
        for owner in owners:
            label = key if len(owners) == 1 else f"{key} (for {owner})"
            option = recordable(commands[owner])[_setting_key(key)]
            values[owner][option.name] = _convert(commands[owner], option, value, label, source)
    for table, entries in tables.items():
        if table not in commands:
            raise GrawlixError(
                f"unknown command table [{table}] (commands: {', '.join(commands)})", source
            )
        options = recordable(commands[table])
        for key, value in entries.items():
            option = options.get(_setting_key(key))
            if option is None:
                known = ", ".join(options) or "none"
                raise GrawlixError(
                    f"unknown setting {key!r} in [{table}] (its settings: {known})", source
                )
            label = f"[{table}] {key}"
            values[table][option.name] = _convert(commands[table], option, value, label, source)
    return Settings(values, source, recorded_game)


def _setting_key(name: str) -> str:
    """``--tile-size``, ``tile_size`` and ``tile-size`` are all the key ``tile-size``."""
    return name.lstrip("-").replace("_", "-")


def _convert(
    command: click.Command, option: click.Option, value: object, label: str, source: str
) -> object:
    """A recorded value through its option's own type, as if it had been typed as the flag."""
    if option.is_flag:
        if not isinstance(value, bool):
            raise GrawlixError(f"{label} must be true or false, not {value!r}", source)
        return value
    ctx = click.Context(command, info_name=command.name)
    ctx.meta[SETTING_KEY] = label
    try:
        return option.type_cast_value(ctx, value)
    except click.BadParameter as error:
        raise GrawlixError(f"{label}: {error.message}", source) from None
    except GrawlixError as error:
        raise GrawlixError(error.what, source) from None


def apply_settings(ctx: click.Context, options: dict, settings: Settings) -> dict:
    """``options`` with every option the user did not type taken from ``settings``."""
    merged = dict(options)
    for key, value in settings.for_command(ctx.info_name).items():
        if ctx.get_parameter_source(key) in (ParameterSource.DEFAULT, None):
            merged[key] = value
    return merged


def recorded_game(templates: Path | None) -> str | None:
    """The game a settings file in the current folder records, when nothing else names one.

    Read before the game is known (its settings say which game they are for);
    checked like any other setting once the game's own settings are loaded.
    """
    if templates is not None or (LOCAL_TEMPLATES / COMPONENTS_FILE).is_file():
        return None
    for data, source in find_settings(Path("."), builtin=True)[:1]:
        value = data.get(GAME_KEY)
        if value is not None and not isinstance(value, str):
            raise GrawlixError(f"{GAME_KEY} must be the name of a game, not {value!r}", source)
        return value
    return None


def resolve_game(ctx: click.Context, name: str | None, templates: Path | None) -> tuple[Game, Settings]:
    """The game the command works on and its settings: ``--game``, ``--templates``, ``grawlix.toml``."""
    chosen = game(name or recorded_game(templates), templates)
    settings = load_settings(chosen.templates, chosen.is_builtin)
    recorded = settings.game
    if name is None and recorded is not None and recorded.strip().lower() != chosen.name:
        raise GrawlixError(
            f"{GAME_KEY} = {recorded!r}, but {chosen.templates} holds a {chosen.name} game", settings.source
        )
    return chosen, settings


def with_settings(command):
    """Fill the options the user did not type from the settings file that applies.

    The wrapped command receives ``game``, the game it works on (bound to its
    templates folder) instead of ``--game`` and ``--templates``;
    ``current_settings()`` gives the whole file, for ``all``, which passes
    other commands' settings on.
    """

    @functools.wraps(command)
    @click.pass_context
    def wrapper(ctx: click.Context, **options):
        chosen, settings = resolve_game(ctx, options.pop("game", None), options.pop("templates", None))
        ctx.meta[_CONTEXT_KEY] = settings
        return command(game=chosen, **apply_settings(ctx, options, settings))

    return wrapper


def current_settings() -> Settings:
    """The settings the running command was given by ``with_settings``."""
    return click.get_current_context().meta.get(_CONTEXT_KEY, Settings())

