"""Options shared by several commands, each bad value a one-line error like every other bad input.

The same types convert a value typed on the command line and one recorded in
``grawlix.toml``, so both are checked alike; a recorded value's errors name
its key (``settings.SETTING_KEY`` in the context) instead of the flag.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from ..errors import GrawlixError
from ..facts.wording import join_words
from ..papers import PAPERS, PRINTER_PAPERS

SETTING_KEY = "grawlix.setting-key"
FC = TypeVar("FC", bound=Callable[..., Any])

# Options shared by the commands that read templates or write files.
_templates = click.option(
    "--templates",
    type=click.Path(path_type=Path),
    default=None,
    help="A game's templates folder (grawlix-print init makes one; its components.toml names "
    "the game) [default: ./templates if it is one, else the game's own].",
)
_game = click.option(
    "--game",
    default=None,
    metavar="NAME",
    help="The game (grawlix-print games lists them) [default: the one --templates or "
    "grawlix.toml names, else grawlix].",
)


def templates_option(command: FC) -> FC:
    """``--game NAME`` and ``--templates DIR``: which game, and whose copy of it."""
    return _game(_templates(command))

out_option = click.option(
    "--out",
    "-o",
    type=click.Path(path_type=Path),  # a file in the way is the builders' one-line error
    default=Path("output"),
    show_default=True,
    help="Folder to write into (each product in its own sub-folder).",
)


def option_label(param: click.Parameter | None, ctx: click.Context | None = None) -> str:
    """How an error names a value: ``--tile-size`` on the command line, the key in a file."""
    if ctx is not None and SETTING_KEY in ctx.meta:
        return str(ctx.meta[SETTING_KEY])
    return f"--{param.name.replace('_', '-')}" if param is not None and param.name else "value"


# A flag as error messages write it: ``--tile-size``, not a part of ``grawlix-print``.
_FLAG = re.compile(r"(?<![\w-])--[a-z0-9]+(?:-[a-z0-9]+)*(?![\w-])")


def flags_of(option: click.Option, label: str) -> dict[str, str]:
    """Each flag of ``option`` with how a settings file says the same: ``--no-backs`` is ``backs = false``."""
    if not option.secondary_opts:
        return {flag: label for flag in option.opts if flag.startswith("--")}
    return {
        **{flag: f"{label} = true" for flag in option.opts if flag.startswith("--")},
        **{flag: f"{label} = false" for flag in option.secondary_opts if flag.startswith("--")},
    }


def name_options(
    error: GrawlixError, labels: Mapping[str, str], source: str, recorded: Collection[str] | None = None
) -> GrawlixError:
    """``error`` with each option it names by its flag named as ``labels`` say (``[sheets] tile-size``).

    The products word their checks with flags (``--sticker-size ... (--tile-size)``),
    whichever option the value came from: this is the one place where a value
    recorded in a settings file gets its key back, checks across two options
    included. An error that names a flag of ``recorded`` (all of ``labels`` when
    None) and no place of its own is about the settings file ``source``. Returns
    ``error`` itself when it names none.
    """
    if error.where is not None or not labels:
        return error
    named: list[str] = []

    def rename(found: re.Match[str]) -> str:
        named.append(found[0])
        return labels.get(found[0], found[0])

    what = _FLAG.sub(rename, error.what)
    if what == error.what:
        return error
    about_file = any(flag in labels and (recorded is None or flag in recorded) for flag in named)
    return GrawlixError(what, source if about_file and source else None)


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
            raise GrawlixError(
                f"{option_label(param, ctx)} {value!r} is not one of {', '.join(self.choices)}"
            ) from None


BOTH = "both"
"""The ``--paper`` choice that means every paper, one file each."""


def paper_choice(default: str = "a4") -> Callable[[FC], FC]:
    """A ``--paper`` option: every printer's paper, or ``both`` of them."""
    sizes = [f"{PAPERS[k].name} ({PAPERS[k].width:g} x {PAPERS[k].height:g} mm)" for k in PRINTER_PAPERS]
    return click.option(
        "--paper",
        type=OneLineChoice([*PRINTER_PAPERS, BOTH]),
        default=default,
        show_default=True,
        help=f"Paper size: {join_words(sizes, 'or')}, or both (a file each).",
    )


def papers(choice: str) -> tuple[str, ...]:
    """The papers a ``--paper`` choice means: itself, or every one for ``both``."""
    return PRINTER_PAPERS if choice == BOTH else (choice,)


paper_option = paper_choice()


class Length(click.ParamType):
    """A length (``25.4``, ``25.4mm``, ``2.54cm``, ``1in``, or a number in a settings file), in mm.

    Zero is refused unless ``allow_zero`` (a bleed of 0 means no bleed). A bad
    value is a one-line error with exit status 1, like every other bad input.
    """

    name = "length"

    def __init__(self, allow_zero: bool = False) -> None:
        self.allow_zero = allow_zero

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        from ..units import parse_length

        return parse_length(value, option_label(param, ctx), self.allow_zero)


LENGTH = Length()
LENGTH_OR_ZERO = Length(allow_zero=True)


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
                raise GrawlixError(
                    f"{option_label(param, ctx)} {name!r} is not one of {', '.join(self.choices)}"
                )
        if not wanted:
            raise GrawlixError(f"{option_label(param, ctx)} names nothing to build")
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
            raise GrawlixError(f"{option_label(param, ctx)} must be a whole number, not {value!r}")
        number = int(text) if len(text) < 30 else (self.high + 1 if text[0] != "-" else self.low - 1)
        if not self.low <= number <= self.high:
            raise GrawlixError(
                f"{option_label(param, ctx)} must be from {self.low:,} to {self.high:,}, not {number:,}"
            )
        return number
