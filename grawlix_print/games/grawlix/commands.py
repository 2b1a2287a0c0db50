"""The commands only Grawlix answers: ``check`` (positions against the rules) and ``facts`` (the proof).

Plain click commands whose callbacks take the game as ``game``: the command
line adds ``--game`` and ``--templates`` and the recorded settings, as for
every command (``Game.commands``).
"""

from __future__ import annotations

from json import dumps
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ...errors import StudioError, Problems, one_line

if TYPE_CHECKING:
    from . import Grawlix


@click.command(short_help="Check positions against the rules; show legal locations.")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--json", is_flag=True, help="One JSON object per file, one per line.")
def check(game: Grawlix, files: tuple[Path, ...], json: bool) -> None:
    """Check position files (FILES, or every one in the templates folder) against the rules.

    Prints what the engine sees in each: its tiles, its legal locations, and
    what each marker allows, as a text picture or (--json) one JSON object per
    file. The rules come from rules.toml in the templates folder. Every problem
    of every file is one line on stderr (each tile that breaks a rule), then
    one line saying how many.
    """
    from .positions import load_position
    from .report import position_record, position_text
    from .templates import POSITIONS_DIR

    failed: list[StudioError] = []
    for file in files or sorted((game.templates / POSITIONS_DIR).glob("*.toml")):
        try:
            position = load_position(file, game.rules)
        except StudioError as error:
            failed.append(error)
            continue
        if json:
            click.echo(dumps(position_record(position, str(file)), ensure_ascii=False))
        else:
            click.echo(position_text(position, str(file)) + "\n")
    if failed:  # every problem of every file, each its own line, then how many
        for line in Problems(failed).lines():
            click.echo(f"error: {one_line(line)}", err=True)
        raise SystemExit(1)


@click.command(short_help="What the engine proves: the largest legal grid.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object with every figure.")
def facts(game: Grawlix, as_json: bool) -> None:
    """What the game's engine proves, for the game's own components.

    How many tiles the largest legal grid holds. A full grid is a pair of
    orthogonal Latin squares (Euler's officers problem): small orders are
    searched square by square, orders 7 and 8 constructed, larger ones stated
    from theory. The answer is cached; --json prints max_tiles,
    full_grid_possible, squares_searched, seconds and the rest.
    """
    from .report import proof_text

    proof = game.proof()
    click.echo(dumps(proof.record(), ensure_ascii=False, sort_keys=True) if as_json else proof_text(proof, game.tiles))
