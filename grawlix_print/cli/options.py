"""Options shared by several commands, each bad value a one-line error like every other bad input.

The value types themselves (lengths, choices, whole numbers) live in
``grawlix_print.options``, where the products declare their options too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any, TypeVar

import click

from ..errors import StudioError
from ..facts.wording import join_words
from ..options import (  # noqa: F401  (the value types, for the commands)
    LENGTH,
    LENGTH_OR_ZERO,
    SETTING_KEY,
    Length,
    NameList,
    OneLineChoice,
    WholeNumber,
    option_label,
)
from ..papers import KIT_PAPERS, PAPERS, PRINTER_PAPERS

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
    error: StudioError, labels: Mapping[str, str], source: str, recorded: Collection[str] | None = None
) -> StudioError:
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
    return StudioError(what, source if about_file and source else None)


EVERY_PAPER = "all"
"""The ``--paper`` choice that means the kit's papers, A4 and Letter, one file each (``both`` says the
same: its name when there were two papers); the large papers are asked for by name."""
EVERY_PAPER_ALIASES = ("both",)


class PaperChoice(OneLineChoice):
    """One paper or several, comma-separated or a TOML list (``a4,a3``), or ``all`` (``both`` too): the
    kit's papers. Given back as one string, the papers in the order of ``PRINTER_PAPERS``."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        parts = value if isinstance(value, (list, tuple)) else str(value).split(",")
        chosen: list[str] = []
        for part in parts:
            if isinstance(part, str) and part.strip().lower() in EVERY_PAPER_ALIASES:
                part = EVERY_PAPER
            one = super().convert(part.strip() if isinstance(part, str) else part, param, ctx)
            chosen += KIT_PAPERS if one == EVERY_PAPER else [one]
        if not chosen:
            raise StudioError(f"{option_label(param, ctx)} names no paper")
        if len(parts) == 1 and chosen == list(KIT_PAPERS):
            return EVERY_PAPER
        return ",".join(paper for paper in PRINTER_PAPERS if paper in chosen)


def paper_choice(default: str = "a4") -> Callable[[FC], FC]:
    """A ``--paper`` option: one printer's paper, several, or ``all`` of the kit's."""
    sizes = [f"{PAPERS[k].name} ({PAPERS[k].width:g} x {PAPERS[k].height:g} mm)" for k in PRINTER_PAPERS]
    return click.option(
        "--paper",
        type=PaperChoice([*PRINTER_PAPERS, EVERY_PAPER]),
        default=default,
        show_default=True,
        help=f"Paper size: {join_words(sizes, 'or')}; several comma-separated (a4,a3: a file each), or all"
        " for A4 and Letter (both says the same).",
    )


def papers(choice: str) -> tuple[str, ...]:
    """The papers a ``--paper`` choice means: each one named, or the kit's papers for ``all``."""
    if choice in (EVERY_PAPER, *EVERY_PAPER_ALIASES):
        return KIT_PAPERS
    return tuple(part.strip().lower() for part in choice.split(","))


paper_option = paper_choice()


