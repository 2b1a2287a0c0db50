"""``grawlix-print all``: the whole kit, or the products and papers chosen."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from ..errors import StudioError, Problems
from ..games import Game
from ..options import FOLDER, NO_FOLDER, OptionError, flag, settings_of
from ..products import Product, failed_products, product_names, products
from .app import main, warn_about_colours
from .options import EVERY_PAPER, NameList, flags_of, name_options, out_option, paper_choice, papers, templates_option
from .settings import Settings, current_settings, recordable, with_settings, worded

# A product may also be named by the command that builds it alone (``--only stl``).
PRODUCT_ALIASES = {p.command_name(): p.name for p in products() if p.command_name() != p.name}


class _KitCommand(click.Command):
    """``all``: an option of a single product (``--tile-size``) is pointed to grawlix.toml, where it goes."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as error:
            keys = product_keys(error.option_name)
            if not keys:
                raise
            # A new error, not an edited one: click 8.4 made an exception's message final.
            raise click.NoSuchOption(
                error.option_name,
                f"{error.message} The products' own options go in grawlix.toml, e.g. {' or '.join(keys)}"
                " (grawlix-print init writes one listing them all).",
                error.possibilities,
                error.ctx,
            ) from None


def product_keys(given: str) -> list[str]:
    """The settings keys ``all`` passes a product for a flag (``[sheets] tile-size``), with example values;
    an option's earlier name gives its key today."""
    name = given.split("=", 1)[0].lstrip("-").removeprefix("no-").replace("-", "_")
    found = []
    for made in products():
        for field, about in settings_of(made.options).items():
            if name == field or name in about.renamed:
                found.append(f"[{made.command_name()}] {field.replace('_', '-')} = ...")
    return found


@main.command("all", cls=_KitCommand, short_help="The whole kit: every product of the game, with previews.")
@out_option
@templates_option
@click.option(
    "--only",
    type=NameList((*product_names(), *failed_products()), PRODUCT_ALIASES),  # a failing one: its own line
    default=None,
    show_default="every product the game has",
    help="Build only these products (comma-separated; stl means 3d); the others are left as they are.",
)
@paper_choice(EVERY_PAPER)
@click.option("--previous", type=FOLDER, default=None, metavar="FOLDER", show_default=NO_FOLDER,
              help="The previous version's templates folder: the kit adds an errata sheet of what changed since, "
                   "and refuses these templates if their rules changed but their version did not (none: no "
                   "errata sheet).")  # fmt: skip
@click.option("--quiet", "-q", is_flag=True, help="No progress display and no summary.")
@with_settings
def whole_kit(out: Path, game: Game, only: tuple[str, ...] | None, paper: str, previous: str | None, quiet: bool) -> None:
    """Everything to print, each product in its own sub-folder, with previews.

    In the --out folder, leaflet/, sheets/, web/ and 3d/ hold the products,
    previews/ a PNG of every page and plate, and manifest.json every file with
    its options and sha256. Steps whose inputs, options and code are unchanged
    since the last build are re-used; products not chosen with --only are left
    as they are. New files replace the old ones only once every step has
    succeeded. The sheets and 3D tiles take their options from grawlix.toml
    ([sheets], [stl]). Without CadQuery installed, the 3D tiles are skipped
    with a note (pip install "grawlix-print[3d]" adds it).
    """
    import time
    from contextlib import ExitStack

    from ..kit import build_all
    from ..kit.build import Outcome, StepFailed

    began = time.perf_counter()
    settings = current_settings()
    # Every product's options, built or not: the web edition names the sheets it links to.
    options = {p.name: _options(p, settings) for p in products() if p.offers(game)}
    if previous is not None and "errata" in options:  # all --previous: the errata sheet's own option
        options["errata"] = dataclasses.replace(options["errata"], previous=previous)
    outcomes: list[Outcome] = []
    bar: Any = None
    held: list[str] = []  # notes that come while the bar is up, said once it is gone

    def say(text: str) -> None:
        click.echo(f"note: {text}", err=True)

    try:
        with ExitStack() as stack:

            def show_bar(total: int) -> None:  # called once the folder is usable: an error before is one line
                nonlocal bar
                if not quiet and on_terminal(sys.stderr):  # a log or a pipe gets errors and the summary alone
                    bar = stack.enter_context(click.progressbar(
                        length=total,
                        label="Building the kit",
                        item_show_func=lambda name: name,
                        file=sys.stderr,
                    ))  # fmt: skip

            def advance(outcome: Outcome) -> None:
                outcomes.append(outcome)
                if bar is not None:
                    bar.update(1, outcome.step)

            def note(text: str) -> None:
                if bar is None:
                    say(text)
                else:
                    held.append(text)

            def say_held() -> None:  # after the bar ends, even on an error
                for text in held:
                    say(text)

            stack.callback(say_held)
            build_all(out, only=only, papers=papers(paper), options=options, game=game,
                      on_start=show_bar, on_step=advance, on_note=note)  # fmt: skip
    except (StepFailed, OptionError) as error:
        raise product_error(error, settings) from None
    except Problems as several:
        raise Problems(product_error(p, settings) for p in several.problems) from None
    warn_about_colours(game)  # once the kit is built: a broken game is one error line, not two
    if not quiet:
        click.echo(kit_summary(out, outcomes, time.perf_counter() - began))


def on_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal, where a progress bar is drawn (and redrawn in place)."""
    return bool(stream.isatty())


def _options(made: Product, settings: Settings) -> Any:
    """A product's options as recorded in its table of grawlix.toml; a value it refuses names the key."""
    from .products import product_options

    try:
        return product_options(made, settings.for_command(made.command_name()))
    except OptionError as error:
        raise worded(error, _keys(made, settings), settings.source) from None


def _keys(made: Product, settings: Settings) -> dict[str, str]:
    """How ``all`` names each option of a product: the key it was recorded under, or the key it would
    have (``all`` has no ``--tile-size``: a product's options come from its table of grawlix.toml)."""
    table = made.command_name()
    return {
        name: settings.label(table, name) or f"[{table}] {name.replace('_', '-')}" for name in settings_of(made.options)
    }


def product_error(error: StudioError, settings: Settings) -> StudioError:
    """A product's error as ``all`` puts it: the options it names are settings keys (``[sheets] tile-size``)."""
    made = next((p for p in products() if p.name == getattr(error, "product", "")), None)
    if made is None:
        return error
    keys = _keys(made, settings)
    if isinstance(error, OptionError):
        recorded = {name: key for name, key in keys.items() if settings.label(made.command_name(), name)}
        blamed = any(name in recorded for name in error.about)  # as for a single command (settings.worded)
        return error.worded(lambda name: keys.get(name, flag(name)), settings.source if blamed else None)
    # An error worded with flags (not yet with its fields): the same keys, by the flags.
    command = main.every_command().get(made.command_name())
    labels: dict[str, str] = {}
    recorded_flags: list[str] = []
    for key, option in (recordable(command) if command is not None else {}).items():
        if option.name not in keys:
            continue
        flags = flags_of(option, keys[option.name])
        labels.update(flags)
        if settings.label(made.command_name(), option.name or "") is not None:
            recorded_flags += flags
    return name_options(error, labels, settings.source, recorded_flags)


def kit_summary(out: Path, outcomes: Sequence[Any], seconds: float) -> str:
    """What was written where: files per folder, and how many steps were re-used."""
    reused = sum(o.reused for o in outcomes)
    suffixes: dict[str, list[str]] = {}
    for entry in (f for o in outcomes for f in o.files):
        path = Path(entry["path"])
        suffixes.setdefault(path.parts[0], []).append(path.suffix.lstrip("."))
    lines = [
        f"{sum(map(len, suffixes.values()))} files in {out}/ from {len(outcomes)} steps "
        f"({len(outcomes) - reused} built, {reused} unchanged) in {seconds:.1f} s:"
    ]
    roots = sorted(name for name in suffixes if "." in name)  # files at the top: the kit's index
    for folder, found in sorted(suffixes.items()):
        if folder not in roots:
            lines.append(f"  {folder + '/':<10} {len(found):>3} ({', '.join(sorted(set(found)))})")
    for name in roots:
        lines.append(f"  {name} says what each file is and how to print it")
    lines.append("  manifest.json lists every file with its kind, options and sha256")
    return "\n".join(lines)
