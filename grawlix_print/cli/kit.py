"""``grawlix-print all``: the whole kit, or the products and papers chosen."""

from __future__ import annotations

from pathlib import Path

import click

from ..games import Game
from ..kit.plan import PAPERS, PRODUCT_NAMES, PRODUCTS
from .app import main
from .options import NameList, out_option, paper_choice, templates_option
from .settings import current_settings, with_settings


@main.command("all", short_help="The whole kit: leaflet, sheets, web edition, 3D tiles, previews.")
@out_option
@templates_option
@click.option(
    "--only",
    type=NameList(PRODUCT_NAMES),
    default=None,
    show_default="every product the game has",
    help="Build only these products (comma-separated); the others are left as they are.",
)
@paper_choice(["both"], "both")
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
    ([sheets], [stl]).
    """
    import time
    from contextlib import ExitStack

    from ..kit import build_all

    began = time.perf_counter()
    settings = current_settings()
    # Every product's options, built or not: the web edition names the sheets it links to.
    options = {p.name: settings.for_command(p.command) for p in PRODUCTS if p.name in game.products}
    outcomes: list = []
    bar = None
    held: list[str] = []  # notes that come while the bar is up, said once it is gone

    def say(text: str) -> None:
        click.echo(f"note: {text}", err=True)

    with ExitStack() as stack:

        def show_bar(total: int) -> None:  # called once the folder is usable: an error before is one line
            nonlocal bar
            if not quiet:
                bar = stack.enter_context(click.progressbar(
                    length=total,
                    label="Building the kit",
                    item_show_func=lambda name: name,
                    file=click.get_text_stream("stderr"),
                ))  # fmt: skip

        def advance(outcome) -> None:
            outcomes.append(outcome)
            if bar is not None:
                bar.update(1, outcome.step)

        def note(text: str) -> None:
            (say if bar is None else held.append)(text)

        stack.callback(lambda: [say(text) for text in held])  # after the bar ends, even on an error
        build_all(out, only=only, papers=PAPERS if paper == "both" else (paper,), options=options, game=game,
                  on_start=show_bar, on_step=advance, on_note=note)  # fmt: skip
    if not quiet:
        click.echo(kit_summary(out, outcomes, time.perf_counter() - began))


def kit_summary(out: Path, outcomes, seconds: float) -> str:
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
