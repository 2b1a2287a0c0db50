"""Options shared by several commands, each bad value a one-line error like every other bad input."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import GrawlixError

TEMPLATES_HELP = "Templates folder with rules.toml (default: ./templates or the project's own)."

# Options shared by the commands that write files.
templates_option = click.option(
    "--templates", type=click.Path(path_type=Path), default=None, help=TEMPLATES_HELP
)
out_option = click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder to write into.",
)


def _option_label(param, fallback: str = "value") -> str:
    return f"--{param.name.replace('_', '-')}" if param is not None else fallback


class OneLineChoice(click.Choice):
    """A choice whose bad value is a one-line error (exit status 1), like every other bad input."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            raise GrawlixError(
                f"{_option_label(param)} {value!r} is not one of {', '.join(self.choices)}"
            ) from None


paper_option = click.option(
    "--paper",
    type=OneLineChoice(["a4", "letter"], case_sensitive=False),
    default="a4",
    show_default=True,
    help="Paper size.",
)


class Length(click.ParamType):
    """A length option (``25.4``, ``25.4mm``, ``2.54cm``, ``1in``), converted to millimetres.

    A bad value is a one-line error with exit status 1, like every other bad input.
    """

    name = "length"

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        from ..units import parse_length

        return parse_length(value, _option_label(param, "length"))


LENGTH = Length()
