"""Recorded option defaults: ``grawlix.toml`` (or ``[tool.grawlix-print]`` in pyproject.toml).

The file sits next to the templates folder, so a designer's choices travel
with the project. Top-level keys apply to every command that has such an
option; a table per command (``[sheets]``, ``[stl]``...) applies to that
command only. Keys are option names with ``-`` or ``_``. Command-line flags
always win. Which keys are valid is decided by the CLI, which knows the options.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import GrawlixError
from .game.templates import read_toml

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
