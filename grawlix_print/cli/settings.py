"""Recorded option defaults: ``grawlix.toml`` (or ``[tool.grawlix-print]`` in pyproject.toml).

The file sits next to the templates folder, so a designer's choices travel
with the project. Top-level keys apply to every command that has such an
option; a table per command (``[sheets]``, ``[stl]``...) applies to that
command only. Keys are option names with ``-`` or ``_``. Command-line flags
always win. Which keys are valid is decided by the CLI, which knows the options.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import click
from click.core import ParameterSource

from ..errors import GrawlixError
from ..game.templates import read_toml
from .app import main

SETTINGS_FILE = "grawlix.toml"
PYPROJECT_TABLE = ("tool", "grawlix-print")


@dataclass(frozen=True)
class Settings:
    """Option defaults read from one file; ``source`` names it for error messages."""

    common: dict
    commands: dict
    source: str = ""

    def for_command(self, name: str) -> dict:
        """Defaults for one command: common keys, overridden by the command's own table."""
        return {**self.common, **self.commands.get(name, {})}


NO_SETTINGS = Settings({}, {}, "")


def load_settings(project: Path, command_names: set[str]) -> Settings:
    """Settings from ``project/grawlix.toml``, else pyproject's table, else none."""
    path = project / SETTINGS_FILE
    if path.is_file():
        data, where = read_toml(path), str(path)
    else:
        pyproject = project / "pyproject.toml"
        if not pyproject.is_file():
            return NO_SETTINGS
        data = read_toml(pyproject)
        for key in PYPROJECT_TABLE:
            data = data.get(key, {}) if isinstance(data, dict) else {}
        if not data:
            return NO_SETTINGS
        where = f"{pyproject} [tool.grawlix-print]"
    common, commands = {}, {}
    for key, value in data.items():
        if isinstance(value, dict):
            if key not in command_names:
                raise GrawlixError(
                    f"unknown command table [{key}] (commands: {', '.join(sorted(command_names))})",
                    where,
                )
            commands[key] = {_option_name(k): v for k, v in value.items()}
        else:
            common[_option_name(key)] = value
    return Settings(common, commands, where)


def _option_name(key: str) -> str:
    return key.replace("-", "_")


def with_settings(command):
    """Fill options the user did not give from grawlix.toml (or pyproject) next to templates/.

    The wrapped command receives ``templates`` as the resolved folder.
    """

    @functools.wraps(command)
    @click.pass_context
    def wrapper(ctx: click.Context, **options):
        from ..game.templates import find_templates

        templates = find_templates(options.get("templates"))
        options["templates"] = templates
        recorded = recorded_options(ctx.info_name, templates, ctx)
        for key, value in recorded.items():
            if ctx.get_parameter_source(key) is ParameterSource.DEFAULT:
                options[key] = value
        return command(**options)

    return wrapper


def recorded_options(name: str, templates: Path, ctx: click.Context | None = None) -> dict:
    """The options recorded for command ``name`` beside ``templates``, converted like flags.

    An unknown key, or a value its option refuses, is an error naming the settings file.
    """
    settings = load_settings(templates.parent, set(main.commands))
    known = {n: {p.name for p in cmd.params} - {"templates"} for n, cmd in main.commands.items()}
    for key in settings.common:
        if not any(key in params for params in known.values()):
            raise GrawlixError(f"unknown setting {key!r}", settings.source)
    command = main.commands[name]
    ctx = ctx or click.Context(command, info_name=name)
    params = {p.name: p for p in command.params}
    recorded = {}
    for key, value in settings.for_command(name).items():
        if key not in known[name]:
            if key in settings.commands.get(name, {}):
                raise GrawlixError(f"unknown setting {key!r} in [{name}]", settings.source)
            continue  # a top-level key meant for another command
        try:
            recorded[key] = params[key].type_cast_value(ctx, value)
        except click.BadParameter as error:
            raise GrawlixError(f"{key}: {error.message}", settings.source) from None
        except GrawlixError as error:
            raise GrawlixError(f"{key}: {error.what}", settings.source) from None
    return recorded
