"""Option values as users type them or record them, each bad one refused in one line.

The same types convert a value typed on the command line and one recorded in
``grawlix.toml``, so both are checked alike; a recorded value's errors name
its key (``SETTING_KEY`` in the click context) instead of the flag. A
product declares its options as a frozen dataclass whose fields are made
with ``setting()``: their types, defaults, help and flags, from which the
command line, ``grawlix.toml``'s table and ``init``'s commented settings are
all derived. A value refused once the options are put together (too large
for the paper, two options that contradict each other) is an ``OptionError``
naming the fields it is about: the command line words them as flags, a
settings file as its keys, without rewriting any message.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import click

from .errors import StudioError

SETTING_KEY = "grawlix.setting-key"
SETTING_FOLDER = "grawlix.setting-folder"
"""The folder of the settings file a recorded value comes from: a path in it is read from there."""


def option_label(param: click.Parameter | None, ctx: click.Context | None = None) -> str:
    """How an error names a value: ``--tile-size`` on the command line, the key in a file."""
    if ctx is not None and SETTING_KEY in ctx.meta:
        return str(ctx.meta[SETTING_KEY])
    return f"--{param.name.replace('_', '-')}" if param is not None and param.name else "value"


def flag(name: str) -> str:
    """A field's flag: ``tile_size`` is ``--tile-size``."""
    return "--" + name.replace("_", "-")


class OptionError(StudioError):
    """A value refused, named by the option field it is about (``sticker_size``).

    ``what`` may name any option as ``{field}`` (``{sticker_size} 40 mm is larger than the
    {tile_size} squares``); ``str()`` words them as flags, ``worded()`` as a settings file's keys.
    ``about`` lists the fields it names, the one at fault first.
    """

    def __init__(self, what: str, *about: str, where: str | None = None) -> None:
        super().__init__(what, where)
        self.template = what
        self.about = about
        self.what = self._fill(flag)

    def _fill(self, label: Callable[[str], str]) -> str:
        return self.template.format_map({name: label(name) for name in self.about})

    def worded(self, label: Callable[[str], str], source: str | None = None) -> StudioError:
        """The same error with each option named by ``label(field)``; ``source`` is the file to blame."""
        return StudioError(self._fill(label), self.where or source)

    def __reduce__(self) -> tuple[Any, ...]:  # across a worker process, with its fields
        return (_rebuilt, (self.template, self.about, self.where))


def _rebuilt(template: str, about: tuple[str, ...], where: str | None) -> OptionError:
    return OptionError(template, *about, where=where)


@dataclass(frozen=True)
class Setting:
    """How one option of a product is typed, told and recorded.

    ``type`` converts a typed or recorded value (None: a flag, from a bool default);
    ``show`` is the default as ``--help`` and ``init`` show it when the field's own default
    is None ("the game's own"); ``renamed`` lists an option's earlier names, still accepted in a
    settings file with a note; ``negative`` names a flag's off switch (``--no-backs``).
    """

    help: str
    type: click.ParamType | None = None
    show: str | None = None
    renamed: tuple[str, ...] = ()
    negative: bool = True
    multiple: bool = False


def setting(default: Any, help: str, type: click.ParamType | None = None, *, show: str | None = None,
            renamed: tuple[str, ...] = (), negative: bool = True, multiple: bool = False) -> Any:
    """A field of an options dataclass that is also an option of its product's command."""
    return field(default=default, metadata={"setting": Setting(help, type, show, renamed, negative, multiple)})


def settings_of(options: type) -> dict[str, Setting]:
    """The fields of an options dataclass that are options, by field name, in declaration order."""
    return {f.name: f.metadata["setting"] for f in dataclasses.fields(options) if "setting" in f.metadata}


def click_options(options: type) -> list[click.Option]:
    """The command-line options of an options dataclass: one per field, with its default."""
    made = []
    for f in dataclasses.fields(options):
        about = f.metadata.get("setting")
        if about is None:
            continue
        shown: bool | str = about.show if about.show is not None else True
        if about.type is None:  # a flag: on or off
            names = [f"{flag(f.name)}/--no-{f.name.replace('_', '-')}"] if about.negative else [flag(f.name)]
            made.append(click.Option([*names, f.name], default=f.default, help=about.help, show_default=shown))
        else:
            default = f.default
            if isinstance(about.type, Length) and isinstance(default, float):
                default = f"{default:g}mm"  # as a user types it: shown so, and read by the same type
            elif isinstance(default, tuple):
                default = "x".join(f"{part:g}" for part in default)
            made.append(click.Option([flag(f.name), f.name], type=about.type, default=default, help=about.help,
                                     show_default=shown, multiple=about.multiple))  # fmt: skip
    return made


def options_from(options: type, values: Mapping[str, Any]) -> Any:
    """An options dataclass from given values; a value not given (None) keeps the field's default."""
    known = settings_of(options)
    return options(**{name: value for name, value in values.items() if name in known and value is not None})


class OneLineChoice(click.Choice):
    """One of ``choices``, in any case (``LETTERS`` is ``letters``), given back as the choice itself.

    A bad value is a one-line error (exit status 1), like every other bad input.
    """

    def __init__(self, choices: Iterable[str], case_sensitive: bool = False) -> None:
        super().__init__(list(choices), case_sensitive)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            raise StudioError(
                f"{option_label(param, ctx)} {value!r} is not one of {', '.join(self.choices)}"
            ) from None


class Length(click.ParamType):
    """A length (``25.4``, ``25.4mm``, ``2.54cm``, ``1in``, or a number in a settings file), in mm.

    Zero is refused unless ``allow_zero`` (a bleed of 0 means no bleed). A bad
    value is a one-line error with exit status 1, like every other bad input.
    """

    name = "length"

    def __init__(self, allow_zero: bool = False) -> None:
        self.allow_zero = allow_zero

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        from .units import parse_length

        return parse_length(value, option_label(param, ctx), self.allow_zero)


LENGTH = Length()
LENGTH_OR_ZERO = Length(allow_zero=True)


NO_FOLDER = "none"
"""What a folder option says for no folder at all (``previous = "none"``: no errata sheet; a folder
of that name is ``./none``)."""


class Folder(click.ParamType):
    """A folder that must exist: typed, from the current folder; recorded in a settings file, from
    that file's folder (so a project's ``previous = "../v1.0/templates"`` works wherever it is run).
    ``none`` (or nothing) is no folder."""

    name = "folder"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str | None:
        from pathlib import Path

        label = option_label(param, ctx)
        if not isinstance(value, str):
            raise StudioError(f"{label} must be a folder's path, not {value!r}")
        if value.strip() in ("", NO_FOLDER):
            return None
        path = Path(value).expanduser()
        base = ctx.meta.get(SETTING_FOLDER) if ctx is not None else None
        if base is not None and not path.is_absolute():
            path = Path(base) / path
        if not path.is_dir():
            raise StudioError(f"{label} {value!r}: {'not a folder' if path.exists() else 'no such folder'}"
                              + (f" ({path})" if str(path) != value else ""))  # fmt: skip
        return str(path)


FOLDER = Folder()


class NameList(click.ParamType):
    """Some of a fixed list of names: ``leaflet,sheets`` (or a TOML list), in the list's order.

    ``aliases`` are other names for a choice (a product by the command that builds it alone).
    """

    name = "names"

    def __init__(self, choices: Sequence[str], aliases: Mapping[str, str] | None = None) -> None:
        self.choices = tuple(choices)
        self.aliases = dict(aliases or {})

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, ...]:
        names = value if isinstance(value, (list, tuple)) else str(value).split(",")
        wanted = [str(name).strip().lower() for name in names if str(name).strip()]
        wanted = [self.aliases.get(name, name) for name in wanted]
        for name in wanted:
            if name not in self.choices:
                raise StudioError(
                    f"{option_label(param, ctx)} {name!r} is not one of {', '.join(self.choices)}"
                )
        if not wanted:
            raise StudioError(f"{option_label(param, ctx)} names nothing to build")
        return tuple(name for name in self.choices if name in wanted)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return ",".join(self.choices)


class WholeNumber(click.ParamType):
    """A whole number from ``low`` to ``high`` (``10_000`` and ``10,000`` read as ten thousand)."""

    name = "integer"

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def convert(self, value, param, ctx):
        text = str(value).replace("_", "").replace(",", "").strip()
        if isinstance(value, bool) or not text.lstrip("-").isdigit():
            raise StudioError(f"{option_label(param, ctx)} must be a whole number, not {value!r}")
        number = int(text) if len(text) < 30 else (self.high + 1 if text[0] != "-" else self.low - 1)
        if not self.low <= number <= self.high:
            raise StudioError(
                f"{option_label(param, ctx)} must be from {self.low:,} to {self.high:,}, not {number:,}"
            )
        return number
