"""The command only Permutations answers: ``score``, one round's collected cards scored by its scorer.

A plain click command whose callback takes the game as ``game``: the command
line adds ``--game`` and ``--templates`` and the recorded settings, as for
every command (``Game.commands``).
"""

from __future__ import annotations

from json import dumps
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from . import Permutations


@click.command(short_help="Score a round from a file of each seat's collected cards.")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--json", is_flag=True, help="One JSON object: seat -> points and breakdown.")
def score(game: Permutations, file: Path, json: bool) -> None:
    """Score one round: FILE names each seat and the cards it collected.

    FILE is TOML, one line per seat (Ana = [3, 12, 24]); a [suns] table of
    each seat's suns in the earlier rounds makes it the last round, so the
    end-of-game penalty applies. Prints each seat's points and how they add
    up, or (--json) one JSON object. The scoring numbers come from rules.toml
    in the templates folder.
    """
    from .score_file import read_score_file, report, score_sheet
    from .scoring import record

    sheet = score_sheet(read_score_file(file, game.deck), game.deck, game.rules)
    click.echo(dumps(record(sheet), ensure_ascii=False) if json else report(sheet, game.deck, game.rules).rstrip("\n"))
