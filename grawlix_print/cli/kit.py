"""``grawlix-print all``: the whole kit, or the products and papers chosen."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from ..errors import GrawlixError
from ..games import Game
from ..kit.plan import PRODUCT_NAMES, PRODUCTS
from .app import main
from .options import BOTH, NameList, flags_of, name_options, out_option, paper_choice, papers, templates_option
from .settings import Settings, current_settings, recordable, with_settings

# A product may also be named by the command that builds it alone (``--only stl``).
PRODUCT_ALIASES = {p.command: p.name for p in PRODUCTS if p.command != p.name}


class _KitCommand(click.Command):
    """``all``: an option of a single product (``--tile-size``) is pointed to grawlix.toml, where it goes."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as error:
            keys = product_keys(error.option_name)
            if keys:
                error.message += (
                    f" The products' own options go in grawlix.toml, e.g. {' or '.join(keys)}"
                    " (grawlix-print init writes one listing them all)."
                )
            raise


def product_keys(flag: str) -> list[str]:
    """The settings keys ``all`` passes a product for a flag (``[sheets] tile-size``), with example values."""
    name = flag.split("=", 1)[0].lstrip("-")
    found = []
    for entry in PRODUCTS:
        command = main.commands.get(entry.command)
        options = recordable(command) if command is not None else {}
        option = options.get(name) or options.get(name.removeprefix("no-"))
        if option is not None and option.name in entry.options:
            found.append(f"[{entry.command}] {name.removeprefix('no-')} = ...")
    return found


@main.command("all", cls=_KitCommand, short_help="The whole kit: leaflet, sheets, web edition, 3D tiles, previews.")
@out_option
@templates_option
@click.option(
    "--only",
    type=NameList(PRODUCT_NAMES, PRODUCT_ALIASES),
    default=None,
    show_default="every product the game has",
    help="Build only these products (comma-separated; stl means 3d); the others are left as they are.",
)
@paper_choice(BOTH)
@click.option("--quiet", "-q", is_flag=True, help="No progress display and no summary.")
@with_settings
def whole_kit(out: Path, game: Game, only: tuple[str, ...] | None, paper: str, quiet: bool) -> None:
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
    options = {p.name: settings.for_command(p.command) for p in PRODUCTS if p.name in game.products}
    outcomes: list[Outcome] = []
    bar: Any = None
    held: list[str] = []  # notes that come while the bar is up, said once it is gone

    def say(text: str) -> None:
        click.echo(f"note: {text}", err=True)

    try:
        with ExitStack() as stack:

            def show_bar(total: int) -> None:  # called once the folder is usable: an error before is one line
                nonlocal bar
                if not quiet:
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
    except StepFailed as error:
        raise product_error(error, settings) from None
    if not quiet:
        click.echo(kit_summary(out, outcomes, time.perf_counter() - began))


def product_error(error: GrawlixError, settings: Settings) -> GrawlixError:
    """A product's error as ``all`` puts it: the options it names are settings keys (``[sheets] tile-size``).

    ``all`` has no ``--tile-size``: a product's options come from its table of
    grawlix.toml, so its error names the key, and the file when the value is recorded there.
    """
    entry = next((p for p in PRODUCTS if p.name == getattr(error, "product", "")), None)
    command = main.commands.get(entry.command) if entry is not None else None
    if entry is None or command is None:
        return error
    labels: dict[str, str] = {}
    recorded: list[str] = []
    for key, option in recordable(command).items():
        if option.name not in entry.options:
            continue
        label = settings.label(entry.command, option.name or "")
        flags = flags_of(option, label or f"[{entry.command}] {key}")
        labels.update(flags)
        if label is not None:
            recorded += flags
    return name_options(error, labels, settings.source, recorded)


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
