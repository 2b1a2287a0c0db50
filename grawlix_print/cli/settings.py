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
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..errors import StudioError
from ..games import LOCAL_TEMPLATES, Game, game, known_game
from ..files import read_toml
from ..games.templates import COMPONENTS_FILE
from .app import loader_of, main
from ..options import SETTING_FOLDER, SETTING_KEY, OptionError, flag
from .options import flags_of, name_options

SETTINGS_FILE = "grawlix.toml"
PYPROJECT_FILE = "pyproject.toml"
PYPROJECT_TABLE = ("tool", "grawlix-print")
NOT_RECORDED = frozenset({"templates", "out", "rev"})  # where things are, not how to build them (diff --rev)
_WHERE_NOT_HOW = "says where things are, which only the command line says ({flag})"
GAME_KEY = "game"  # the one setting read before the others: it says whose settings they are
NO_SETTINGS_COMMANDS = frozenset({"init", "new", "games"})  # two write a settings file, one lists games: none reads one
_CONTEXT_KEY = "grawlix.settings"


@dataclass(frozen=True)
class Settings:
    """Option values recorded for each command, converted and checked; ``source`` names the file."""

    values: dict[str, dict[str, object]] = field(default_factory=dict)
    source: str = ""
    game: str | None = None  # the game they are for (``game = "..."`` at the top), if they say
    labels: dict[str, dict[str, str]] = field(default_factory=dict)
    """How an error names each recorded value: command -> option -> ``[sheets] tile-size``."""

    def for_command(self, name: str) -> dict[str, object]:
        return self.values.get(name, {})

    def label(self, command: str, option: str) -> str | None:
        """The key a recorded value of ``command``'s ``option`` came from, as errors name it."""
        return self.labels.get(command, {}).get(option)


def recordable(command: click.Command) -> dict[str, click.Option]:
    """The options of a command that a settings file may record, by key: the flag, no dashes."""
    return {
        _setting_key(next((o for o in p.opts if o.startswith("--")), p.opts[0])): p
        for p in command.params
        if isinstance(p, click.Option) and p.name not in NOT_RECORDED and p.name != GAME_KEY
    }


def setting_commands(game: type[Game] | None = None) -> Mapping[str, click.Command]:
    """Every command that reads settings, by name (``all`` included), with ``game``'s own commands
    (None: every game's); each of the studio's own is loaded when first looked at, so a settings
    file of empty tables (as ``init`` writes it) loads none of them."""
    from .own import own_command, own_command_names

    loaders = {n: load for n, load in main.command_loaders().items() if n not in NO_SETTINGS_COMMANDS}
    for name in game.command_names() if game is not None else own_command_names():
        found = own_command(name)
        if found is not None:
            loaders[name] = loader_of(found)
    return _Loaded(dict(sorted(loaders.items())))


class _Loaded(Mapping[str, click.Command]):
    """Commands by name, each made by its loader the first time it is looked at."""

    def __init__(self, loaders: dict[str, Callable[[], click.Command]]) -> None:
        self._loaders = loaders
        self._made: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._made:
            self._made[name] = self._loaders[name]()
        return self._made[name]

    def __contains__(self, name: object) -> bool:
        return name in self._loaders

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)


def settings_folders(templates: Path, builtin: bool = False) -> list[Path]:
    """Where settings may be, nearest first: the templates folder, then the folder holding it.

    With a game's own (``builtin``) templates, the current folder.
    """
    if builtin:
        return [Path(".")]
    folders: list[Path] = []
    for folder in (templates, templates.parent if templates.parts else Path("..")):  # ".": the one above
        if all(folder.resolve() != known.resolve() for known in folders):
            folders.append(folder)
    return folders


def find_settings(templates: Path, builtin: bool = False) -> list[tuple[dict, str]]:
    """Every settings file beside ``templates``, nearest first, as (data, name for messages)."""
    found = []
    for folder in settings_folders(templates, builtin):
        # Whatever stands under the name is read: a folder, a FIFO or a broken link
        # there is an error naming it, never a file silently passed over.
        path = folder / SETTINGS_FILE
        if os.path.lexists(path):
            found.append((read_toml(path), str(path)))
        pyproject = folder / PYPROJECT_FILE
        if os.path.lexists(pyproject):
            table: object = read_toml(pyproject)
            for key in PYPROJECT_TABLE:
                table = table.get(key) if isinstance(table, dict) else None
            where = f"{pyproject} [tool.grawlix-print]"
            if table is not None and not isinstance(table, dict):
                raise StudioError("must be a table of settings", where)
            if table is not None:
                found.append((table, where))
    return found


def load_settings(templates: Path, builtin: bool = False, game: type[Game] | None = None) -> Settings:
    """The settings that apply with this templates folder (for ``game``'s commands too), every key
    and value checked."""
    found = find_settings(templates, builtin)
    if not found:
        return Settings()
    (data, source), others = found[0], found[1:]
    for _, ignored in others:
        click.echo(f"warning: {ignored} is not read: {source} comes first", err=True)
    commands = setting_commands(game)
    values: dict[str, dict[str, object]] = {name: {} for name in commands}
    labels: dict[str, dict[str, str]] = {name: {} for name in commands}
    tables = {key: value for key, value in data.items() if isinstance(value, dict)}
    recorded_game = recorded_game_in(data, source)
    for key, value in data.items():
        if key in tables or key == GAME_KEY:
            continue
        owners = [c for c, command in commands.items() if _setting_key(key) in recordable(command)]
        if not owners:
            raise StudioError(_unknown(key, ": no command has such an option"), source)
        alike = len({_kind(recordable(commands[owner])[_setting_key(key)]) for owner in owners}) == 1
        for owner in owners:
            label = key if alike else f"{key} (for {owner})"  # which command, where they check it apart
            owned = recordable(commands[owner])[_setting_key(key)]
            values[owner][owned.name or key] = _convert(commands[owner], owned, value, label, source)
            labels[owner][owned.name or key] = label
    for table, entries in tables.items():
        if table not in commands:
            raise StudioError(
                f"unknown command table [{table}] (commands: {', '.join(commands)})", source
            )
        if not entries:
            continue
        options = recordable(commands[table])
        for key, value in entries.items():
            option = options.get(_setting_key(key))
            if option is None:
                known = ", ".join(options) or "none"
                raise StudioError(_unknown(key, f" in [{table}] (its settings: {known})"), source)
            label = f"[{table}] {key}"
            values[table][option.name or key] = _convert(commands[table], option, value, label, source)
            labels[table][option.name or key] = label
    return Settings(values, source, recorded_game, labels)


def _kind(option: click.Option) -> tuple[object, ...]:
    """What decides whether a value is accepted: options alike accept and refuse the same values."""
    kind = option.type
    return (type(kind), option.is_flag, tuple(getattr(kind, "choices", ())), getattr(kind, "allow_zero", None))


def _unknown(key: str, rest: str) -> str:
    """Why a key is refused: an option not recorded by design is told apart from a typing slip."""
    name = _setting_key(key)
    if name in NOT_RECORDED:
        return f"{key} is not a setting: it {_WHERE_NOT_HOW.format(flag='--' + name)}"
    if name == GAME_KEY:
        return f"{key} is a setting of its own: put it at the top, before the first table"
    return f"unknown setting {key!r}{rest}"


def _setting_key(name: str) -> str:
    """``--tile-size``, ``tile_size`` and ``tile-size`` are all the key ``tile-size``."""
    return name.lstrip("-").replace("_", "-")


def _convert(
    command: click.Command, option: click.Option, value: object, label: str, source: str
) -> object:
    """A recorded value through its option's own type, as if it had been typed as the flag."""
    if option.is_flag:
        if not isinstance(value, bool):
            raise StudioError(f"{label} must be true or false, not {value!r}", source)
        return value
    if option.multiple and not isinstance(value, list):
        value = [value]  # an option given several times: one value, or a TOML list of them
    ctx = click.Context(command, info_name=command.name)
    ctx.meta[SETTING_KEY] = label
    ctx.meta[SETTING_FOLDER] = Path(source.split(" [tool.", 1)[0]).parent  # a path recorded there is read from there
    try:
        return option.type_cast_value(ctx, value)
    except click.BadParameter as error:
        raise StudioError(f"{label}: {error.message}", source) from None
    except StudioError as error:
        raise StudioError(error.what, source) from None


def apply_settings(ctx: click.Context, options: dict, settings: Settings) -> dict:
    """``options`` with every option the user did not type taken from ``settings``."""
    merged = dict(options)
    for key, value in settings.for_command(ctx.info_name or "").items():
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
        value = recorded_game_in(data, source)
        return None if value is None else known_game(value, f"{source}: {GAME_KEY}")
    return None


def recorded_game_in(data: dict, source: str) -> str | None:
    """The ``game = "..."`` line of a settings file, if it has one; not a string is one line."""
    value = data.get(GAME_KEY)
    if value is not None and not isinstance(value, str):
        raise StudioError(f"must be the name of a game, not {value!r}", f"{source}: {GAME_KEY}")
    return value


def resolve_game(ctx: click.Context, name: str | None, templates: Path | None) -> tuple[Game, Settings]:
    """The game the command works on and its settings: ``--game``, ``--templates``, ``grawlix.toml``."""
    chosen = game(name if name is not None else recorded_game(templates), templates)  # `--game ''` is refused
    settings = load_settings(chosen.templates, chosen.is_builtin, type(chosen))
    recorded = settings.game
    if name is None and recorded is not None and recorded.strip().lower() != chosen.name:
        raise StudioError(
            f"{GAME_KEY} = {recorded!r}, but {chosen.templates} holds a {chosen.name} game", settings.source
        )
    return chosen, settings


def with_settings(command: Callable[..., Any]) -> Callable[..., Any]:
    """Fill the options the user did not type from the settings file that applies.

    The wrapped command receives ``game``, the game it works on (bound to its
    templates folder) instead of ``--game`` and ``--templates``;
    ``current_settings()`` gives the whole file, for ``all``, which passes
    other commands' settings on.
    """

    @functools.wraps(command)
    @click.pass_context
    def wrapper(ctx: click.Context, /, **options: Any) -> Any:
        chosen, settings = resolve_game(ctx, options.pop("game", None), options.pop("templates", None))
        ctx.meta[_CONTEXT_KEY] = settings
        merged = apply_settings(ctx, options, settings)
        if "out" in merged and ctx.get_parameter_source("out") == ParameterSource.DEFAULT:
            merged["out"] = beside_templates(merged["out"], chosen.templates)
        try:
            return command(game=chosen, **merged)
        except OptionError as error:  # a product names its fields: as flags, or as the keys they came from
            raise worded(error, recorded_fields(ctx, settings), settings.source) from None
        except StudioError as error:
            renamed = name_options(error, recorded_labels(ctx, settings), settings.source)
            if renamed is error:
                raise
            raise renamed from None

    return wrapper


def beside_templates(out: Path, templates: Path) -> Path:
    """The output folder when none is given: ``output`` here, or beside the templates folder when the
    designer stands in it (never inside it: the templates are the build's inputs)."""
    try:
        inside = templates.resolve() == Path.cwd().resolve()
    except OSError:
        return out
    if not inside:
        return out
    chosen = Path("..") / out
    click.echo(f"note: writing to {chosen} (beside this templates folder, not in it)", err=True)
    return chosen


def recorded_labels(ctx: click.Context, settings: Settings) -> dict[str, str]:
    """The flags of the running command whose values came from ``settings``, with their keys.

    A product's error names an option by its flag (``--sticker-size``); when the
    value was recorded, not typed, the error names the key instead.
    """
    name = ctx.info_name or ""
    command = ctx.command
    labels: dict[str, str] = {}
    for option in recordable(command).values():
        label = settings.label(name, option.name or "")
        if label is not None and ctx.get_parameter_source(option.name or "") in (ParameterSource.DEFAULT, None):
            labels.update(flags_of(option, label))
    return labels


def recorded_fields(ctx: click.Context, settings: Settings) -> dict[str, str]:
    """The options of the running command whose values came from ``settings``, with their keys."""
    name = ctx.info_name or ""
    return {
        option: label
        for option, label in settings.labels.get(name, {}).items()
        if ctx.get_parameter_source(option) in (ParameterSource.DEFAULT, None)
    }


def worded(error: OptionError, recorded: dict[str, str], source: str) -> StudioError:
    """An option error with each field named as the user gave it (a key of ``recorded``, else its
    flag); blamed on the settings file when a field it names was recorded there (the one at fault,
    or the one it was checked against: the file is where to look for that value)."""
    blamed = any(field in recorded for field in error.about)
    return error.worded(lambda field: recorded.get(field, flag(field)), source if blamed else None)


def current_settings() -> Settings:
    """The settings the running command was given by ``with_settings``."""
    return click.get_current_context().meta.get(_CONTEXT_KEY, Settings())

