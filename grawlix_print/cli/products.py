"""One command per product, derived from the product itself (``grawlix_print.products``).

Each installed product's command (``leaflet``, ``sheets``, ``web``,
``images``, ``stl``...) takes ``--out``, ``--game`` and ``--templates``,
``--paper`` if the product is made per paper, and one option per field of
its options dataclass; its help is the product's description. A value the
product refuses is worded with the option's flag, or with its key when it
came from ``grawlix.toml``: the product names fields, never flags.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..errors import one_line
from ..files import Written
from ..games import Game
from ..options import click_options, flag, options_from, settings_of
from ..products import Product, products
from .app import main
from .options import EVERY_PAPER, out_option, paper_option, papers, templates_option
from .settings import current_settings, with_settings

DEFAULT = ParameterSource.DEFAULT


def product_options(made: Product, values: dict[str, Any], typed: Callable[[str], bool] = lambda name: True) -> Any:
    """The product's options from the command's values (those not given keep their defaults); an
    option given under an earlier name is taken, with a note, unless its new name was given too
    (``typed`` tells which values were given rather than defaults)."""
    values = dict(values)
    for name, about in settings_of(made.options).items():
        for old in about.renamed:
            given = values.pop(old, None)
            if given is not None:
                click.echo(f"note: {flag(old)} is now called {flag(name)}", err=True)
                if values.get(name) is None or not typed(name):
                    values[name] = given
    return options_from(made.options, values)


def _renamed_options(made: Product) -> list[click.Option]:
    """Hidden options under each option's earlier names, still accepted (``[stl] tile-size``)."""
    hidden = []
    for option in click_options(made.options):
        about = settings_of(made.options)[option.name or ""]
        for old in about.renamed:
            hidden.append(click.Option([flag(old), old], type=option.type, default=None, hidden=True))
    return hidden


def command_for(made: Product) -> click.Command:
    """The product's command: its options, the settings they may come from, its one-line errors."""

    def run(out: Path, game: Game, paper: str | None = None, **values: Any) -> None:
        from ..kit import build_command, ready

        ctx = click.get_current_context()
        options = product_options(made, values, lambda name: ctx.get_parameter_source(name) not in (DEFAULT, None))
        ready(made, game)  # a game without the product, or a missing extra: one line, nothing written
        foreword = made.foreword(game, options)
        if foreword:
            click.echo(foreword)
        built = papers(paper) if paper else ()
        outcomes = build_command(made, game, out, options, built, _say)
        for outcome in outcomes:
            for entry in outcome.files:
                item = Written(out / entry["path"], entry["kind"], entry["params"])
                line = made.report_line(item)
                click.echo(line if not outcome.reused else line.replace("wrote ", "unchanged: ", 1))
        if made.papers:
            for warning in unfit_warnings(made, game, built):
                click.echo(warning, err=True)

    function = with_settings(run)
    for decorate in (templates_option, *((paper_option,) if made.papers else ()), out_option):
        function = decorate(function)
    command = click.command(made.command_name(), short_help=made.summary, help=made.description)(function)
    command.params[1:1] = click_options(made.options) + _renamed_options(made)  # after --out, in field order
    return command


def unfit_warnings(made: Product, game: Game, built: Sequence[str]) -> list[str]:
    """A warning line for each problem the product would meet on a paper the kit builds that this
    build did not (``all``'s papers, as grawlix.toml records them): a change that breaks only US
    Letter is seen by an A4 build at once."""
    kit = papers(str(current_settings().for_command("all").get("paper", EVERY_PAPER)))
    others = [p for p in kit if p not in built]
    return [f"warning: {one_line(str(p))}; `grawlix-print all` builds this paper too" for p in made.unfit(game, others)]


def _say(note: str) -> None:
    click.echo(f"note: {note}", err=True)


def register(name: str | None = None) -> None:
    """Add the products' commands to ``main``: the command ``name`` alone where the built-in product
    of that name makes it and no plug-in adds products (``sheets`` loads no 3D product and builds
    no other command's options), else every product's."""
    from ..installed import PREFIX, plug_ins_declared
    from ..products import BUILT_IN_PRODUCTS, PRODUCTS

    if name in BUILT_IN_PRODUCTS and not plug_ins_declared(f"{PREFIX}products"):
        made = PRODUCTS.load(name)
        if made.command_name() == name:
            _add(made)
            return
    for made in products():
        _add(made)


def _add(made: Product) -> None:
    if made.command_name() not in main.commands:
        main.add_command(command_for(made))
