"""Options shared by several commands, each bad value a one-line error like every other bad input.

The same types convert a value typed on the command line and one recorded in
``grawlix.toml``, so both are checked alike; a recorded value's errors name
its key (``settings.SETTING_KEY`` in the context) instead of the flag.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from ..errors import GrawlixError
from ..facts.wording import join_words
from ..papers import PAPERS, PRINTER_PAPERS

SETTING_KEY = "grawlix.setting-key"

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


def templates_option(command):
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
        return ctx.meta[SETTING_KEY]
    return f"--{param.name.replace('_', '-')}" if param is not None else "value"


class OneLineChoice(click.Choice):
    """One of ``choices``, in any case (``LETTERS`` is ``letters``), given back as the choice itself.

    A bad value is a one-line error (exit status 1), like every other bad input.
    """

    def __init__(self, choices: Sequence[str], case_sensitive: bool = False) -> None:
        super().__init__(list(choices), case_sensitive)

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            raise GrawlixError(
                f"{option_label(param, ctx)} {value!r} is not one of {', '.join(self.choices)}"
            ) from None


def paper_choice(extra: Sequence[str] = (), default: str = "a4"):
    """A ``--paper`` option: every paper, and the ``extra`` choices (``all`` adds ``both``)."""
    sizes = [f"{PAPERS[k].name} ({PAPERS[k].width:g} x {PAPERS[k].height:g} mm)" for k in PRINTER_PAPERS]
    return click.option(
        "--paper",
        type=OneLineChoice([*PRINTER_PAPERS, *extra]),
        default=default,
        show_default=True,
        help=f"Paper size: {join_words(sizes, 'or')}.",
    )


paper_option = paper_choice()


class Length(click.ParamType):
    """A length (``25.4``, ``25.4mm``, ``2.54cm``, ``1in``, or a number in a settings file), in mm.

    Zero is refused unless ``allow_zero`` (a bleed of 0 means no bleed). A bad
    value is a one-line error with exit status 1, like every other bad input.
    """

    name = "length"

    def __init__(self, allow_zero: bool = False) -> None:
        self.allow_zero = allow_zero

    def convert(self, value, param, ctx):
        from ..units import parse_length

        return parse_length(value, option_label(param, ctx), self.allow_zero)


LENGTH = Length()
LENGTH_OR_ZERO = Length(allow_zero=True)


class NameList(click.ParamType):
    """Some of a fixed list of names: ``leaflet,sheets`` (or a TOML list), in the list's order."""

    name = "names"

    def __init__(self, choices: Sequence[str]) -> None:
        self.choices = tuple(choices)

    def convert(self, value, param, ctx):
        names = value if isinstance(value, list) else str(value).split(",")
        wanted = [str(name).strip().lower() for name in names if str(name).strip()]
        for name in wanted:
            if name not in self.choices:
                raise GrawlixError(
                    f"{option_label(param, ctx)} {name!r} is not one of {', '.join(self.choices)}"
                )
        if not wanted:
            raise GrawlixError(f"{option_label(param, ctx)} names nothing to build")
        return tuple(name for name in self.choices if name in wanted)

    def get_metavar(self, param, ctx=None) -> str:
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
