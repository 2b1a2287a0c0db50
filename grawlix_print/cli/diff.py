"""``grawlix-print diff OLD [NEW]``: what changed between two versions of a game, and what it does to play."""

from __future__ import annotations

from pathlib import Path

import click
from click.core import ParameterSource

from ..errors import StudioError, one_line
from ..games import LOCAL_TEMPLATES, Game
from ..games.templates import COMPONENTS_FILE
from ..playtest import MAX_GAMES
from .app import main, report_written
from .options import WholeNumber, out_option
from .settings import apply_settings, beside_templates, load_settings

DEFAULT_GAMES = 10_000  # playtest.DEFAULT_GAMES, without importing the playtest to show --help


@main.command(short_help="What changed between two versions of a game: report and playtest.")
@click.argument("old", required=False, type=click.Path(path_type=Path))
@click.argument("new", required=False, type=click.Path(path_type=Path))
@click.option("--rev", "rev", metavar="OLD..NEW",
              help="Compare one folder (OLD, default ./templates) at two git revisions (v1.0..v1.1), or at one "
                   "revision and as it is now (v1.0.. or v1.0). The work tree is never touched.")  # fmt: skip
@click.option("--games", type=WholeNumber(0, MAX_GAMES), default=DEFAULT_GAMES, show_default=True,
              help="Games of each version to play, with the same seeds and players (0: no playtest).")  # fmt: skip
@click.option("--strategy", default="", show_default=True,
              help="The players' strategy, for every seat (grawlix-print games lists each game's); empty: greedy "
                   "where the game offers it, else random.")  # fmt: skip
@click.option("--players", type=WholeNumber(0, 99), default=0, show_default=True,
              help="Players per game (0: the fewest the game allows).")
@click.option("--seed", type=WholeNumber(0, 2**63 - 1), default=1, show_default=True,
              help="The playtest's seed: both versions play batch k with random.Random('SEED:k').")
@click.option("--workers", type=WholeNumber(0, 4096), default=0, show_default=True,
              help="Worker processes for the playtest (0: one per core).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON instead of the summary.")
@click.option("--quiet", "-q", is_flag=True, help="No summary.")
@out_option
@click.pass_context
def diff(ctx: click.Context, old: Path | None, new: Path | None, rev: str | None, games: int, strategy: str,
         players: int, seed: int, workers: int, as_json: bool, quiet: bool, out: Path) -> None:  # fmt: skip
    """What changed between two versions of a game, and what the change does to play.

    OLD and NEW are two templates folders of one game (NEW: ./templates if
    it is one); with --rev, one folder at two git revisions. The report lists
    the rules values old and new, every sentence of the rulebook said
    differently (with the facts that explain it, or as edited), every fact the
    rulebook states that changed, every diagram whose position or picture
    changed, the pieces added, removed or changed, and the playtest figures of
    both versions with their intervals and whether each difference is
    significant. It writes diff/diff.pdf, diff/diff.html and diff/diff.json
    in the --out folder. A new version whose rules changed must raise the
    version in its rulebook's front matter.
    """
    from ..versions import check_version
    from ..versions.playtest import PlaySettings
    from ..versions.report import json_text, record, text_summary
    from ..versions.run import compared, sides, write_report
    from ..versions.sides import Revisions

    revisions = Revisions.parse(rev) if rev is not None else None
    if revisions is not None:
        if new is not None:
            raise StudioError("--rev compares one folder at two revisions: give one folder, not two")
        folder, before = old or _local("the folder"), None
    else:
        if old is None:
            raise StudioError("give the old version's templates folder (and the new one's, unless it is ./templates), "
                              "or --rev OLD..NEW")  # fmt: skip
        folder, before = new or _local("NEW"), old
    values = _recorded(ctx, folder, {"games": games, "strategy": strategy, "players": players, "seed": seed,
                                     "workers": workers})  # fmt: skip
    if ctx.get_parameter_source("out") == ParameterSource.DEFAULT:
        out = beside_templates(out, folder)
    settings = PlaySettings(values["games"], values["strategy"] or None, values["players"], values["seed"],
                            values["workers"] or None)  # fmt: skip
    with sides(before, folder, revisions) as (older, newer):
        found = compared(older, newer, settings)
        check_version(found.changes)
        written = write_report(out, found)
        warnings = _unfit(newer.game)
    shown = record(found.changes, found.played)
    if as_json:
        click.echo(json_text(shown), nl=False)
    elif not quiet:
        click.echo(text_summary(shown))
        report_written(written)
    for line in warnings:
        click.echo(f"warning: {one_line(line)}", err=True)


def _unfit(game: Game) -> list[str]:
    """What the new version's kit would find too full on each paper (a panel a longer word overfills):
    said as warnings, since the comparison itself holds."""
    from ..papers import PRINTER_PAPERS
    from ..products import offered

    found = [f"the new version's {made.name}: {problem}" for made in offered(game)
             for problem in made.unfit(game, PRINTER_PAPERS)]  # fmt: skip
    return list(dict.fromkeys(found))  # one line a fault: two editions of one panel are one


def _local(what: str) -> Path:
    if (LOCAL_TEMPLATES / COMPONENTS_FILE).is_file():
        return LOCAL_TEMPLATES
    raise StudioError(f"give {what}: ./templates is no templates folder here")


def _recorded(ctx: click.Context, folder: Path, values: dict) -> dict:
    """The playtest's options, with those not typed taken from the new version's ``grawlix.toml``
    (``[diff]`` or its top level); a folder that is no game's is the comparison's own error, later."""
    if not (folder / COMPONENTS_FILE).is_file():
        return values
    return apply_settings(ctx, values, load_settings(folder))
